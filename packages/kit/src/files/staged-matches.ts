import type { Glob } from "../glob/compile-glob.js";
import { checkWorkspacePath, type PathProtection } from "../protect/protected-paths.js";
import { isIgnored, type IgnoreRule } from "./gitignore-rules.js";
import { SKIPPED_FOLDERS } from "./skipped-files.js";

/** What the walk checks a name against, for `walkFinds` to check a staged path the same way. */
export interface WalkChecks {
  glob: Glob;
  /** The skipped folders the pattern names (entered all the same). */
  named: ReadonlySet<string>;
  /** The names the pattern spells out without wildcards (listed even when ignored). */
  literalNames: ReadonlySet<string>;
  protection: PathProtection;
  /** The `.gitignore` rules in effect for a folder's entries, given those above it; none with `include_ignored`. */
  rulesIn?: (relative: string, above: readonly IgnoreRule[]) => readonly IgnoreRule[];
}

/**
 * True when the walk would list a file at this workspace-relative path: every folder on the way
 * may be entered (the path check as a folder, not ignored by the `.gitignore` rules in effect
 * unless the pattern spells its name out, `node_modules` only when named, the glob can still
 * match below it) and the file passes the path check, is not ignored, and matches the glob.
 */
export function walkFinds(relative: string, checks: WalkChecks): boolean {
  const { glob, rulesIn } = checks;
  const names = relative.split("/");
  let state = glob.start();
  let rules = rulesIn ? rulesIn("", []) : [];
  for (let index = 0; index < names.length - 1; index++) {
    const name = names[index];
    const folder = names.slice(0, index + 1).join("/");
    if (checkWorkspacePath(folder, checks.protection, { folder: true })) return false;
    if (!checks.literalNames.has(name) && isIgnored(rules, folder, true)) return false;
    if (SKIPPED_FOLDERS.includes(name) && !checks.named.has(name)) return false;
    state = glob.advance(state, `${name}/`);
    if (state.length === 0) return false;
    if (rulesIn) rules = rulesIn(folder, rules);
  }
  const name = names[names.length - 1];
  if (checkWorkspacePath(relative, checks.protection)) return false;
  if (!checks.literalNames.has(name) && isIgnored(rules, relative, false)) return false;
  return glob.matches(glob.advance(state, name));
}
