import type { ValidationError } from "@lackpy/lang";
import type { CommandContext } from "../io/command-context.js";
import { codeFrame } from "../io/code-frame.js";

/** Human-readable validation errors with code frames, on stderr. */
export function printValidationErrors(
  context: CommandContext,
  errors: readonly ValidationError[],
  source: string,
  name: string,
): void {
  const { colors, io } = context;
  for (const error of errors) {
    io.stderr(
      `${colors.red("error")}[${error.code}] ${name}:${error.line}:${error.column}: ${error.message}\n`,
    );
    if (typeof source === "string" && source.length > 0)
      io.stderr(`${codeFrame(source, error.line, error.column, { color: io.isTTY })}\n`);
    if (error.hint) io.stderr(`  ${colors.cyan("hint")}: ${error.hint}\n`);
    io.stderr("\n");
  }
}

/** Prints broken template files and failed promotions, one `!` line each with its hint. */
export function printTemplateProblems(
  context: CommandContext,
  problems: readonly { message: string; hint?: string }[],
  indent = "",
): void {
  const { colors, io } = context;
  for (const problem of problems) {
    io.stdout(`${indent}${colors.yellow("!")} ${problem.message}\n`);
    if (problem.hint) io.stdout(`${indent}  ${colors.cyan("hint")}: ${problem.hint}\n`);
  }
}

/** Templates the ratchet set aside: name, counters, when and why, and how to bring each back. */
export function printDemotedTemplates(
  context: CommandContext,
  demoted: readonly {
    name: string;
    successCount: number;
    failCount: number;
    demotedAt: string;
    reason: string;
  }[],
  indent = "",
): void {
  const { colors, io } = context;
  for (const template of demoted) {
    io.stdout(
      `${indent}${colors.yellow("demoted")} ${template.name} ✓${template.successCount} ✗${template.failCount} at ${template.demotedAt}: ${template.reason}\n`,
    );
    io.stdout(
      `${indent}  ${colors.cyan("hint")}: lackpy template restore ${template.name} brings it back\n`,
    );
  }
}

/** Renders a program's output value for people: strings as they are, everything else as JSON. */
export function renderOutput(output: unknown): string {
  if (typeof output === "string") return output;
  if (output === undefined) return "undefined";
  return JSON.stringify(output, null, 2);
}

interface RunLike {
  success: boolean;
  output: unknown;
  stdout: string;
  error: {
    code: string;
    message: string;
    line?: number;
    column?: number;
    tool?: string;
    toolCode?: string;
    hint?: string;
    errors?: readonly unknown[];
  } | null;
  trace?: readonly unknown[];
  filesModified?: readonly string[];
  filesCreated?: readonly string[];
  limitsLowered?: readonly { limit: string; requested: number; used: number }[];
  skipped?: readonly { reason: string; count: number }[];
}

/**
 * Prints a run (or delegate) result for people: the program's stdout and its output on stdout;
 * on stderr, what the answer left out (one `skipped:` line), an error, and the files it wrote.
 */
export async function printRunResult(
  context: CommandContext,
  result: RunLike,
  source?: string,
  name = "program",
): Promise<void> {
  const { io, colors } = context;
  if (result.limitsLowered?.length)
    io.stderr(
      `${colors.yellow("note")}: limits lowered to the workspace's [run.maxima]: ${result.limitsLowered
        .map((lowered) => `${lowered.limit} ${lowered.requested} → ${lowered.used}`)
        .join(", ")}\n`,
    );
  if (result.stdout) io.stdout(result.stdout.endsWith("\n") ? result.stdout : `${result.stdout}\n`);
  if (result.success) io.stdout(`${renderOutput(result.output)}\n`);
  if (result.skipped?.length) {
    // Loaded already: a command prints a run only after opening a service.
    const { describeSkipped } = await import("@lackpy/service");
    io.stderr(`${colors.yellow("skipped")}: ${describeSkipped(result.skipped)}\n`);
  }
  if (!result.success) printRunError(context, result.error!, source, name);
  printFilesWritten(context, result);
}

/** One line on stderr per file a run wrote, the created ones first: `created <path>`, `changed <path>`. */
export function printFilesWritten(context: CommandContext, result: RunLike): void {
  const { io, colors } = context;
  const created = new Set(result.filesCreated ?? []);
  const written = result.filesModified ?? [];
  for (const file of written.filter((path) => created.has(path)))
    io.stderr(`${colors.green("created")} ${file}\n`);
  for (const file of written.filter((path) => !created.has(path)))
    io.stderr(`${colors.yellow("changed")} ${file}\n`);
}

function printRunError(
  context: CommandContext,
  error: NonNullable<RunLike["error"]>,
  source: string | undefined,
  name: string,
): void {
  const { io, colors } = context;
  if (error.code === "invalid_program" && error.errors && source !== undefined) {
    printValidationErrors(context, error.errors as ValidationError[], source, name);
    return;
  }
  // Placed like a static error: name:line:column, the code frame, then the hint.
  const where = error.line ? ` ${name}:${error.line}:${error.column ?? 1}` : "";
  const code = error.toolCode ? `${error.code}/${error.toolCode}` : error.code;
  io.stderr(`${colors.red("error")}[${code}]${where}: ${error.message}\n`);
  if (source !== undefined && source.length > 0 && error.line)
    io.stderr(`${codeFrame(source, error.line, error.column ?? 1, { color: io.isTTY })}\n`);
  if (error.hint) io.stderr(`  ${colors.cyan("hint")}: ${error.hint}\n`);
}

interface GenerationFailureLike {
  code: string;
  message: string;
  program?: unknown;
  provider?: unknown;
  errors?: unknown;
}

/** Prints the last program a failed generation tried, with its errors in code frames (nothing when no tier wrote one). */
export function printLastProgramTried(
  context: CommandContext,
  error: GenerationFailureLike,
  write: (text: string) => void,
): void {
  const { colors, io } = context;
  const program = error.program;
  if (typeof program !== "string") return;
  write(`\nlast program tried${error.provider ? ` (${String(error.provider)})` : ""}:\n`);
  write(program === "" ? "  (empty)\n" : `${program.replace(/^/gm, "  ")}\n`);
  write("\n");
  const issues = Array.isArray(error.errors) ? (error.errors as ValidationError[]) : [];
  for (const issue of issues) {
    write(
      `${colors.red("error")}[${issue.code}] program:${issue.line}:${issue.column}: ${issue.message}\n`,
    );
    if (program !== "")
      write(`${codeFrame(program, issue.line, issue.column, { color: io.isTTY })}\n`);
    if (issue.hint) write(`  ${colors.cyan("hint")}: ${issue.hint}\n`);
  }
}
