import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { confinePath } from "./protect/confine-path.js";
import { KitError } from "./kit-error.js";
import { BUILTIN_PROTECTION, type PathProtection } from "./protect/protected-paths.js";
import { ToolError } from "./tool-error.js";
import { readRegularFile } from "./files/read-regular-file.js";

/** The largest doc read from a workspace (10 MiB, `read_file`'s limit). */
const MAX_DOC_BYTES = 10 * 1024 * 1024;

/** Folder of the markdown docs shipped for the builtin tools; `../docs/` from this file works from both src/ and dist/. */
export const SHIPPED_DOCS_DIR = fileURLToPath(new URL("../docs/", import.meta.url));

/**
 * Reads one doc. A bare file name of a shipped doc (`read_file.md`) reads the doc shipped with
 * the package, from any workspace; any other path is relative to `root`, confined to it, and
 * refused like `read_file` refuses it: protected (`.lackpy/`, `.git/`, `.env`, … and the config's
 * `[files] protected`) or closed (a hidden path the config's `[files] allow_read` does not open).
 */
export async function resolveDoc(
  docPath: string,
  root: string,
  options: { protection?: PathProtection } = {},
): Promise<string> {
  if (/^[\w.-]+\.md$/.test(docPath) && (await shippedDocNames()).includes(docPath))
    return readFile(path.join(SHIPPED_DOCS_DIR, docPath), "utf8");
  let file: string;
  try {
    file = await confinePath(root, docPath, {
      protection: options.protection ?? BUILTIN_PROTECTION,
    });
  } catch (error) {
    if (ToolError.is(error) && error.code === "protected_path")
      throw new KitError("protected_path", error.message, {
        hint: "docs are read from the workspace's own files, never from protected ones",
        cause: error,
      });
    if (ToolError.is(error) && error.code === "closed_path")
      throw new KitError("closed_path", error.message, { hint: error.hint, cause: error });
    throw new KitError(
      "path_outside_root",
      `The doc path '${docPath}' is outside the workspace; doc paths are relative to the workspace root.`,
      { hint: "use a path from docs_index", cause: ToolError.is(error) ? error : undefined },
    );
  }
  try {
    // A workspace's doc may be a FIFO or a link to a device: read only a regular file, bounded.
    return (await readRegularFile(file, { maxBytes: MAX_DOC_BYTES })).toString("utf8");
  } catch {
    throw new KitError("unknown_doc", `No doc at '${docPath}'.`, {
      hint: "use a path from docs_index",
    });
  }
}

let shippedNames: Promise<string[]> | undefined;

function shippedDocNames(): Promise<string[]> {
  shippedNames ??= readdir(SHIPPED_DOCS_DIR).catch(() => []);
  return shippedNames;
}
