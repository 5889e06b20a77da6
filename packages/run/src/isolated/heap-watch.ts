import { createRequire } from "node:module";
import { getHeapStatistics } from "node:v8";

/** How much of `memoryMb` the heap may still fill right after a full collection. */
const NEAR_LIMIT = 0.85;

/**
 * Watches an isolated child's heap after each full garbage collection and aborts the current
 * run's signal once what survives fills most of its `memoryMb`. Past that point V8 would spend
 * seconds collecting ever less before it aborts the process; stopping first turns the death
 * into an ordinary `limit_memory` result, and the child lives on. V8's abort stays the backstop
 * for an allocation that overshoots between two checks.
 */
export class HeapWatch {
  private current: { limitBytes: number; controller: AbortController } | null = null;

  /**
   * Starts observing full collections. `perf_hooks` (ten of Node's modules) is loaded here, not
   * when this file is: the child makes its watch once it has said it is ready (decision 170).
   */
  constructor() {
    const { constants, PerformanceObserver } = createRequire(import.meta.url)(
      "node:perf_hooks",
    ) as typeof import("node:perf_hooks");
    new PerformanceObserver((list) => {
      if (!this.current) return;
      const major = list
        .getEntries()
        .some(
          (entry) =>
            (entry as { detail?: { kind?: number } }).detail?.kind ===
            constants.NODE_PERFORMANCE_GC_MAJOR,
        );
      if (major && getHeapStatistics().used_heap_size > NEAR_LIMIT * this.current.limitBytes)
        this.current.controller.abort();
    }).observe({ entryTypes: ["gc"] });
  }

  /** Starts watching one run; the signal aborts when its heap nears `memoryMb`. */
  begin(memoryMb: number): AbortSignal {
    const controller = new AbortController();
    this.current = { limitBytes: memoryMb * 1024 * 1024, controller };
    return controller.signal;
  }

  /** Stops watching; true when the run was stopped for its heap. */
  end(): boolean {
    const fired = this.current?.controller.signal.aborted ?? false;
    this.current = null;
    return fired;
  }
}
