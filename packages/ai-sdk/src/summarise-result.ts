/** Tool calls listed one by one in a summary; the rest are counted in `omittedCalls`. */
export const MAX_LISTED_CALLS = 20;
/** Characters of a call's arguments shown in a summary. */
const ARGUMENTS_PREVIEW_CHARS = 80;

/** The fields of a `runProgram` or `delegate` result that a summary reads. */
export interface SummarisableResult {
  success: boolean;
  output: unknown;
  stdout: string;
  error: { code: string; message: string } | null;
  trace: readonly unknown[];
  filesModified: readonly string[];
  stats?: { truncated?: readonly string[] };
  program?: string | null;
  params?: Readonly<Record<string, unknown>>;
  tier?: string | null;
}

/** One validation error of an invalid program. */
export interface ProgramProblem {
  code: string;
  message: string;
  line?: number;
  column?: number;
  hint?: string;
}

/** The error of a failed call, as the model reads it. */
export interface LackpyToolError extends ProgramProblem {
  tool?: string;
  /** Every validation error, for `invalid_program`. */
  errors?: ProgramProblem[];
}

/** One kit-tool call of a run: the tool, a preview of its arguments, and the size of its result. */
export interface CallSummary {
  tool: string;
  arguments: string;
  result: string;
  error?: string;
}

/** What the calling model gets back: sized for its context, without the files a run read. */
export interface LackpyToolResult {
  success: boolean;
  /** The program lackpy ran (delegate mode). */
  program?: string;
  /** The values the program's parameters had, e.g. a template's `pattern` (delegate mode). */
  params?: Record<string, unknown>;
  /** The tier that wrote the program (delegate mode). */
  tier?: string;
  output?: unknown;
  stdout?: string;
  error?: LackpyToolError;
  calls: CallSummary[];
  /** Calls after the first `MAX_LISTED_CALLS`, counted but not listed. */
  omittedCalls?: number;
  filesModified?: string[];
  /** Parts cut to fit: `output`, `stdout` (and what the run itself cut). */
  truncated?: string[];
}

function cut(text: string, maxChars: number): string {
  return text.length <= maxChars
    ? text
    : `${text.slice(0, maxChars)}… (${text.length - maxChars} more characters)`;
}

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

function sizeOf(value: unknown): string {
  if (typeof value === "string") return counted(value.length, "char");
  if (Array.isArray(value)) return counted(value.length, "item");
  if (value === undefined) return "nothing";
  if (value !== null && typeof value === "object") return counted(Object.keys(value).length, "key");
  return cut(String(value), ARGUMENTS_PREVIEW_CHARS);
}

function summariseCall(entry: unknown): CallSummary {
  const call = entry as { tool?: unknown; args?: unknown; result?: unknown; error?: unknown };
  const args = Array.isArray(call.args) ? call.args : [];
  const preview = args.map((arg) => JSON.stringify(arg) ?? String(arg)).join(", ");
  const summary: CallSummary = {
    tool: String(call.tool),
    arguments: cut(preview, ARGUMENTS_PREVIEW_CHARS),
    result: typeof call.error === "string" ? "error" : sizeOf(call.result),
  };
  if (typeof call.error === "string") summary.error = call.error;
  return summary;
}

function problem(value: unknown): ProgramProblem {
  const { code, message, line, column, hint } = value as ProgramProblem;
  return {
    code,
    message,
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
    ...(hint === undefined ? {} : { hint }),
  };
}

function summariseError(error: NonNullable<SummarisableResult["error"]>): LackpyToolError {
  const { tool, errors } = error as { tool?: string; errors?: unknown };
  return {
    ...problem(error),
    ...(tool === undefined ? {} : { tool }),
    ...(Array.isArray(errors) && errors.length > 0 ? { errors: errors.map(problem) } : {}),
  };
}

/**
 * A run or delegate result sized for a model's context: output and stdout cut at `maxChars`,
 * the error with its validation errors and hints, and one line per tool call (tool, argument
 * preview, result size) instead of the full trace with the files' contents.
 */
export function summariseResult(
  result: SummarisableResult,
  options: { maxChars: number },
): LackpyToolResult {
  const truncated = new Set(result.stats?.truncated ?? []);
  const summary: LackpyToolResult = { success: result.success, calls: [] };
  if (result.program) summary.program = result.program;
  if (result.params && Object.keys(result.params).length > 0) summary.params = { ...result.params };
  if (result.tier) summary.tier = result.tier;
  if (result.success) {
    const text =
      typeof result.output === "string" ? result.output : (JSON.stringify(result.output) ?? "");
    if (text.length > options.maxChars) truncated.add("output");
    summary.output = text.length > options.maxChars ? cut(text, options.maxChars) : result.output;
  }
  if (result.stdout !== "") {
    if (result.stdout.length > options.maxChars) truncated.add("stdout");
    summary.stdout = cut(result.stdout, options.maxChars);
  }
  if (result.error) summary.error = summariseError(result.error);
  summary.calls = result.trace.slice(0, MAX_LISTED_CALLS).map(summariseCall);
  if (result.trace.length > MAX_LISTED_CALLS)
    summary.omittedCalls = result.trace.length - MAX_LISTED_CALLS;
  if (result.filesModified.length > 0) summary.filesModified = [...result.filesModified];
  if (truncated.size > 0) summary.truncated = [...truncated];
  return summary;
}
