import type { McpServer, RegisteredTool } from "@modelcontextprotocol/server";
import type { LackpyService, TraceDetail } from "@lackpy/service";
import * as z from "zod";
import {
  DRY_RUN_INPUT,
  KIT_INPUT,
  limitsInput,
  MAX_OUTPUT_CHARS_INPUT,
  PARAMS_INPUT,
  PROGRAM_INPUT,
  RULES_INPUT,
  sharedInput,
  TRACE_INPUT,
} from "./input-schemas.js";
import {
  renderGeneration,
  renderRun,
  renderValidation,
  type RenderableRun,
} from "./render-result.js";
import { withGenerationHint } from "./generation-hint.js";
import { guarded, jsonResult, renderedResult, type ToolResult } from "./tool-result.js";
import type { RunOwnership } from "./run-ownership.js";
import {
  progressNotifier,
  type ProgressContext,
  type ProgressNotifier,
} from "./progress-notifier.js";

/** The hint for a tool of another kit: the caller passes the tool's `kit` argument. */
export const KIT_HINT = 'call again with the argument "kit": "{kit}"';

/** How results are sized when a call does not say. */
export interface ResultDefaults {
  trace: TraceDetail;
  maxOutputChars: number;
  /** Who made which run, on a server many callers share (HTTP with tokens). */
  ownership?: RunOwnership;
}

/** Fields a lean result always keeps, even empty: the answer and the trace. */
const ALWAYS_KEPT = new Set(["success", "output", "trace"]);

/**
 * A run or delegate result as an agent reads it, the answer first and nothing empty: no field
 * that is null, false, "" or [] (a dry run keeps its `changes`), no empty `stats.truncated`, and
 * unless the trace is full no `filesRead` (the text counts them).
 */
export function leanResult(
  result: Readonly<Record<string, unknown>>,
  trace: TraceDetail,
): Record<string, unknown> {
  const lean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(result)) {
    if (key === "filesRead" && trace !== "full") continue;
    const empty =
      value === null ||
      value === false ||
      value === "" ||
      (Array.isArray(value) && value.length === 0);
    if (empty && !ALWAYS_KEPT.has(key) && !(key === "changes" && result.dryRun === true)) continue;
    if (key === "stats" && typeof value === "object" && value !== null) {
      const { truncated, ...stats } = value as { truncated?: unknown[] };
      lean.stats = truncated && truncated.length > 0 ? value : stats;
    } else lean[key] = value;
  }
  return lean;
}

/**
 * A run or delegate result: the text rendering, and the lean result as structured content, so
 * that neither carries much more than the other.
 */
function runResult(result: RenderableRun, trace: TraceDetail): ToolResult {
  return renderedResult(
    leanResult(result as unknown as Record<string, unknown>, trace),
    renderRun(result),
    !result.success,
  );
}

/** The registered tools whose descriptions show the default kit. */
export interface ProgramTools {
  runProgram: RegisteredTool;
  delegate: RegisteredTool;
}

/**
 * Registers the tools that write, check and run programs: delegate, generate, run_program,
 * validate, create. `run_program` and `delegate` start with a short description; `followDefaultKit`
 * replaces it with the default kit's tools and the language.
 */
export function registerProgramTools(
  server: McpServer,
  service: LackpyService,
  defaults: ResultDefaults,
): ProgramTools {
  const config = service.config();
  const limits = limitsInput({ defaults: config.run.limits, maxima: config.run.maxima });
  const shape = (args: { trace?: TraceDetail; maxOutputChars?: number }) => ({
    trace: args.trace ?? defaults.trace,
    maxOutputChars: args.maxOutputChars ?? defaults.maxOutputChars,
  });
  /** The options every run a call makes takes from the call: its signal, progress when the client asked, the output shape, and the caller. */
  const callOptions = (
    sized: ReturnType<typeof shape>,
    signal: AbortSignal,
    progress: ProgressNotifier,
  ) => ({
    signal,
    ...(progress.onProgress ? { onProgress: progress.onProgress } : {}),
    ...sized,
    ...defaults.ownership?.caller(),
  });
  /** Runs `call` with the call's options; its progress notifications stop when it ends. */
  const withCallOptions = async <T>(
    sized: ReturnType<typeof shape>,
    context: ProgressContext & { mcpReq: { signal: AbortSignal } },
    call: (options: ReturnType<typeof callOptions>) => Promise<T>,
  ): Promise<T> => {
    const progress = progressNotifier(context);
    try {
      return await call(callOptions(sized, context.mcpReq.signal, progress));
    } finally {
      progress.stop();
    }
  };

  const delegate = server.registerTool(
    "delegate",
    {
      description:
        "Delegate a task over the workspace to lackpy instead of making many tool calls yourself: give an intent in words; lackpy writes a short program (from a saved template, a rule, or a model), validates it, runs it with limits, and returns the output, the program, and a summary of its tool calls. Use it for multi-step file work (find, read, count, filter, summarise, edit).",
      inputSchema: sharedInput("delegate", () =>
        z.strictObject({
          intent: z.string().describe("What you want, in words."),
          kit: KIT_INPUT,
          params: PARAMS_INPUT,
          rules: RULES_INPUT,
          dryRun: DRY_RUN_INPUT,
          trace: TRACE_INPUT,
          maxOutputChars: MAX_OUTPUT_CHARS_INPUT,
        }),
      ),
    },
    async (args, context) =>
      guarded(async () => {
        const sized = shape(args);
        const result = await withCallOptions(sized, context, (options) =>
          service.delegate(args.intent, {
            kit: args.kit,
            params: args.params,
            rules: args.rules,
            dryRun: args.dryRun,
            ...options,
          }),
        );
        return runResult(withGenerationHint(result), sized.trace);
      }),
  );

  server.registerTool(
    "generate",
    {
      description:
        "Generate a lackpy program for an intent without running it. Returns the program, the tier that answered, and any corrections.",
      inputSchema: sharedInput("generate", () =>
        z.strictObject({
          intent: z.string(),
          kit: KIT_INPUT,
          params: PARAMS_INPUT,
          rules: RULES_INPUT,
        }),
      ),
    },
    async (args) =>
      guarded(async () => {
        const result = await service.generate(args.intent, {
          kit: args.kit,
          params: args.params,
          rules: args.rules,
        });
        const hinted = withGenerationHint(result);
        return renderedResult(hinted, renderGeneration(hinted), !hinted.success);
      }),
  );

  const runProgram = server.registerTool(
    "run_program",
    {
      description:
        "Validate and run a lackpy program you wrote: one short program instead of many tool calls. Call language_spec first if you do not know the language. Returns the output, stdout, a summary of the tool calls, and a structured error on failure. Its file writes land only if it succeeds (`changes`, and a `runId` for undo); with dryRun: true nothing is written and you get the diffs and a changeId for apply_changes.",
      inputSchema: sharedInput(
        "run_program",
        () =>
          z.strictObject({
            program: PROGRAM_INPUT,
            kit: KIT_INPUT,
            params: PARAMS_INPUT,
            rules: RULES_INPUT,
            limits,
            dryRun: DRY_RUN_INPUT,
            trace: TRACE_INPUT,
            maxOutputChars: MAX_OUTPUT_CHARS_INPUT,
          }),
        limits,
      ),
    },
    async (args, context) =>
      guarded(async () => {
        const sized = shape(args);
        const result = await withCallOptions(sized, context, (options) =>
          service.runProgram(args.program, {
            kit: args.kit,
            params: args.params,
            rules: args.rules,
            kitHint: KIT_HINT,
            limits: args.limits,
            dryRun: args.dryRun,
            ...options,
          }),
        );
        return runResult(withGenerationHint(result), sized.trace);
      }),
  );

  server.registerTool(
    "validate",
    {
      description:
        "Check a lackpy program statically without running it: every error with line, column, code and a hint.",
      inputSchema: sharedInput("validate", () =>
        z.strictObject({
          program: PROGRAM_INPUT,
          kit: KIT_INPUT,
          params: PARAMS_INPUT,
          rules: RULES_INPUT,
        }),
      ),
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
      inputSchema: sharedInput("create", () =>
        z.strictObject({
          program: PROGRAM_INPUT,
          name: z.string(),
          pattern: z.string().optional(),
          kit: KIT_INPUT,
          force: z.boolean().optional(),
        }),
      ),
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
  return { runProgram, delegate };
}
