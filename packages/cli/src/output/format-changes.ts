import type { ChangeOutcome } from "@lackpy/service";
import type { CommandContext } from "../io/command-context.js";
import { colorDiff } from "../io/diff-colors.js";

/** True when a trace has a successful call of a builtin write tool (each call, or each tool with its counts). */
function wroteFiles(trace: readonly unknown[]): boolean {
  return trace.some((entry) => {
    const call = entry as { tool?: string; success?: boolean; calls?: number; failed?: number };
    if (call.tool !== "write_file" && call.tool !== "edit_file") return false;
    return call.calls !== undefined ? call.calls > (call.failed ?? 0) : call.success !== false;
  });
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** "2 files (1 created, 1 modified)". */
function countChanges(changes: ChangeOutcome["changes"]): string {
  const actions = (["create", "modify", "delete"] as const)
    .map((action) => [action, changes.filter((change) => change.action === action).length] as const)
    .filter(([, count]) => count > 0)
    .map(
      ([action, count]) =>
        `${count} ${{ create: "created", modify: "modified", delete: "deleted" }[action]}`,
    );
  return `${plural(changes.length, "file")} (${actions.join(", ")})`;
}

/**
 * What a run's changes came to, for people: a dry run's diffs on stdout (they are its answer) and
 * a line on stderr saying nothing was written and how to apply; the undo command of a landed run
 * (whose files `printFilesWritten` lists) on stderr; declined files and the calls a dry run did not make on stderr.
 */
export function printChanges(
  context: CommandContext,
  result: ChangeOutcome & { success: boolean; trace?: readonly unknown[] },
): void {
  const { io, colors } = context;
  const { changes } = result;
  if (!result.success && !result.dryRun && wroteFiles(result.trace ?? [])) {
    io.stderr(`nothing was written: a run that fails changes no file\n`);
    return;
  }
  if (result.dryRun) {
    // A blank line between the program's output and the diffs.
    if (changes.length > 0) io.stdout("\n");
    for (const change of changes) {
      if (change.executable) io.stdout(`${executableNote(change.path, colors)}\n`);
      io.stdout(colorDiff(change.diff, colors));
    }
    for (const call of result.pending)
      io.stderr(
        `${colors.yellow("not called")} (dry run): ${call.tool}(${call.args.map((arg) => JSON.stringify(arg)).join(", ")})\n`,
      );
    if (!result.success) return;
    io.stderr(
      changes.length === 0
        ? `${colors.cyan("dry run")}: no file would change; nothing was written\n`
        : `${colors.cyan("dry run")}: ${countChanges(changes)} would change; nothing was written\n  apply: run again without --dry-run (--approve to choose file by file)\n`,
    );
    return;
  }
  const declined = new Set(result.declined ?? []);
  if (declined.size > 0)
    io.stderr(`${colors.yellow("declined")}: ${[...declined].join(", ")} (not written)\n`);
  // The files that landed are listed above (`created …`, `changed …`): say how to take them back.
  if (result.applied && result.runId) io.stderr(`  undo: lackpy undo ${result.runId}\n`);
}

/** The line before an executable file's diff: it keeps its execute bits, so a person may run what lands. */
export function executableNote(path: string, colors: CommandContext["colors"]): string {
  return `${colors.yellow("executable")} file ${path}: it stays executable (scripts, hooks and bins run it)`;
}
