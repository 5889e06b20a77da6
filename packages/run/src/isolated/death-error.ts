import type { ChildDeath } from "./isolated-child.js";
import type { RunErrorValue } from "../run-error.js";

/** What V8 writes to stderr when a heap outgrows `--max-old-space-size`, before it aborts. */
const HEAP_DEATH = /heap limit|heap out of memory|allocation failed/i;

/**
 * The error of a run whose child died under it: `limit_memory` when V8 aborted it for its heap,
 * otherwise a `runtime_error` naming the signal or exit code. What the child wrote is never
 * shown (it may hold host paths); it only tells the two apart.
 */
export function deathError(death: ChildDeath, memoryMb: number): RunErrorValue {
  if (HEAP_DEATH.test(death.stderr))
    return {
      code: "limit_memory",
      message: `The program used more than ${memoryMb} MiB of memory and was stopped.`,
      hint: "work on smaller pieces of data, or fewer copies of it at once",
    };
  const how = death.signal
    ? `it was killed by ${death.signal}`
    : death.code !== null
      ? `it exited with code ${death.code}`
      : "it could not be started";
  return {
    code: "runtime_error",
    message: `The process running the program stopped unexpectedly (${how}).`,
    hint: "run the program again",
  };
}
