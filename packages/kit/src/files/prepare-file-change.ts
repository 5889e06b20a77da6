import { mkdirSync, rmdirSync } from "node:fs";
import { rename, rm, unlink } from "node:fs/promises";
import path from "node:path";
import type { WorkspaceRoot } from "../protect/confine-path.js";
import { fileError } from "./file-error.js";
import { readFileState, sameState, type FileState } from "./file-state.js";
import type { PathProtection } from "../protect/protected-paths.js";
import { realRootOf, workspaceRelative } from "./stage-text-file.js";
import { ToolError } from "../tool-error.js";
import {
  checkWriteFolder,
  checkWriteTarget,
  cleanUp,
  failedWrite,
  temporaryPath,
  writeTemporary,
  type TemporaryFile,
} from "./write-text-file.js";

/** One file change to land: its path, what it must hold now, and what it will hold. */
export interface FileChangePlan {
  /** Workspace-relative, `/`-separated. */
  readonly path: string;
  /** What the file must hold now, or the change is refused (`stale_change`); left out, anything (forced). */
  readonly expected?: FileState;
  /** What it will hold; null removes it. */
  readonly content: string | Uint8Array | null;
  /** For a removal: the workspace-relative folder the file's creation made, removed too when empty. */
  readonly createdFolder?: string | null;
}

/** A change ready to land: its temporary file written and flushed, the target checked. */
export interface PreparedFileChange {
  readonly path: string;
  /** The target's real path. */
  readonly file: string;
  /** The temporary file renamed over the target, or null for a removal or a change that does nothing. */
  readonly temporary: string | null;
  /** The topmost folder made for the file (workspace-relative), or null. */
  readonly createdFolder: string | null;
  /** Lands the change: renames the temporary file over the target, or removes the target. */
  commit(): Promise<void>;
  /** Drops the change: removes the temporary file and the folders made for it. */
  discard(): Promise<void>;
}

/**
 * Prepares one change as a direct write is checked (`checkWriteTarget`: the one path check for
 * writing, read-only files; `checkWriteFolder`), refuses it with `stale_change` when
 * the file no longer holds `expected`, and writes the new content to the temporary file
 * `.<token>.lackpy-tmp` next to the target (exclusively, flushed, with the mode the target keeps
 * or, for a new file, no execute bit). Nothing is changed until `commit`.
 */
export async function prepareFileChange(
  root: string | WorkspaceRoot,
  plan: FileChangePlan,
  options: { protection: PathProtection; token: string },
): Promise<PreparedFileChange> {
  const shown = plan.path;
  const { file, existing } = await checkExpected(root, plan, options);
  if (plan.content === null) return removal(root, plan, file, existing !== null);
  checkWriteFolder(file, shown);
  const temporary: TemporaryFile = { path: temporaryPath(file, options.token), created: false };
  let created: string | undefined;
  try {
    created = mkdirSync(path.dirname(file), { recursive: true });
    await writeTemporary(temporary, plan.content, existing, shown);
  } catch (error) {
    throw await failedWrite(error, shown, temporary, created, file);
  }
  return {
    path: plan.path,
    file,
    temporary: temporary.path,
    createdFolder: created === undefined ? null : workspaceRelative(root, created),
    commit: () => rename(temporary.path, file),
    discard: async () => void (await cleanUp(temporary.path, created, file)),
  };
}

/**
 * Checks a change's target as a direct write is checked (`checkWriteTarget`) and refuses it with
 * `stale_change` when the file no longer holds `plan.expected`; the target's real path and what
 * is there. `prepareFileChange` starts with it; a landing also asks it before it waits for any
 * lock, so a change another one already overtook is refused at once (decision 176).
 */
export async function checkExpected(
  root: string | WorkspaceRoot,
  plan: FileChangePlan,
  options: { protection: PathProtection },
): Promise<ReturnType<typeof checkWriteTarget>> {
  const target = checkWriteTarget(root, plan.path, options);
  if (!plan.expected) return target;
  let now: FileState;
  try {
    now = target.existing ? await readFileState(target.file) : { exists: false };
  } catch (error) {
    throw fileError(error, plan.path, "read");
  }
  if (!sameState(plan.expected, now))
    throw new ToolError(
      "stale_change",
      `'${plan.path}' ${describeChange(plan.expected, now)} since the change was made.`,
      { hint: "run the program again to make the change over what the file holds now" },
    );
  return target;
}

/** A prepared removal: nothing to write now; `commit` unlinks the file and the empty folders its creation made. */
function removal(
  root: string | WorkspaceRoot,
  plan: FileChangePlan,
  file: string,
  exists: boolean,
): PreparedFileChange {
  const topmost = plan.createdFolder ? path.join(realRootOf(root), plan.createdFolder) : null;
  return {
    path: plan.path,
    file,
    temporary: null,
    createdFolder: null,
    async commit() {
      if (exists) await unlink(file);
      if (topmost === null) return;
      for (
        let folder = path.dirname(file);
        within(topmost, folder);
        folder = path.dirname(folder)
      ) {
        // A folder that is not empty (something else lives there now) stays, and so do its parents.
        if (!removeEmptyFolder(folder) || folder === topmost) return;
      }
    },
    discard: async () => undefined,
  };
}

/** True when `folder` is `topmost` or inside it. */
function within(topmost: string, folder: string): boolean {
  const relative = path.relative(topmost, folder);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

function removeEmptyFolder(folder: string): boolean {
  try {
    rmdirSync(folder);
    return true;
  } catch {
    return false;
  }
}

function describeChange(expected: FileState, now: FileState): string {
  if (!expected.exists) return "was created";
  return now.exists ? "was changed" : "was removed";
}

/** Removes a temporary file a crash left (`.<token>.lackpy-tmp` next to `file`); false when there was none. */
export async function removeTemporary(file: string, token: string): Promise<boolean> {
  try {
    await rm(temporaryPath(file, token));
    return true;
  } catch {
    return false;
  }
}
