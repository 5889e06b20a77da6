import { compileGlob } from "../glob/compile-glob.js";
import { ToolError } from "../tool-error.js";

/**
 * Why a glob cannot be a protected glob (`[files] protected`), as the end of a sentence, or
 * null when it can: it must be a non-empty workspace-relative pattern within the glob caps.
 */
export function checkProtectedGlob(glob: string): string | null {
  if (glob.trim() === "") return "is empty";
  const normalised = glob.replace(/\\/g, "/");
  if (normalised.startsWith("/") || /^[A-Za-z]:/.test(normalised) || /^~(\/|$)/.test(normalised))
    return "is absolute; protected globs are relative to the workspace root";
  if (normalised.split("/").includes(".."))
    return "uses .., which cannot match a workspace-relative path";
  try {
    compileGlob(normalised);
  } catch (error) {
    if (error instanceof ToolError) return `is refused: ${error.message}`;
    throw error;
  }
  return null;
}
