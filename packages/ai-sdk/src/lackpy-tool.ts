import { tool, type Tool } from "ai";
import { z } from "zod";
import {
  INPUT_DESCRIPTIONS,
  prepareLackpy,
  type LackpyToolMode,
  type LackpyToolOptions,
  type LackpyToolResult,
} from "@lackpy/service/agent";

/** The tool's input: a program in `program` mode, an intent in `delegate` mode. */
export type LackpyToolInput<Mode extends LackpyToolMode = "program"> = Mode extends "delegate"
  ? { intent: string }
  : { program: string };

const PROGRAM_INPUT = z.object({ program: z.string().describe(INPUT_DESCRIPTIONS.program) });
const INTENT_INPUT = z.object({ intent: z.string().describe(INPUT_DESCRIPTIONS.intent) });

/**
 * An AI SDK tool that runs lackpy: in `program` mode the model writes a program and gets its
 * result or its validation errors with hints back; in `delegate` mode it gives an intent that
 * lackpy's tiers turn into a program. Results are summarised for the model's context.
 */
export async function lackpyTool<Mode extends LackpyToolMode = "program">(
  options: LackpyToolOptions & { mode?: Mode },
): Promise<Tool<LackpyToolInput<Mode>, LackpyToolResult>> {
  const lackpy = await prepareLackpy(options);
  const definition =
    lackpy.mode === "delegate"
      ? tool({
          description: lackpy.description,
          inputSchema: INTENT_INPUT,
          execute: ({ intent }, { abortSignal }) => lackpy.execute(intent, { signal: abortSignal }),
        })
      : tool({
          description: lackpy.description,
          inputSchema: PROGRAM_INPUT,
          execute: ({ program }, { abortSignal }) =>
            lackpy.execute(program, { signal: abortSignal }),
        });
  // The mode chose the schema; the conditional input type restates that choice for callers.
  return definition as unknown as Tool<LackpyToolInput<Mode>, LackpyToolResult>;
}
