import { SKIPPED_REASONS } from "@lackpy/kit/node";
import type { SkippedCount } from "@lackpy/run";
import { describeSkipped } from "../result/describe-skipped.js";

/**
 * What an everyday request means to leave out, so an answer without them is still the answer:
 * installed packages and gitignored files ("our files", as ripgrep and fd read them), the files
 * in those folders past the counting limit, and binary files (no text to find). Anything else a
 * run left out (hidden, protected or loaded paths, files over the read limit, symlinks,
 * unreadable files, a reason a module tool gave) may hold what was asked for.
 */
const MEANT_TO_LEAVE_OUT: ReadonlySet<string> = new Set([
  SKIPPED_REASONS.nodeModules,
  SKIPPED_REASONS.gitignored,
  SKIPPED_REASONS.uncounted,
  SKIPPED_REASONS.binary,
]);

/** True for an answer that says "none": an empty list, object or text, 0, false or null. */
function saysNone(output: unknown): boolean {
  if (output === null || output === undefined || output === 0 || output === false) return true;
  if (typeof output === "string" || Array.isArray(output)) return output.length === 0;
  return typeof output === "object" && Object.keys(output).length === 0;
}

/**
 * Why an offline answer (a template's or rule's) is not known to be right, or null when it is:
 * it says "none" while the run left out files that may be what was asked for. "Found nothing"
 * is not "there is nothing": `find_files("**\/*.yaml")` answers `[]` when the only YAML files
 * are hidden. With `noneIsUnknown` (the rule says so: a definition its parser cannot see), an
 * answer of none is never given, unless `emptyIsChecked` says the program answers `[]` only
 * after checking there is nothing (then only null is unknown, and `[]` is judged like any other
 * none). A model's answer is its own reading and is not judged here.
 */
export function unsureAnswer(
  output: unknown,
  skipped: readonly SkippedCount[] | undefined,
  noneIsUnknown: boolean | string = false,
  emptyIsChecked = false,
): string | null {
  if (!saysNone(output)) return null;
  const checked = emptyIsChecked && Array.isArray(output);
  if (noneIsUnknown && !checked)
    return `the answer was ${JSON.stringify(output ?? null)}, which says only that ${typeof noneIsUnknown === "string" ? noneIsUnknown : "its tools found nothing"}`;
  const unsure = (skipped ?? []).filter((row) => !MEANT_TO_LEAVE_OUT.has(row.reason));
  if (unsure.length === 0) return null;
  return `the answer was ${JSON.stringify(output ?? null)}, but the run left out ${describeSkipped(unsure)}, which may hold what was asked for`;
}
