import type { RecoveryNotice } from "@lackpy/service";
import type { palette } from "./code-frame.js";

/** One recovery, in words: which run a crash cut short, what was put back, what was left. */
export function recoveryLine(notice: RecoveryNotice, colors: ReturnType<typeof palette>): string {
  const restored = notice.restored.length
    ? `put back ${notice.restored.join(", ")}`
    : "no file had landed";
  const left = notice.conflicts.length
    ? `; ${colors.yellow(`left ${notice.conflicts.join(", ")}`)} (changed since, or could not be put back)`
    : "";
  return `${notice.source} ${notice.runId} was cut short by a crash and rolled back: ${restored}${left}`;
}
