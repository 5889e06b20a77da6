import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ChildReadFileOptions } from "./child-read-file.js";
import type { FileStaging } from "./file-staging.js";
import type { LoadedPath } from "../protect/protected-paths.js";

/**
 * How an isolated child may answer a builtin file tool itself: the shape of `@lackpy/run`'s
 * `ChildTool` (the module the child loads, its export, the options, the folders it reads, and the
 * news of the run's staged files), which the host passes as the run's `childTools`.
 */
export interface ChildToolRecipe {
  readonly module: string;
  readonly export: string;
  readonly options: ChildReadFileOptions;
  readonly readRoots: readonly string[];
  readonly news?: () => unknown;
  readonly report?: (report: unknown) => void;
}

/** What `childToolOf` needs of a builtin `read_file`: its root and how its file tools were made (`FileToolsOptions`). */
interface ReadFileOrigin {
  root: string;
  maxReadBytes: number;
  options: {
    protectedGlobs?: readonly string[];
    loadedPaths?: readonly LoadedPath[];
    allowReadGlobs?: readonly string[];
    allowWriteGlobs?: readonly string[];
    openingsAwaitTrust?: boolean;
  };
}

const ORIGINS = new WeakMap<object, ReadFileOrigin>();

/** Notes that `tool` is a builtin `read_file` (`createFileTools` calls it), so `childToolOf` can describe it. */
export function noteReadFile(tool: object, origin: ReadFileOrigin): void {
  ORIGINS.set(tool, origin);
}

let moduleFile: string | undefined;

/** The module an isolated child loads to read files: `dist/child-read-file.js` of this package's build. */
export function childReadFileModule(): string {
  // From dist/ it sits beside this code; from src/ (tests through an alias) use the build.
  moduleFile ??= fileURLToPath(
    import.meta.url.endsWith(".ts")
      ? new URL("../../dist/child-read-file.js", import.meta.url)
      : new URL("./child-read-file.js", import.meta.url),
  );
  return moduleFile;
}

/**
 * The child tool for a builtin `read_file` made by `createFileTools` (the kit's own callable,
 * before any wrapper), for one run: the child reads with the same checks and protection, and
 * learns after each host tool call which files the run has staged since (`staging`), whose text
 * only the host holds; what the child read is noted in `staging` before each host tool call
 * (`report`), as the host's own reads are. Undefined for any other function, or when the workspace folder is gone.
 */
export function childToolOf(tool: unknown, staging?: FileStaging): ChildToolRecipe | undefined {
  const origin = typeof tool === "function" ? ORIGINS.get(tool) : undefined;
  if (!origin) return undefined;
  let root: string;
  try {
    root = realpathSync.native(origin.root);
  } catch {
    return undefined;
  }
  const staged = staging?.realPathsSince(0) ?? [];
  let sent = staged.length;
  return {
    module: childReadFileModule(),
    export: "createChildReadFile",
    options: {
      root,
      maxReadBytes: origin.maxReadBytes,
      protectedGlobs: [...(origin.options.protectedGlobs ?? [])],
      loadedPaths: (origin.options.loadedPaths ?? []).map(({ path, reason }) => ({ path, reason })),
      allowReadGlobs: [...(origin.options.allowReadGlobs ?? [])],
      allowWriteGlobs: [...(origin.options.allowWriteGlobs ?? [])],
      openingsAwaitTrust: origin.options.openingsAwaitTrust === true,
      staged,
      ...(staging?.writes === false ? { noteReads: false } : {}),
    },
    readRoots: [root],
    ...(staging
      ? {
          report: (report: unknown) => {
            if (!Array.isArray(report)) return;
            for (const read of report)
              if (Array.isArray(read) && typeof read[0] === "string" && typeof read[1] === "string")
                staging.noteRead(read[0], { exists: true, hash: read[1] });
          },
          news: () => {
            const fresh = staging.realPathsSince(sent);
            if (fresh.length === 0) return undefined;
            sent += fresh.length;
            return fresh;
          },
        }
      : {}),
  };
}
