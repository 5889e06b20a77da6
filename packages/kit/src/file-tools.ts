import { randomBytes } from "node:crypto";
import {
  lstat,
  mkdir,
  open,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  stat,
} from "node:fs/promises";
import path from "node:path";
import type { ToolSpec } from "@lackpy/lang";
import { confinePath } from "./confine-path.js";
import { globToRegExp } from "./glob.js";
import { ToolError } from "./kit-error.js";
import type { ToolFunction, ToolProvider } from "./toolbox.js";

/** Largest file `read_file` returns. */
export const MAX_READ_BYTES = 10 * 1024 * 1024;
/** Most paths `find_files` returns. */
export const MAX_FIND_RESULTS = 10_000;

/** Specs of the builtin file tools. */
export const FILE_TOOL_SPECS: readonly ToolSpec[] = Object.freeze([
  {
    name: "read_file",
    provider: "builtin",
    description: "Read a UTF-8 text file of the workspace.",
    args: [{ name: "path", type: "string", description: "Workspace-relative path", path: "read" }],
    returns: "string",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "read_file.md",
    examples: [
      { intent: "show the readme", code: `read_file("README.md")`, tags: ["read", "file", "show"] },
    ],
  },
  {
    name: "find_files",
    provider: "builtin",
    description:
      "Workspace-relative paths matching a glob (* and ? within a segment, ** across), sorted.",
    args: [{ name: "pattern", type: "string", description: "Glob such as src/**/*.ts" }],
    returns: "string[]",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "find_files.md",
    examples: [
      {
        intent: "list all typescript files",
        code: `find_files("**/*.ts")`,
        tags: ["list", "find", "files", "glob"],
      },
    ],
  },
  {
    name: "write_file",
    provider: "builtin",
    description:
      "Write a UTF-8 text file (atomically), creating folders; returns the bytes written.",
    args: [
      { name: "path", type: "string", description: "Workspace-relative path", path: "write" },
      { name: "content", type: "string", description: "New content" },
    ],
    returns: "number",
    gradeW: 3,
    effectsCeiling: 3,
    docs: "write_file.md",
    examples: [
      {
        intent: "write notes",
        code: `write_file("notes.md", "# Notes\\n")`,
        tags: ["write", "create", "file"],
      },
    ],
  },
  {
    name: "edit_file",
    provider: "builtin",
    description:
      "Replace the first occurrence of old with new in a file; true when replaced, false when old is not found.",
    args: [
      { name: "path", type: "string", description: "Workspace-relative path", path: "write" },
      { name: "old", type: "string", description: "Exact text to find" },
      { name: "new", type: "string", description: "Replacement text" },
    ],
    returns: "boolean",
    gradeW: 3,
    effectsCeiling: 3,
    docs: "edit_file.md",
    examples: [
      {
        intent: "rename foo to bar in app.ts",
        code: `edit_file("src/app.ts", "foo", "bar")`,
        tags: ["edit", "replace", "rename"],
      },
    ],
  },
] satisfies ToolSpec[]);

const SKIPPED_DIRECTORIES = new Set(["node_modules", ".git"]);

async function readText(root: string, requested: unknown): Promise<string> {
  const file = await confinePath(root, requested);
  let info;
  try {
    info = await stat(file);
  } catch {
    throw new ToolError("not_found", `No file '${String(requested)}' in the workspace.`, {
      retriable: true,
      hint: "use find_files(pattern) to see which files exist",
    });
  }
  if (info.isDirectory())
    throw new ToolError("is_directory", `'${String(requested)}' is a directory, not a file.`, {
      retriable: true,
      hint: `use find_files("${String(requested).replace(/\/$/, "")}/*") to list it`,
    });
  if (info.size > MAX_READ_BYTES)
    throw new ToolError(
      "too_large",
      `'${String(requested)}' is ${info.size} bytes; read_file reads files up to ${MAX_READ_BYTES} bytes.`,
    );
  const bytes = await readFile(file);
  if (bytes.subarray(0, 8192).includes(0))
    throw new ToolError("binary_file", `'${String(requested)}' is a binary file, not text.`, {
      retriable: true,
    });
  return bytes.toString("utf8");
}

async function findFiles(root: string, pattern: unknown): Promise<string[]> {
  if (typeof pattern !== "string" || pattern.trim() === "")
    throw new ToolError(
      "invalid_pattern",
      'find_files needs a glob pattern such as "src/**/*.ts".',
      { retriable: true },
    );
  const normalised = pattern.replace(/\\/g, "/").replace(/^\.\//, "");
  if (normalised.startsWith("/") || normalised.split("/").includes("..")) {
    throw new ToolError(
      "path_outside_root",
      `The pattern '${pattern}' reaches outside the workspace.`,
      { retriable: true, hint: 'patterns are relative to the workspace root, e.g. "**/*.md"' },
    );
  }
  const matcher = globToRegExp(normalised);
  const explicit = new Set(normalised.split("/").filter((part) => SKIPPED_DIRECTORIES.has(part)));
  const realRoot = await realpath(root);
  const results: string[] = [];
  const walk = async (directory: string, relative: string): Promise<void> => {
    const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      const absolute = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (SKIPPED_DIRECTORIES.has(entry.name) && !explicit.has(entry.name)) continue;
        await walk(absolute, child);
      } else if (entry.isFile() && matcher.test(child)) {
        results.push(child);
        if (results.length > MAX_FIND_RESULTS)
          throw new ToolError(
            "too_many_results",
            `More than ${MAX_FIND_RESULTS} files match '${pattern}'.`,
            { retriable: true, hint: "use a narrower pattern" },
          );
      }
      // Symlinks are not followed: a link cannot lead the walk outside the root.
    }
  };
  await walk(realRoot, "");
  return results.sort();
}

/** Writes atomically (temp file in the same folder, then rename), refusing files the process may not write. */
async function writeText(root: string, requested: unknown, content: unknown): Promise<number> {
  if (typeof content !== "string")
    throw new ToolError(
      "invalid_content",
      `write_file needs the content as a string, not ${content === null ? "null" : typeof content}.`,
      { retriable: true, hint: "convert with str(value) or JSON.stringify(value)" },
    );
  const file = await confinePath(root, requested);
  const existing = await lstat(file).catch(() => null);
  if (existing?.isDirectory())
    throw new ToolError("is_directory", `'${String(requested)}' is a directory.`, {
      retriable: true,
    });
  // Checked by mode bits, not access(): as root, access() says yes to a read-only file, and the rename would replace it.
  if (existing && (existing.mode & 0o222) === 0)
    throw new ToolError(
      "read_only",
      `'${String(requested)}' is read-only; lackpy will not replace it.`,
    );
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString("hex")}.lackpy-tmp`,
  );
  try {
    const handle = await open(temporary, "wx", existing ? existing.mode & 0o777 : 0o644);
    try {
      await handle.writeFile(content, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await renameFile(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error instanceof ToolError
      ? error
      : new ToolError(
          "write_failed",
          `Could not write '${String(requested)}': ${(error as Error).message}.`,
        );
  }
  return Buffer.byteLength(content, "utf8");
}

/** The rename step of an atomic write; tests replace it to simulate a crash. */
export const fileSystem = { rename: (from: string, to: string) => rename(from, to) };

function renameFile(from: string, to: string): Promise<void> {
  return fileSystem.rename(from, to);
}

async function editText(
  root: string,
  requested: unknown,
  old: unknown,
  replacement: unknown,
): Promise<boolean> {
  if (typeof old !== "string" || old === "" || typeof replacement !== "string") {
    throw new ToolError(
      "invalid_argument",
      "edit_file(path, old, new) needs old (non-empty) and new as strings.",
      { retriable: true },
    );
  }
  const text = await readText(root, requested);
  const index = text.indexOf(old);
  if (index < 0) return false;
  await writeText(
    root,
    requested,
    text.slice(0, index) + replacement + text.slice(index + old.length),
  );
  return true;
}

/** The builtin file tools, confined to `root`. */
export function createFileTools(root: string) {
  return {
    read_file: (file: unknown) => readText(root, file),
    find_files: (pattern: unknown) => findFiles(root, pattern),
    write_file: (file: unknown, content: unknown) => writeText(root, file, content),
    edit_file: (file: unknown, old: unknown, replacement: unknown) =>
      editText(root, file, old, replacement),
  };
}

/** The `builtin` provider: the four file tools for a workspace root. */
export function createBuiltinProvider(options: { root: string }): ToolProvider {
  const tools: Record<string, ToolFunction> = createFileTools(options.root);
  return {
    name: "builtin",
    resolve(spec) {
      const fn = tools[spec.name];
      if (!fn)
        throw new ToolError("unknown_tool", `The builtin provider has no tool '${spec.name}'.`);
      return fn;
    },
  };
}
