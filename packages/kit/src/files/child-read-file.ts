/**
 * `read_file` as an isolated child answers it itself (the module the child loads: `@lackpy/kit`'s
 * `dist/child-read-file.js`). It is the host's own reading code, `readTextFileSync` over
 * `confineFileSync` with the protection the host's file tools have, so it accepts exactly what
 * they accept and reads what they would read. It declines (`null`: the host's `read_file` answers)
 * every call it does not answer with text: a refusal or any error (so every message is the
 * host's), a file over `SYNC_READ_BYTES`, and a file the run has staged (the host holds its text;
 * the host names each staged file after the tool call that staged it, before the program goes on).
 * What it read it reports to the host before the run's next host tool call (`report`: real path
 * and hash of each file read), so the run's staging knows what a later write was made from; a
 * run that can write no file (`noteReads: false`) hashes and reports nothing.
 */
import type { LoadedPath } from "../protect/protected-paths.js";
import { createPathProtection } from "../protect/protected-paths.js";
import { ConfinedFolders, workspaceRoot } from "../protect/confine-path.js";
import type { FileState } from "./file-state.js";
import { readTextFileSync } from "./read-text-file.js";

/** What the host's file tools were made with, as plain data for the child. */
export interface ChildReadFileOptions {
  /** The workspace's real path, as the host resolved it for this run. */
  root: string;
  maxReadBytes: number;
  protectedGlobs: readonly string[];
  loadedPaths: readonly LoadedPath[];
  allowReadGlobs: readonly string[];
  allowWriteGlobs: readonly string[];
  /** True when the config's opening globs wait for a person's trust (the hint says so). */
  openingsAwaitTrust?: boolean;
  /** Real paths the run had staged already when the child got the run. */
  staged: readonly string[];
  /** False for a run that can write no file (a read-only `FileStaging`): nothing is hashed or reported. */
  noteReads?: boolean;
}

/** The child's handler of `read_file` for one run (a `ChildToolHandler` of `@lackpy/run`). */
export interface ChildReadFile {
  call(args: readonly unknown[]): { value: string } | null;
  /** The real paths of files the run staged since the last news. */
  news(paths: unknown): void;
  /** The files read since the last report, as `[real path, hash]` pairs; undefined when none. */
  report(): [string, string][] | undefined;
}

/** Makes the child's `read_file` for one run; the name is the export the host names. */
export function createChildReadFile(options: ChildReadFileOptions): ChildReadFile {
  const protection = createPathProtection(options.protectedGlobs, {
    loaded: options.loadedPaths,
    allowRead: options.allowReadGlobs,
    allowWrite: options.allowWriteGlobs,
    openingsAwaitTrust: options.openingsAwaitTrust === true,
  });
  const workspace = workspaceRoot(options.root);
  const folders = new ConfinedFolders();
  const staged = new Set<string>(options.staged);
  let reads: [string, string][] = [];
  const read = {
    maxReadBytes: options.maxReadBytes,
    protection,
    folders,
    heldElsewhere: (file: string) => staged.has(file),
    ...(options.noteReads === false
      ? {}
      : {
          noteRead: (file: string, state: FileState) => {
            if (state.exists) reads.push([file, state.hash]);
          },
        }),
  };
  return {
    call(args) {
      try {
        const text = readTextFileSync(workspace, args[0], read);
        return text === null ? null : { value: text };
      } catch {
        return null;
      }
    },
    news(paths) {
      if (Array.isArray(paths))
        for (const file of paths) if (typeof file === "string") staged.add(file);
    },
    report() {
      if (reads.length === 0) return undefined;
      const told = reads;
      reads = [];
      return told;
    },
  };
}
