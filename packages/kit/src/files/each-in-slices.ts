import { monotonicMs } from "@lackpy/lang";
import { setImmediate as nextTurn } from "node:timers/promises";
import { refuseWhenAborted } from "../toolbox/tool-call-context.js";
import { WALK_SLICE_MS } from "./find-files.js";

/** How a bulk tool goes over its files: the call's signal, and how long it works between two turns of the event loop. */
export interface SliceOptions {
  signal?: AbortSignal;
  /** Synchronous work between two turns of the event loop, in ms (`WALK_SLICE_MS` by default). */
  sliceMs?: number;
}

/**
 * Calls `visit` on each item in order, synchronously for `sliceMs` at a time, then lets the event
 * loop run (timers, I/O, the abort of the call); once the call's signal aborts it stops with the
 * `aborted` `ToolError`, saying what was left unfinished.
 */
export async function eachInSlices<T>(
  items: readonly T[],
  visit: (item: T) => void,
  options: SliceOptions & { what: string },
): Promise<void> {
  const sliceMs = options.sliceMs ?? WALK_SLICE_MS;
  let sliceStart = monotonicMs();
  for (let index = 0; index < items.length; index++) {
    // The clock is read every 16 items: a file's work is microseconds.
    if ((index & 15) === 0 && monotonicMs() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = monotonicMs();
      refuseWhenAborted(options.signal, options.what);
    }
    visit(items[index]);
  }
  refuseWhenAborted(options.signal, options.what);
}
