import type { RunResult, TraceEntry } from "@lackpy/run";
import type { ChangeOutcome } from "../change-types.js";
import { fitText, fitValue } from "./fit-value.js";
import { ServiceError } from "../service-error.js";
import type { LimitNotes } from "./limit-notes.js";

/** How much of a run's trace a result carries: nothing, one line per tool call, or every call in full. */
export type TraceDetail = "none" | "summary" | "full";

/** The trace details a caller may ask for. */
export const TRACE_DETAILS: readonly TraceDetail[] = Object.freeze(["none", "summary", "full"]);

/** Options that size a run or delegate result for its reader (a model's context, a script). */
export interface ResultShapeOptions<Detail extends TraceDetail = TraceDetail> {
  /** `full` (the service's default) keeps every call with its arguments and result; `summary` keeps one line per call; `none` drops the trace. */
  trace?: Detail;
  /** Output and stdout longer than this many characters are cut, with a marker and the full size. No cap by default. */
  maxOutputChars?: number;
}

/** One tool call of a trace summary: the tool, a preview of its arguments, the size of its result, its time. */
export interface TraceCallSummary {
  step: number;
  tool: string;
  /** The arguments as JSON, cut at `ARGUMENT_PREVIEW_CHARS`. */
  args: string;
  /** The result's size (`"1234 chars"`, `"12 items"`, `"3 keys"`), or a short scalar, or `"error"`. */
  result: string;
  durationMs: number;
  error?: string;
}

/** A part of a result cut at `maxOutputChars`, with its full size in characters. */
export interface TruncatedPart {
  /** `output`, `stdout`, or the `diff` of the change to `path`. */
  part: "output" | "stdout" | "diff";
  /** The changed file, for a `diff`. */
  path?: string;
  totalChars: number;
  shownChars: number;
}

/** What shaping adds to a result: calls left out of a summary and the parts cut to fit. */
export interface ShapeNotes {
  /** Tool calls after the first `MAX_SUMMARY_CALLS`, counted but not listed (summary only). */
  traceOmitted?: number;
  /** Parts cut at `maxOutputChars`; absent when nothing was cut. */
  truncated?: TruncatedPart[];
}

/** The trace of a shaped result for a trace detail. */
export type ShapedTrace<Detail extends TraceDetail> = Detail extends "full"
  ? TraceEntry[]
  : Detail extends "summary"
    ? TraceCallSummary[]
    : [];

/** A run result (with what its file changes came to) shaped for a trace detail: `variables` only with the full trace. */
export type ShapedRunResult<Detail extends TraceDetail = "full"> = Omit<
  RunResult & ChangeOutcome,
  "trace" | "variables"
> & {
  /** The files of `filesModified` that did not exist before the run: the ones it created. */
  filesCreated: string[];
} & ShapeNotes &
  LimitNotes &
  (Detail extends "full"
    ? { trace: TraceEntry[]; variables: Record<string, unknown> }
    : { trace: ShapedTrace<Detail> });

/** Tool calls a summary lists one by one. */
export const MAX_SUMMARY_CALLS = 50;
/** Characters of a call's arguments shown in a summary. */
export const ARGUMENT_PREVIEW_CHARS = 120;

interface Shapeable {
  output: unknown;
  stdout: string;
  trace: readonly TraceEntry[];
  variables?: unknown;
  stats?: { truncated?: string[] };
  changes?: readonly { path: string; diff: string }[];
}

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

function sizeOf(value: unknown): string {
  if (typeof value === "string") return counted(value.length, "char");
  if (Array.isArray(value)) return counted(value.length, "item");
  if (value === undefined || value === null) return "null";
  if (typeof value === "object") return counted(Object.keys(value).length, "key");
  const text = String(value);
  return text.length <= 40 ? text : `${text.slice(0, 40)}…`;
}

/** One line of a trace summary for a trace entry. */
export function summariseCall(entry: TraceEntry): TraceCallSummary {
  const preview = entry.args.map((arg) => JSON.stringify(arg) ?? "null").join(", ");
  return {
    step: entry.step,
    tool: entry.tool,
    args:
      preview.length <= ARGUMENT_PREVIEW_CHARS
        ? preview
        : `${preview.slice(0, ARGUMENT_PREVIEW_CHARS)}…`,
    result: entry.success ? sizeOf(entry.result) : "error",
    durationMs: Math.round(entry.durationMs * 10) / 10,
    ...(entry.error !== null ? { error: entry.error } : {}),
  };
}

/** Refuses a trace detail or output cap that is not one the service knows. */
export function checkShapeOptions(options: ResultShapeOptions): void {
  if (options.trace !== undefined && !TRACE_DETAILS.includes(options.trace))
    throw new ServiceError("invalid_option", `Unknown trace detail '${String(options.trace)}'.`, {
      hint: `use one of ${TRACE_DETAILS.join(", ")}`,
    });
  const maxChars = options.maxOutputChars;
  if (maxChars !== undefined && !(Number.isInteger(maxChars) && maxChars > 0))
    throw new ServiceError(
      "invalid_option",
      `maxOutputChars must be a whole number above 0, not ${String(maxChars)}.`,
      { hint: "e.g. 10000, or leave it out for no cap" },
    );
}

/**
 * A run or delegate result sized for its reader: the trace kept in full, summarised to one line
 * per call (the first `MAX_SUMMARY_CALLS`), or dropped; `variables` kept only with the full
 * trace; output, stdout and each change's diff cut at `maxOutputChars` with markers. With the
 * defaults (full trace, no cap) the result is returned unchanged.
 */
export function shapeResult<Result extends Shapeable>(
  result: Result,
  options: ResultShapeOptions = {},
): Result & ShapeNotes {
  const detail = options.trace ?? "full";
  const maxChars = options.maxOutputChars;
  if (detail === "full" && maxChars === undefined) return result;
  const shaped: Record<string, unknown> = { ...(result as object) };
  if (detail !== "full") {
    delete shaped.variables;
    if (detail === "none") shaped.trace = [];
    else {
      shaped.trace = result.trace.slice(0, MAX_SUMMARY_CALLS).map(summariseCall);
      if (result.trace.length > MAX_SUMMARY_CALLS)
        shaped.traceOmitted = result.trace.length - MAX_SUMMARY_CALLS;
    }
  }
  if (maxChars !== undefined) {
    const truncated: TruncatedPart[] = [];
    const output = fitValue(result.output, maxChars);
    if (output.truncated) {
      shaped.output = output.value;
      truncated.push({ part: "output", totalChars: output.totalChars, shownChars: maxChars });
    }
    const stdout = fitText(result.stdout, maxChars);
    if (stdout.truncated) {
      shaped.stdout = stdout.value;
      truncated.push({ part: "stdout", totalChars: stdout.totalChars, shownChars: maxChars });
    }
    if (result.changes?.some((change) => change.diff.length > maxChars))
      shaped.changes = result.changes.map((change) => {
        const diff = fitText(change.diff, maxChars);
        if (!diff.truncated) return change;
        truncated.push({
          part: "diff",
          path: change.path,
          totalChars: diff.totalChars,
          shownChars: maxChars,
        });
        return { ...change, diff: diff.value };
      });
    if (truncated.length > 0) {
      shaped.truncated = truncated;
      if (result.stats)
        shaped.stats = {
          ...result.stats,
          truncated: [
            ...new Set([...(result.stats.truncated ?? []), ...truncated.map((cut) => cut.part)]),
          ],
        };
    }
  }
  return shaped as Result & ShapeNotes;
}
