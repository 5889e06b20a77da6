import type { SkippedCount } from "@lackpy/run";

/** The plural nouns a reason may start its count with, made singular for a count of 1. */
const PLURAL = /\b(files|paths|names|folders)\b/;

/**
 * What a run left out, as the text after `skipped: `, the largest first as the run lists it:
 * `195,973 files under node_modules, 12 binary files` (`1 binary file`). Empty for nothing.
 */
export function describeSkipped(skipped: readonly SkippedCount[] | undefined): string {
  return (skipped ?? [])
    .map(({ reason, count }) => {
      const noun = count === 1 ? reason.replace(PLURAL, (plural) => plural.slice(0, -1)) : reason;
      return `${count.toLocaleString("en-US")} ${noun}`;
    })
    .join(", ");
}
