/**
 * `checkWorkspacePath` as it was before it folded a folder's names once (`path-names.ts`): every
 * name of the whole path checked on every call. Kept only as the reference of a differential test.
 */
import {
  CONTROL_CHARACTERS,
  forgivenName,
  plainLowerName,
  sealedReason,
  WRITE_PROTECTED_FOLDERS,
} from "../protect/name-rules.js";
import {
  closedProblem,
  matchesPathOrFolder,
  startsWithSegments,
  type CheckPathOptions,
  type PathProblem,
  type PathProtection,
} from "../protect/protected-paths.js";

export function referencePathCheck(
  relative: string,
  protection: PathProtection,
  options: CheckPathOptions = {},
): PathProblem | null {
  if (CONTROL_CHARACTERS.test(relative))
    return { code: "invalid_path", reason: "it contains a control character" };
  if (relative === "") return null;
  const access = options.access ?? "read";
  const lower = relative.toLowerCase();
  const segments = lower.split("/");
  const names: string[] = new Array(segments.length);
  const hidden: number[] = [];
  for (let index = 0; index < segments.length; index++) {
    const plain = plainLowerName(segments[index]);
    const name = forgivenName(plain);
    const reason = sealedReason(name);
    if (reason !== null) return { code: "protected_path", reason };
    names[index] = name;
    if (plain.startsWith(".")) hidden.push(index);
  }
  for (const loaded of protection.loaded)
    if (startsWithSegments(names, loaded.segments))
      return { code: "protected_path", reason: `lackpy loads it: ${loaded.reason}` };
  if (access === "write")
    for (const name of names)
      if (Object.hasOwn(WRITE_PROTECTED_FOLDERS, name))
        return { code: "protected_path", reason: WRITE_PROTECTED_FOLDERS[name], writeOnly: true };
  for (let index = 0; index < protection.globs.length; index++)
    if (matchesPathOrFolder(protection.globs[index], lower))
      return {
        code: "protected_path",
        reason: `protected by the workspace config ([files] protected "${protection.patterns[index]}")`,
      };
  if (hidden.length === 0 && access === "read") return null;
  return closedProblem({ segments, names, hidden }, protection, access, options.folder === true);
}
