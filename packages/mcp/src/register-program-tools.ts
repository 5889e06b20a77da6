import type { McpServer } from "@modelcontextprotocol/server";
import type { LackpyService, TraceDetail } from "@lackpy/service";
import * as z from "zod";
import {
  DRY_RUN_INPUT,
  KIT_INPUT,
  LIMITS_INPUT,
  MAX_OUTPUT_CHARS_INPUT,
  PARAMS_INPUT,
  PROGRAM_INPUT,
  RULES_INPUT,
  TRACE_INPUT,
} from "./input-schemas.js";
import { renderGeneration, renderRun, renderValidation } from "./render-result.js";
import { guarded, jsonResult, renderedResult } from "./tool-result.js";

/** The hint for a tool of another kit: the caller passes the tool's `kit` argument. */
export const KIT_HINT = 'call again with the argument "kit": "{kit}"';

/** How results are sized when a call does not say. */
export interface ResultDefaults {
  trace: TraceDetail;
  maxOutputChars: number;
}

/** Registers the tools that write, check and run programs: delegate, generate, run_program, validate, create. */
export function registerProgramTools(
  server: McpServer,
  service: LackpyService,
  defaults: ResultDefaults,
): void {
  const shape = (args: { trace?: TraceDetail; maxOutputChars?: number }) => ({
    trace: args.trace ?? defaults.trace,
    maxOutputChars: args.maxOutputChars ?? defaults.maxOutputChars,
  });

  server.registerTool(
    "delegate",
    {
      description:
        "Delegate a task over the workspace to lackpy instead of making many tool calls yourself: give an intent in words; lackpy writes a short program (from a saved template, a rule, or a model), validates it, runs it with limits, and returns the output, the program, and a summary of its tool calls. Use it for multi-step file work (find, read, count, filter, summarise, edit).",
      inputSchema: z.strictObject({
        intent: z.string().describe("What you want, in words."),
        kit: KIT_INPUT,
        params: PARAMS_INPUT,
        rules: RULES_INPUT,
        dryRun: DRY_RUN_INPUT,
        trace: TRACE_INPUT,
        maxOutputChars: MAX_OUTPUT_CHARS_INPUT,
      }),
    },
    async (args, context) =>
      guarded(async () => {
        const result = await service.delegate(args.intent, {
          kit: args.kit,
          params: args.params,
          rules: args.rules,
          dryRun: args.dryRun,
          signal: context.mcpReq.signal,
          ...shape(args),
        });
        return renderedResult(result, renderRun(result), !result.success);
      }),
  );

  server.registerTool(
    "generate",
    {
      description:
        "Generate a lackpy program for an intent without running it. Returns the program, the tier that answered, and any corrections.",
      inputSchema: z.strictObject({
        intent: z.string(),
        kit: KIT_INPUT,
        params: PARAMS_INPUT,
        rules: RULES_INPUT,
      }),
    },
    async (args) =>
      guarded(async () => {
        const result = await service.generate(args.intent, {
          kit: args.kit,
          params: args.params,
          rules: args.rules,
        });
        return renderedResult(result, renderGeneration(result), !result.success);
      }),
  );

  server.registerTool(
    "run_program",
    {
      description:
        "Validate and run a lackpy program you wrote: one short program instead of many tool calls. Call language_spec (or use the lackpy prompt) first if you do not know the language. Returns the output, stdout, a summary of the tool calls, and a structured error on failure. Its file writes land only if it succeeds (`changes`, and a `runId` for undo); with dryRun: true nothing is written and you get the diffs and a changeId for apply_changes.",
      inputSchema: z.strictObject({
        program: PROGRAM_INPUT,
        kit: KIT_INPUT,
        params: PARAMS_INPUT,
        rules: RULES_INPUT,
        limits: LIMITS_INPUT,
        dryRun: DRY_RUN_INPUT,
        trace: TRACE_INPUT,
        maxOutputChars: MAX_OUTPUT_CHARS_INPUT,
      }),
    },
    async (args, context) =>
      guarded(async () => {
        const result = await service.runProgram(args.program, {
          kit: args.kit,
          params: args.params,
          rules: args.rules,
          kitHint: KIT_HINT,
          limits: args.limits,
          dryRun: args.dryRun,
          signal: context.mcpReq.signal,
          ...shape(args),
        });
        return renderedResult(result, renderRun(result), !result.success);
      }),
  );

  server.registerTool(
    "validate",
    {
      description:
        "Check a lackpy program statically without running it: every error with line, column, code and a hint.",
      inputSchema: z.strictObject({
        program: PROGRAM_INPUT,
        kit: KIT_INPUT,
        params: PARAMS_INPUT,
        rules: RULES_INPUT,
      }),
    },
    async (args) =>
      guarded(async () => {
        const result = await service.validate(args.program, {
          kit: args.kit,
          params: args.params,
          rules: args.rules,
          kitHint: KIT_HINT,
        });
        return renderedResult(result, renderValidation(result), !result.valid);
      }),
  );

  server.registerTool(
    "create",
    {
      description:
        "Save a working program as a template so later intents matching its pattern are answered with no model call. Pattern placeholders {name} become string parameters.",
      inputSchema: z.strictObject({
        program: PROGRAM_INPUT,
        name: z.string(),
        pattern: z.string().optional(),
        kit: KIT_INPUT,
        force: z.boolean().optional(),
      }),
    },
    async (args) =>
      guarded(async () =>
        jsonResult(
          await service.create(args.program, {
            name: args.name,
            pattern: args.pattern,
            kit: args.kit,
            force: args.force,
          }),
        ),
      ),
  );
}
