import { findFiles } from "./find-files.js";
import { MAX_FIND_RESULTS, MAX_READ_BYTES } from "./file-tool-specs.js";
import { KitError } from "./kit-error.js";
import { readTextFile } from "./read-text-file.js";
import { ToolError } from "./tool-error.js";
import type { ToolFunction, ToolProvider } from "./toolbox.js";
import { writeTextFile } from "./write-text-file.js";

/** Options of the builtin file tools. */
export interface FileToolsOptions {
  /** Largest file `read_file` returns; 10 MiB by default. */
  maxReadBytes?: number;
  /** Most paths `find_files` returns; 10,000 by default. */
  maxFindResults?: number;
}

/** The four builtin file tools, confined to the workspace `root`. */
export interface FileTools {
  read_file(path: unknown): Promise<string>;
  find_files(pattern: unknown): Promise<string[]>;
  write_file(path: unknown, content: unknown): Promise<number>;
  edit_file(path: unknown, old: unknown, replacement: unknown): Promise<boolean>;
}

/** The builtin file tools for a workspace root; every path is confined to `root`. */
export function createFileTools(root: string, options: FileToolsOptions = {}): FileTools {
  const maxReadBytes = options.maxReadBytes ?? MAX_READ_BYTES;
  const maxFindResults = options.maxFindResults ?? MAX_FIND_RESULTS;
  return {
    read_file: (file) => readTextFile(root, file, { maxReadBytes }),
    find_files: (pattern) => findFiles(root, pattern, { maxFindResults }),
    write_file: (file, content) => writeTextFile(root, file, content),
    async edit_file(file, old, replacement) {
      if (typeof old !== "string" || old === "" || typeof replacement !== "string")
        throw new ToolError(
          "invalid_argument",
          "edit_file(path, old, new) needs old (non-empty) and new as strings.",
          { retriable: true },
        );
      const text = await readTextFile(root, file, { maxReadBytes });
      const index = text.indexOf(old);
      if (index < 0) return false;
      const edited = text.slice(0, index) + replacement + text.slice(index + old.length);
      await writeTextFile(root, file, edited);
      return true;
    },
  };
}

/** The `builtin` provider: the four file tools for a workspace root. */
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
