import { compileGlob } from "../glob/compile-glob.js";
import { comparableName, sealedReason } from "./name-rules.js";
import { ToolError } from "../tool-error.js";

/**
 * Why a glob cannot be a workspace glob of the config (`[files] protected`, `allow_read`,
 * `allow_write`), as the end of a sentence, or null when it can: it must be a non-empty
 * workspace-relative pattern within the glob caps.
 */
export function checkProtectedGlob(glob: string): string | null {
  if (glob.trim() === "") return "is empty";
  const normalised = glob.replace(/\\/g, "/");
  if (normalised.startsWith("/") || /^[A-Za-z]:/.test(normalised) || /^~(\/|$)/.test(normalised))
    return "is absolute; these globs are relative to the workspace root";
  if (normalised.split("/").includes(".."))
    return "uses .., which cannot match a workspace-relative path";
  try {
    compileGlob(normalised);
  } catch (error) {
    if (ToolError.is(error)) return `is refused: ${error.message}`;
    throw error;
  }
  return null;
}

/**
 * Why a glob cannot open paths (`[files] allow_read`, `allow_write`), as the end of a sentence,
 * or null when it can: a workspace glob (`checkProtectedGlob`) with no literal name that lackpy
 * never opens (`.git/**`, `.env`), since such a glob could open nothing.
 */
export function checkOpeningGlob(glob: string): string | null {
  const problem = checkProtectedGlob(glob);
  if (problem) return problem;
  for (const segment of glob.replace(/\\/g, "/").split("/")) {
    if (/[*?{]/.test(segment)) continue;
    const reason = sealedReason(comparableName(segment));
    if (reason !== null) return `names '${segment}', which lackpy never opens (${reason})`;
  }
  return null;
}
