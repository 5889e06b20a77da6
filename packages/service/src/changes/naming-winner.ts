import path from "node:path";
import { ToolError } from "@lackpy/kit";
import { readFileState, sameState } from "@lackpy/kit/node";
import type { RunHistory } from "../store/change-store-types.js";
import type { WaitedFor } from "./path-locks.js";

/**
 * A `stale_change` refusal that names the change that won the file: the one this landing waited
 * for on the file's lock, else the newest kept run that left the file as it is now. Other errors,
 * and a file no kept run explains (changed by hand), are returned as they are.
 */
export async function namingWinner(
  error: unknown,
  file: string,
  context: { waited: WaitedFor; history: RunHistory | null; workspace: string },
): Promise<unknown> {
  if (!ToolError.is(error) || error.code !== "stale_change") return error;
  const winner = context.waited.get(file) ?? (await lastRunOf(file, context));
  if (!winner) return error;
  return new ToolError("stale_change", `${error.message.replace(/\.$/, "")}, by ${winner}.`, {
    ...(error.hint === undefined ? {} : { hint: error.hint }),
  });
}

/** The newest kept run whose change to `file` is what the file holds now, as a lock names it. */
async function lastRunOf(
  file: string,
  context: { history: RunHistory | null; workspace: string },
): Promise<string | null> {
  if (!context.history) return null;
  try {
    const now = await readFileState(path.join(context.workspace, ...file.split("/")));
    for (const record of await context.history.list()) {
      const changed = record.files.find((entry) => entry.path === file);
      if (changed) return sameState(changed.after, now) ? runNote(record) : null;
    }
  } catch {
    // The refusal stands without a name.
  }
  return null;
}

/** How a lock and a refusal name a run: `run <id> (<source>: <label>)`. */
export function runNote(run: { runId: string; source: string; label: string }): string {
  return `run ${run.runId} (${run.source}: ${run.label.slice(0, 80)})`;
}
