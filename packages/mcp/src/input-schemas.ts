import * as z from "zod";

/** The kit argument every program tool takes. */
export const KIT_INPUT = z
  .union([z.string(), z.array(z.string()), z.record(z.string(), z.string())])
  .optional()
  .describe(
    "Kit: a kit name (readonly, files, or a workspace kit), 'none', a path to a .kit file, a list of tool names, or an {alias: tool} map. Default: the workspace's default kit.",
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
    "Trace detail: 'summary' (default: one line per tool call with an argument preview, result size and time), 'none', or 'full' (every call's arguments and result, e.g. whole files).",
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

/** Run limits a call may ask for; the server lowers each to its maxima and says so in the result. An unknown limit is refused, never ignored. */
export const LIMITS_INPUT = z
  .strictObject({
    timeoutMs: z
      .number()
      .int()
      .positive()
      .optional()
      .describe("The run's whole wall-clock time in ms, tool calls included."),
    maxSteps: z.number().int().positive().optional(),
    maxToolCalls: z.number().int().positive().optional(),
  })
  .optional()
  .describe(
    "Limits for this run, over the workspace's defaults; values above the server's maxima are lowered to them (the result lists each in limitsLowered).",
  );

/** Run as a dry run: nothing is written, and the result lists the changes with diffs and a changeId. */
export const DRY_RUN_INPUT = z
  .boolean()
  .optional()
  .describe(
    "true: run against a staging area and write nothing; the result lists `changes` (path, action, unified diff) and a `changeId`. Show the diffs to the user, then call apply_changes with the changeId to land exactly those changes. Tools with effects beyond the workspace files are not called (listed in `pending`).",
  );
