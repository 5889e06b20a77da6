import { tool, type DynamicStructuredTool } from "@langchain/core/tools";
import * as z from "zod";
import { INPUT_DESCRIPTIONS, prepareLackpy, type LackpyToolOptions } from "@lackpy/service/agent";

/** The name the tool has when the options give none. */
export const DEFAULT_TOOL_NAME = "lackpy";

const PROGRAM_INPUT = z.object({ program: z.string().describe(INPUT_DESCRIPTIONS.program) });
const INTENT_INPUT = z.object({ intent: z.string().describe(INPUT_DESCRIPTIONS.intent) });

/**
 * A LangChain structured tool that runs lackpy: in `program` mode the model writes a program and
 * gets its result or its validation errors with hints back; in `delegate` mode it gives an
 * intent that lackpy's tiers turn into a program. The result object is summarised for the
 * model's context; in an agent loop it reaches the model as the ToolMessage's JSON content.
 */
export async function lackpyTool(
  options: LackpyToolOptions & { name?: string },
): Promise<DynamicStructuredTool> {
  const lackpy = await prepareLackpy(options);
  const fields = { name: options.name ?? DEFAULT_TOOL_NAME, description: lackpy.description };
  if (lackpy.mode === "delegate")
    return tool(({ intent }, config) => lackpy.execute(intent, { signal: config?.signal }), {
      ...fields,
      schema: INTENT_INPUT,
    });
  return tool(({ program }, config) => lackpy.execute(program, { signal: config?.signal }), {
    ...fields,
    schema: PROGRAM_INPUT,
  });
}
