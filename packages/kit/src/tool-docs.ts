import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { confinePath, isInside } from "./confine-path.js";
import { KitError } from "./kit-error.js";

/** Folder of the markdown docs shipped for the builtin tools (works from src/ and dist/). */
export const SHIPPED_DOCS_DIR = fileURLToPath(new URL("../docs/", import.meta.url));

/** One doc of a kit. */
export interface DocEntry {
  tool: string;
  path: string;
  shipped: boolean;
}

/** The docs of a kit's tools: shipped docs for builtin tools, workspace-relative paths for others. */
export function docsIndex(kit: {
  tools: readonly { name: string; docs?: string; provider?: string }[];
}): DocEntry[] {
  return kit.tools
    .filter((tool) => typeof tool.docs === "string")
    .map((tool) => ({
      tool: tool.name,
      path: tool.docs!,
      shipped: (tool.provider ?? "builtin") === "builtin",
    }));
}

/** Reads one doc: a shipped builtin doc by file name, or a workspace file; paths outside `root` are refused. */
export async function resolveDoc(docPath: string, root: string): Promise<string> {
  const shipped = path.resolve(SHIPPED_DOCS_DIR, docPath);
  if (!docPath.includes("/") && isInside(SHIPPED_DOCS_DIR, shipped)) {
    try {
      return await readFile(shipped, "utf8");
    } catch {
      // not a shipped doc: try the workspace
    }
  }
  let file: string;
  try {
    file = await confinePath(root, docPath);
  } catch {
    throw new KitError("path_outside_root", `The doc path '${docPath}' is outside the workspace.`, {
      hint: "doc paths are relative to the workspace root",
    });
  }
  try {
    return await readFile(file, "utf8");
  } catch {
    throw new KitError("unknown_tool", `No doc at '${docPath}'.`, {
      hint: "use docs_index to list the docs",
    });
  }
}
