import type { RunResult, TraceEntry } from "@lackpy/run";
import type { KitUse } from "../kit-use.js";
import type { ChangeOutcome } from "../change-types.js";
import { fitText, fitValue } from "./fit-value.js";
import { ServiceError } from "../service-error.js";
import type { LimitNotes } from "./limit-notes.js";

/** How much of a run's trace a result carries: nothing, one line per tool call, or every call in full. */
export type TraceDetail = "none" | "summary" | "full";

/** The trace details a caller may ask for. */
export const TRACE_DETAILS: readonly TraceDetail[] = Object.freeze(["none", "summary", "full"]);

/** The trace detail agents get when they do not say: MCP `run_program` and `delegate`, the AI SDK and LangChain tools. */
export const DEFAULT_TRACE_DETAIL: TraceDetail = "summary";

/** Options that size a run or delegate result for its reader (a model's context, a script). */
export interface ResultShapeOptions<Detail extends TraceDetail = TraceDetail> {
  /** `full` (the service's default) keeps every call with its arguments and result; `summary` keeps one line per call; `none` drops the trace. */
  trace?: Detail;
  /** Output and stdout longer than this many characters are cut, with a marker and the full size. No cap by default. */
  maxOutputChars?: number;
}

/**
 * One tool of a trace summary: how many times the run called it and how long those calls took
 * together; for a tool whose calls failed, how many did and the first failure's message.
 */
export interface TraceToolSummary {
  tool: string;
  calls: number;
  totalMs: number;
  failed?: number;
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

/** What shaping adds to a result: the parts cut to fit. */
export interface ShapeNotes {
  /** Parts cut at `maxOutputChars`; absent when nothing was cut. */
  truncated?: TruncatedPart[];
}

/** The trace of a shaped result for a trace detail. */
export type ShapedTrace<Detail extends TraceDetail> = Detail extends "full"
  ? TraceEntry[]
  : Detail extends "summary"
    ? TraceToolSummary[]
    : [];

/** A run result (with what its file changes came to) shaped for a trace detail: `variables` only with the full trace. */
export type ShapedRunResult<Detail extends TraceDetail = "full"> = Omit<
  RunResult & ChangeOutcome,
  "trace" | "variables"
> & {
  /** The files of `filesModified` that did not exist before the run: the ones it created. */
  filesCreated: string[];
  /** The kit the run used, with its tools that change something. */
  kit: KitUse;
} & ShapeNotes &
  LimitNotes &
  (Detail extends "full"
    ? { trace: TraceEntry[]; variables: Record<string, unknown> }
    : { trace: ShapedTrace<Detail> });

interface Shapeable {
  success?: boolean;
  error?: unknown;
  output: unknown;
  stdout: string;
  trace: readonly TraceEntry[];
  variables?: unknown;
  stats?: { truncated?: string[] };
  changes?: readonly { path: string; diff: string }[];
}

/** The trace as one line per tool, in the order of each tool's first call. */
export function summariseTrace(trace: readonly TraceEntry[]): TraceToolSummary[] {
  const byTool = new Map<string, TraceToolSummary & { rawMs: number }>();
  for (const entry of trace) {
    let summary = byTool.get(entry.tool);
    if (!summary) {
      summary = { tool: entry.tool, calls: 0, totalMs: 0, rawMs: 0 };
      byTool.set(entry.tool, summary);
    }
    summary.calls++;
    summary.rawMs += entry.durationMs;
    if (!entry.success) {
      summary.failed = (summary.failed ?? 0) + 1;
      summary.error ??= entry.error ?? "failed";
    }
  }
  return [...byTool.values()].map(({ rawMs, ...summary }) => ({
    ...summary,
    totalMs: Math.round(rawMs * 10) / 10,
  }));
}

/** The fields an answer is read by, first: what a model acts on before the trace. */
const ANSWER_FIRST = ["success", "output", "stdout", "error"] as const;

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
 * per tool (its calls and their total time), or dropped; `variables` kept only with the full
 * trace; output, stdout and each change's diff cut at `maxOutputChars` with markers; the answer
 * (`success`, `output`, `stdout`, `error`) first. With the defaults (full trace, no cap) the
 * result is returned unchanged.
 */
export function shapeResult<Result extends Shapeable>(
  result: Result,
  options: ResultShapeOptions = {},
): Result & ShapeNotes {
  const detail = options.trace ?? "full";
  const maxChars = options.maxOutputChars;
  if (detail === "full" && maxChars === undefined) return result;
  const shaped: Record<string, unknown> = {};
  for (const key of ANSWER_FIRST) if (key in result) shaped[key] = result[key];
  Object.assign(shaped, result);
  if (detail !== "full") {
    delete shaped.variables;
    shaped.trace = detail === "none" ? [] : summariseTrace(result.trace);
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
