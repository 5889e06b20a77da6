/**
 * Short text renderings of results for an MCP client's model. The result travels as structured
 * content too, about as large; the text says what a model needs to go on, the answer first: the
 * output, stdout, what the answer left out, the error and its hint, the program that ran, and
 * each tool's calls and time.
 */
import { describeSkipped } from "@lackpy/service";

/** The fields of a (shaped) run or delegate result a rendering reads. */
export interface RenderableRun {
  success: boolean;
  output: unknown;
  stdout: string;
  /** What the run's tools left out, by reason. */
  skipped?: readonly { reason: string; count: number }[];
  error: {
    code: string;
    message: string;
    hint?: unknown;
    errors?: unknown;
    toolCode?: unknown;
    line?: unknown;
    column?: unknown;
    didYouMean?: unknown;
  } | null;
  /** Each tool once (`{ tool, calls, totalMs }`, a summary) or each call (`{ tool, durationMs }`, the full trace). */
  trace: readonly { tool: string; calls?: number; totalMs?: number; durationMs?: number }[];
  /** The files the run read; a lean result may leave them out. */
  filesRead?: readonly string[];
  filesModified: readonly string[];
  program?: string | null;
  tier?: string | null;
  /** What a template's or rule's program answers, in one line (delegate). */
  reading?: string | null;
  stats?: { toolCalls: number; steps?: number; durationMs?: number };
  truncated?: readonly { part: string; totalChars: number; shownChars: number }[];
  /** A ratchet template this delegate's failure set aside. */
  demoted?: { template: string; reason: string; hint: string } | null;
  limitsLowered?: readonly { limit: string; requested: number; used: number }[];
  dryRun?: boolean;
  changes?: readonly { path: string; action: string; diff: string; executable?: boolean }[];
  /** The kit the run used, with its tools that change something. */
  kit?: { name: string; writes: readonly string[] };
  applied?: boolean;
  runId?: string | null;
  changeId?: string;
  declined?: readonly string[];
  pending?: readonly { tool: string; args: readonly unknown[] }[];
}

/** One validation error as results carry it. */
interface Problem {
  code: string;
  message: string;
  line?: number;
  column?: number;
  hint?: string;
}

/** At most this many validation errors are listed in a rendering. */
const MAX_LISTED_PROBLEMS = 5;

function showValue(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "null");
}

function indent(text: string): string {
  return text.replace(/\n$/, "").replace(/^/gm, "  ");
}

/** Lines for validation errors: position, code, message and hint. */
export function renderProblems(problems: readonly Problem[]): string[] {
  const lines = problems.slice(0, MAX_LISTED_PROBLEMS).map((problem) => {
    const where = problem.line ? `${problem.line}:${problem.column ?? 1} ` : "";
    return `  ${where}${problem.code}: ${problem.message}${problem.hint ? ` (hint: ${problem.hint})` : ""}`;
  });
  if (problems.length > MAX_LISTED_PROBLEMS)
    lines.push(`  … and ${problems.length - MAX_LISTED_PROBLEMS} more`);
  return lines;
}

/** A time in ms as a short text: `3 ms`, `0.4 ms`, `12.5 s`. */
function duration(ms: number): string {
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${ms >= 10 ? Math.round(ms) : Math.round(ms * 10) / 10} ms`;
}

/**
 * `tool calls: N (tool ×n in t, …)` from a summary (one entry per tool) or a full trace (one
 * per call), or "" when neither the trace nor the stats say (a delegate with trace none).
 */
function callCounts(result: RenderableRun): string {
  const byTool = new Map<string, { calls: number; ms: number }>();
  for (const entry of result.trace) {
    const tool = byTool.get(entry.tool) ?? { calls: 0, ms: 0 };
    tool.calls += entry.calls ?? 1;
    tool.ms += entry.totalMs ?? entry.durationMs ?? 0;
    byTool.set(entry.tool, tool);
  }
  const listed = [...byTool.values()].reduce((sum, tool) => sum + tool.calls, 0);
  if (listed === 0 && result.stats === undefined) return "";
  const total = result.stats?.toolCalls ?? listed;
  if (total === 0) return "tool calls: none";
  const tools = [...byTool]
    .map(([tool, { calls, ms }]) => `${tool} ×${calls} in ${duration(ms)}`)
    .join(", ");
  return `tool calls: ${total}${tools && listed === total ? ` (${tools})` : ""}`;
}

/** A run or delegate result as a few lines of text. */
export function renderRun(result: RenderableRun): string {
  const lines: string[] = [];
  if (result.success) lines.push("output:", indent(showValue(result.output)));
  if (result.stdout) lines.push("stdout:", indent(result.stdout));
  const skipped = describeSkipped(result.skipped);
  if (skipped) lines.push(`skipped: ${skipped}`);
  if (result.error) {
    const { code, toolCode, line, column } = result.error;
    const where =
      typeof line === "number" ? ` at ${line}:${typeof column === "number" ? column : 1}` : "";
    lines.push(
      `error[${typeof toolCode === "string" ? `${code}/${toolCode}` : code}]${where}: ${result.error.message}`,
    );
    if (typeof result.error.didYouMean === "string") lines.push(result.error.didYouMean);
    if (typeof result.error.hint === "string") lines.push(`hint: ${result.error.hint}`);
    if (Array.isArray(result.error.errors))
      lines.push(...renderProblems(result.error.errors as Problem[]));
  }
  if (result.reading) lines.push(`reading: ${result.reading}`);
  if (result.program)
    lines.push(`program${result.tier ? ` (from ${result.tier})` : ""}:`, indent(result.program));
  lines.push(...renderChanges(result));
  const files = [
    result.filesRead?.length ? `files read: ${result.filesRead.length}` : "",
    result.filesModified.length ? `files modified: ${result.filesModified.join(", ")}` : "",
  ].filter(Boolean);
  const stats = result.stats;
  const run =
    stats?.steps !== undefined && stats.durationMs !== undefined
      ? `${stats.steps} steps in ${duration(stats.durationMs)}`
      : "";
  const kit = result.kit
    ? `kit ${result.kit.name} (${result.kit.writes.length ? `writes with ${result.kit.writes.join(", ")}` : "reads only"})`
    : "";
  const summary = [callCounts(result), ...files, run, kit].filter(Boolean).join("; ");
  if (summary) lines.push(summary);
  if (result.limitsLowered?.length)
    lines.push(
      `limits lowered to the server's maxima: ${result.limitsLowered
        .map((lowered) => `${lowered.limit} ${lowered.requested} → ${lowered.used}`)
        .join(", ")}`,
    );
  for (const cut of result.truncated ?? [])
    lines.push(
      `${cut.part} cut to ${cut.shownChars} of ${cut.totalChars} chars (ask for less, or raise maxOutputChars)`,
    );
  if (result.demoted)
    lines.push(
      `template ${result.demoted.template} demoted: ${result.demoted.reason} (${result.demoted.hint})`,
    );
  return lines.join("\n");
}

/** A run's changes: a dry run's diffs with how to apply them, the calls it did not make, or what landed and how to undo it. */
function renderChanges(result: RenderableRun): string[] {
  const lines: string[] = [];
  const changes = result.changes ?? [];
  if (result.dryRun) {
    for (const call of result.pending ?? [])
      lines.push(
        `not called (dry run): ${call.tool}(${call.args.map((arg) => JSON.stringify(arg)).join(", ")})`,
      );
    if (result.success && changes.length === 0) lines.push("dry run: no file would change");
    if (result.success && changes.length > 0) {
      lines.push(
        `dry run: nothing was written; ${changes.length} file${changes.length === 1 ? "" : "s"} would change${result.changeId ? ` (apply_changes with changeId "${result.changeId}" lands exactly these, within 15 minutes)` : ""}:`,
      );
      for (const change of changes) {
        if (change.executable) lines.push(`${change.path} is executable, and stays executable:`);
        lines.push(indent(change.diff));
      }
    }
    return lines;
  }
  if (result.declined?.length) lines.push(`declined: ${result.declined.join(", ")}`);
  if (result.applied && result.runId)
    lines.push(`changes landed (undo with runId "${result.runId}" restores them)`);
  return lines;
}

/** A validation result as a few lines of text. */
export function renderValidation(result: {
  valid: boolean;
  errors: readonly Problem[];
  calls: readonly string[];
  grade: { w: number; d: number };
}): string {
  if (result.valid)
    return `valid; calls: ${result.calls.join(", ") || "nothing"}; grade w=${result.grade.w} d=${result.grade.d}`;
  const count = `${result.errors.length} error${result.errors.length === 1 ? "" : "s"}`;
  return [`invalid: ${count}`, ...renderProblems(result.errors)].join("\n");
}

/** A generation outcome as a few lines of text. */
export function renderGeneration(
  outcome:
    | { success: true; program: string; tier: string; provider: string }
    | {
        success: false;
        error: { code: string; message: string; hint?: unknown; didYouMean?: unknown };
      },
): string {
  if (outcome.success)
    return `program (from ${outcome.tier}, provider ${outcome.provider}):\n${indent(outcome.program)}`;
  return [
    `error[${outcome.error.code}]: ${outcome.error.message}`,
    ...(typeof outcome.error.didYouMean === "string" ? [outcome.error.didYouMean] : []),
    ...(typeof outcome.error.hint === "string" ? [`hint: ${outcome.error.hint}`] : []),
  ].join("\n");
}
