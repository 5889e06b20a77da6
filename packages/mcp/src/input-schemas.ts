import type { LimitDefaults } from "@lackpy/lang";
import * as z from "zod";

/** The kit argument every program tool takes. */
export const KIT_INPUT = z
  .union([z.string(), z.array(z.string()), z.record(z.string(), z.string())])
  .optional()
  .describe(
    "Kit: a kit name (readonly, files, or a workspace kit), 'none', a path to a .kit file, a list of tool names, or an {alias: tool} map. Default: the workspace's default kit, which this tool's description names.",
  );

/** The params argument: values the program reads as read-only variables. */
export const PARAMS_INPUT = z
  .record(z.string(), z.unknown())
  .optional()
  .describe(
    "Parameters the program reads as read-only variables: {name: value} or {name: {value, type, description, secret}}.",
  );

/** Extra validation rules by name. */
export const RULES_INPUT = z
  .array(z.string())
  .optional()
  .describe("Extra validation rules by name, e.g. ['max_calls:5', 'no_loops'].");

/** A lackpy program's source. */
export const PROGRAM_INPUT = z
  .string()
  .describe(
    "A lackpy program: short JavaScript that calls kit tools by bare name and ends with an expression.",
  );

/** How much of the run's trace to return. */
export const TRACE_INPUT = z
  .enum(["none", "summary", "full"])
  .optional()
  .describe(
    "Trace detail: 'summary' (default: each tool once, with its call count and total time), 'none', or 'full' (every call's arguments and result, e.g. whole files).",
  );

/** The cap on output and stdout. */
export const MAX_OUTPUT_CHARS_INPUT = z
  .number()
  .int()
  .positive()
  .optional()
  .describe(
    "Output and stdout longer than this many characters are cut, with a marker and the full size.",
  );

/** What each run limit means, for the `limits` input. */
const LIMIT_MEANINGS: Readonly<Record<keyof LimitDefaults, string>> = Object.freeze({
  timeoutMs: "The run's whole deadline in ms, from its start, every tool call included",
  maxSteps: "Interpreter steps the program may take",
  toolTimeoutMs: "Time limit of one tool call in ms (the run's deadline still applies)",
  maxToolCalls: "Tool calls the program may make",
  maxSize: "Longest string, array, set or map the program may build (characters or items)",
  maxOutputBytes: "Bytes of output and of stdout kept (more is cut with a marker)",
  memoryMb: "Heap of an isolated run in MB",
});

/** The limits a run takes, in the order `limits` lists them. */
export const LIMIT_NAMES = Object.freeze(
  Object.keys(LIMIT_MEANINGS),
) as readonly (keyof LimitDefaults)[];

/**
 * Run limits a call may ask for: every limit described with the workspace's default and the
 * server's maximum (a higher value is lowered to it, and the result says so in
 * `limitsLowered`); an unknown key is refused, naming the limits that exist.
 */
export function limitsInput(settings: { defaults: LimitDefaults; maxima: LimitDefaults }) {
  // A served MCP server is made per request: the schema is made once per settings, not each time.
  const key = JSON.stringify([settings.defaults, settings.maxima]);
  if (lastLimits?.key !== key) lastLimits = { key, schema: makeLimitsInput(settings) };
  return lastLimits.schema;
}

let lastLimits: { key: string; schema: ReturnType<typeof makeLimitsInput> } | null = null;

function makeLimitsInput(settings: { defaults: LimitDefaults; maxima: LimitDefaults }) {
  const shape = Object.fromEntries(
    LIMIT_NAMES.map((name) => [
      name,
      z
        .number()
        .int()
        .positive()
        .optional()
        .describe(
          `${LIMIT_MEANINGS[name]}. Default ${settings.defaults[name]}, at most ${settings.maxima[name]}.`,
        ),
    ]),
  ) as Record<keyof LimitDefaults, z.ZodOptional<z.ZodNumber>>;
  return z
    .strictObject(shape, {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `unknown limit ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}: the limits are ${LIMIT_NAMES.join(", ")}`
          : undefined,
    })
    .optional()
    .describe(
      "Limits of this run over the workspace's defaults, each as described; a value above the server's maximum is lowered to it (the result lists it in limitsLowered), and an unknown key is refused.",
    );
}

/** Run as a dry run: nothing is written, and the result lists the changes with diffs and a changeId. */
export const DRY_RUN_INPUT = z
  .boolean()
  .optional()
  .describe(
    "true: run against a staging area and write nothing; the result lists `changes` (path, action, unified diff) and a `changeId`. Show the diffs to the user, then call apply_changes with the changeId to land exactly those changes. Tools with effects beyond the workspace files are not called (listed in `pending`).",
  );

const shared = new Map<string, { schema: unknown; dependsOn: object | undefined }>();

/**
 * A tool's input schema, made once per process and shared by every MCP server made after it
 * (the HTTP server's pool makes one per concurrent request): zod builds a schema's parser at its
 * first use, once per schema object (decision 175). `dependsOn` is what the schema is made from
 * (the run limits' schema): another one makes it again.
 */
export function sharedInput<T>(tool: string, make: () => T, dependsOn?: object): T {
  const found = shared.get(tool);
  if (found && found.dependsOn === dependsOn) return found.schema as T;
  const schema = make();
  shared.set(tool, { schema, dependsOn });
  return schema;
}
