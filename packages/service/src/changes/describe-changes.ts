import { binaryDiff, unifiedDiff } from "@lackpy/kit";
import { realpathSync } from "node:fs";
import {
  contentHash,
  type FileChangePlan,
  type FileStaging,
  type StagedFile,
} from "@lackpy/kit/node";
import type { ReadCheck } from "../store/change-store-types.js";
import type { ChangeAction, FileChange } from "../change-types.js";

/** A change ready to land: the plan `prepareFileChange` takes, the action, and the change as results show it. */
export interface ChangePlan extends FileChangePlan {
  readonly action: ChangeAction;
  readonly change: FileChange;
}

/**
 * The changes of a run's staged files, sorted by path: a file the disk did not hold is created, one
 * it held is modified; a file staged with the bytes it already holds is no change and is left out.
 * Each plan expects the file to hold what the run saw, and carries the diff results show, and
 * `executable` for a file with an execute bit.
 */
export function describeChanges(files: readonly StagedFile[]): ChangePlan[] {
  const plans: ChangePlan[] = [];
  for (const file of files) {
    const { before, content, path } = file;
    if (before.state.exists && before.state.hash === contentHash(content)) continue;
    const action: ChangeAction = before.state.exists ? "modify" : "create";
    plans.push({
      path,
      expected: before.state,
      content,
      action,
      change: {
        path,
        action,
        diff: diffOf(file, action),
        // The file tools never make a file executable; one that was keeps its mode.
        ...((before.mode ?? 0) & 0o111 ? { executable: true as const } : {}),
      },
    });
  }
  return plans;
}

/** The diff of a staged file; a before-image that is not text (binary, or over the read limit) is named, not shown. */
function diffOf(file: StagedFile, action: ChangeAction): string {
  if (action === "create") return unifiedDiff(null, file.content, { path: file.path });
  if (file.before.text !== null)
    return unifiedDiff(file.before.text, file.content, { path: file.path });
  return binaryDiff(file.path, action);
}

/**
 * What the landing of a run's `plans` checks besides them: the files the run read before its
 * last write and does not change (decision 127). Its writes may be made from them (`write_file(
 * "b", read_file("a"))`), so one another change modified since the read refuses the landing as
 * `stale_change`; what the run read after its last write cannot be in any write, and is not checked.
 */
export function readChecks(
  staging: FileStaging,
  plans: readonly { path: string }[],
  workspace: string,
): ReadCheck[] {
  const changed = new Set(plans.map((plan) => plan.path));
  return staging
    .readsBeforeLastWrite(realpathSync.native(workspace))
    .filter((read) => !changed.has(read.path));
}
