import { ConfinedFolders, workspaceRoot } from "../protect/confine-path.js";
import { listForBulk } from "./bulk-listing.js";
import { SkippedTally } from "./skipped-files.js";
import { MAX_FIND_RESULTS, MAX_READ_BYTES } from "./file-tool-specs.js";
import { KitError } from "../kit-error.js";
import {
  createPathProtection,
  type LoadedPath,
  type PathProtection,
} from "../protect/protected-paths.js";
import { checkOpeningGlob, checkProtectedGlob } from "../protect/check-protected-glob.js";
import { readTextFile } from "./read-text-file.js";
import { signalOf } from "../toolbox/tool-call-context.js";
import { stagingOf, type FileStaging } from "./file-staging.js";
import { stageTextFile } from "./stage-text-file.js";
import type { ToolFunction, ToolProvider } from "../toolbox/toolbox.js";
import { checkWriteTarget, writeTextFile } from "./write-text-file.js";
import { fileSize } from "./file-size.js";
import { listFolder, type FolderEntry } from "./list-folder.js";
import { readLines } from "./read-lines.js";
import { searchFiles, type ScanOptions, type SearchHit } from "./search-files.js";
import { fileSizes, type FileSizeRow } from "./file-sizes.js";
import { lineCounts, type LineCountRow } from "./line-counts.js";
import { callersOf } from "./callers-of.js";
import { definitionsOf } from "./definitions-of.js";
import { exportsOf, type ExportedName } from "./exports-of.js";
import { importersOf, importsOf } from "./imports-of.js";
import { declarationsOfFile } from "./declarations-of-file.js";
import type { Declaration } from "../code/module-declarations.js";
import { noteReadFile } from "./child-file-tool.js";
import { checkEditArguments, editText } from "./edit-text-file.js";

/** Options of the builtin file tools. */
export interface FileToolsOptions {
  /** Largest file `read_file` returns; 10 MiB by default. */
  maxReadBytes?: number;
  /** Most paths `find_files` returns (and rows `file_sizes` and `line_counts` return, and entries `list_folder` lists); 1,000,000 by default. */
  maxFindResults?: number;
  /** Globs protected on top of the builtin protected paths (the config's `[files] protected`). */
  protectedGlobs?: readonly string[];
  /** Workspace paths lackpy itself loads or runs (module tools, MCP server scripts): refused like the builtin protected paths. */
  loadedPaths?: readonly LoadedPath[];
  /** Globs that open closed paths (hidden names) for reading (the config's `[files] allow_read`). */
  allowReadGlobs?: readonly string[];
  /** Globs that open closed paths (hidden names, command files) for reading and writing (the config's `[files] allow_write`). */
  allowWriteGlobs?: readonly string[];
  /** True when the config has opening globs left out until a person trusts it: a `closed_path` hint then says so. */
  openingsAwaitTrust?: boolean;
}

/**
 * The builtin file tools, confined to the workspace `root`. `find_files`, the bulk tools
 * (`file_sizes`, `line_counts`, `search_files`, `definitions_of`, `callers_of`), `write_file` and `edit_file`
 * read the `signal` of the `ToolCallContext` a run passes as `this`; called without one (plainly,
 * or as methods of this object) they cannot be aborted. The bulk tools tell the run what they
 * left out through its `noteSkipped`. When `this` carries a `FileStaging` (`staging`),
 * `write_file` and `edit_file` write to it instead of the disk, and every tool reads through it.
 */
export interface FileTools {
  /** The text at once when one synchronous read took it (see `readTextFile`), else a promise; a refusal is a rejected promise. */
  read_file(path: unknown): string | Promise<string>;
  find_files(pattern: unknown, options?: unknown): Promise<string[]>;
  file_size(path: unknown): Promise<number>;
  file_sizes(pattern?: unknown, options?: unknown): Promise<FileSizeRow[]>;
  line_counts(pattern?: unknown, options?: unknown): Promise<LineCountRow[]>;
  list_folder(path?: unknown): Promise<FolderEntry[]>;
  read_lines(path: unknown, start: unknown, end?: unknown): Promise<string[]>;
  search_files(text: unknown, glob?: unknown): Promise<SearchHit[]>;
  definitions_of(name: unknown, glob?: unknown): Promise<SearchHit[]>;
  exports_of(path: unknown): Promise<ExportedName[]>;
  imports_of(path: unknown): Promise<string[]>;
  declarations_in(path: unknown): Promise<Declaration[]>;
  importers_of(module: unknown, glob?: unknown): Promise<SearchHit[]>;
  callers_of(name: unknown, glob?: unknown): Promise<SearchHit[]>;
  write_file(path: unknown, content: unknown): Promise<number>;
  edit_file(path: unknown, old: unknown, replacement: unknown, options?: unknown): Promise<number>;
}

/** The builtin file tools for a workspace root; every path is confined to `root` and goes through the one path check (`checkWorkspacePath`). */
export function createFileTools(root: string, options: FileToolsOptions = {}): FileTools {
  const maxReadBytes = options.maxReadBytes ?? MAX_READ_BYTES;
  const maxFindResults = options.maxFindResults ?? MAX_FIND_RESULTS;
  const protection = protectionFor(options);
  // One per set of tools: the root's real path is remembered between calls.
  const workspace = workspaceRoot(root);
  const scanOptions = (context: unknown): ScanOptions => {
    const staging = stagingOf(context);
    return {
      maxReadBytes,
      maxFindResults,
      protection,
      signal: signalOf(context),
      call: context,
      ...(staging ? { staging, folders: foldersOf(staging) } : {}),
    };
  };
  const tools: FileTools = {
    read_file(file) {
      const staging = stagingOf(this);
      return readTextFile(workspace, file, {
        maxReadBytes,
        protection,
        ...(staging ? { staging, folders: foldersOf(staging) } : {}),
      });
    },
    async find_files(pattern, callOptions) {
      const options = { ...scanOptions(this), tool: "find_files" };
      const listing = await listForBulk(workspace, pattern, callOptions, options);
      listing.skipped.report(this, listing.scope);
      return listing.files;
    },
    async file_size(file) {
      return fileSize(workspace, file, { protection, staging: stagingOf(this) });
    },
    file_sizes(pattern, callOptions) {
      return fileSizes(workspace, pattern, callOptions, scanOptions(this));
    },
    line_counts(pattern, callOptions) {
      return lineCounts(workspace, pattern, callOptions, scanOptions(this));
    },
    async list_folder(folder) {
      const staging = stagingOf(this);
      const skipped = new SkippedTally();
      const entries = listFolder(workspace, folder, {
        protection,
        maxEntries: maxFindResults,
        staging,
        skipped,
      });
      skipped.report(this, `${String(folder ?? ".")}/*`);
      return entries;
    },
    read_lines(file, start, end) {
      const staging = stagingOf(this);
      return readLines(workspace, file, start, end, { maxReadBytes, protection, staging });
    },
    async search_files(text, glob) {
      return searchFiles(workspace, text, glob, scanOptions(this));
    },
    async definitions_of(name, glob) {
      return definitionsOf(workspace, name, glob, scanOptions(this));
    },
    exports_of(file) {
      return exportsOf(workspace, file, { maxReadBytes, protection, staging: stagingOf(this) });
    },
    imports_of(file) {
      return importsOf(workspace, file, { maxReadBytes, protection, staging: stagingOf(this) });
    },
    declarations_in(file) {
      const staging = stagingOf(this);
      return declarationsOfFile(workspace, file, { maxReadBytes, protection, staging });
    },
    async importers_of(module, glob) {
      return importersOf(workspace, module, glob, scanOptions(this));
    },
    async callers_of(name, glob) {
      return callersOf(workspace, name, glob, scanOptions(this));
    },
    write_file(file, content) {
      const staging = stagingOf(this);
      const signal = signalOf(this);
      return staging
        ? stageTextFile(workspace, file, content, {
            protection,
            staging,
            signal,
            maxTextBytes: maxReadBytes,
          })
        : writeTextFile(workspace, file, content, { protection, signal });
    },
    async edit_file(file, old, replacement, editOptions) {
      const request = checkEditArguments(old, replacement, editOptions);
      // Refused before reading: a path closed for writing or a read-only file.
      checkWriteTarget(workspace, file, { protection });
      const staging = stagingOf(this);
      const text = await readTextFile(workspace, file, { maxReadBytes, protection, staging });
      const edited = editText(text, request, String(file));
      const signal = signalOf(this);
      if (staging)
        await stageTextFile(workspace, file, edited.text, {
          protection,
          staging,
          signal,
          maxTextBytes: maxReadBytes,
        });
      else await writeTextFile(workspace, file, edited.text, { protection, signal });
      return edited.replaced;
    },
  };
  // An isolated child may read files itself with these same checks (`childToolOf`).
  noteReadFile(tools.read_file, { root, maxReadBytes, options });
  return tools;
}

/** The folders a run found to lead through no symlink, kept with its staging area (one run's life). */
const RUN_FOLDERS = new WeakMap<FileStaging, ConfinedFolders>();

function foldersOf(staging: FileStaging): ConfinedFolders {
  let folders = RUN_FOLDERS.get(staging);
  if (!folders) RUN_FOLDERS.set(staging, (folders = new ConfinedFolders()));
  return folders;
}

/** The compiled protection of the options; a glob the config could not hold is a caller mistake. */
export function protectionFor(options: FileToolsOptions): PathProtection {
  const checks = [
    ["protected", options.protectedGlobs ?? [], checkProtectedGlob],
    ["allow_read", options.allowReadGlobs ?? [], checkOpeningGlob],
    ["allow_write", options.allowWriteGlobs ?? [], checkOpeningGlob],
  ] as const;
  for (const [key, globs, check] of checks)
    for (const glob of globs) {
      const problem = check(glob);
      if (problem)
        throw new KitError(
          "invalid_option",
          `The ${key} glob ${JSON.stringify(glob)} ${problem}.`,
          { hint: 'these globs are workspace-relative, e.g. "secrets/**" or "**/*.pem"' },
        );
    }
  return createPathProtection(options.protectedGlobs ?? [], {
    loaded: options.loadedPaths ?? [],
    allowRead: options.allowReadGlobs ?? [],
    allowWrite: options.allowWriteGlobs ?? [],
    openingsAwaitTrust: options.openingsAwaitTrust === true,
  });
}

/** The `builtin` provider: the file tools for a workspace root. */
export function createBuiltinProvider(options: { root: string } & FileToolsOptions): ToolProvider {
  const tools: Record<string, ToolFunction> = { ...createFileTools(options.root, options) };
  return {
    name: "builtin",
    resolve(spec) {
      const tool = Object.hasOwn(tools, spec.name) ? tools[spec.name] : undefined;
      if (!tool)
        throw new KitError("unknown_tool", `The builtin provider has no tool '${spec.name}'.`, {
          hint: `builtin tools: ${Object.keys(tools).join(", ")}`,
        });
      return tool;
    },
  };
}
