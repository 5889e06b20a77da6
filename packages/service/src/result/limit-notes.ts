import type { LimitDefaults } from "@lackpy/lang";

/** A limit a request asked for above the workspace's maximum, and what the run used instead. */
export interface LoweredLimit {
  limit: keyof LimitDefaults;
  requested: number;
  used: number;
}

/** What the service adds to a run's result: the limits it lowered to the workspace's maxima. */
export interface LimitNotes {
  /** Limits the request asked for above `[run.maxima]`, and what the run used; absent when none. */
  limitsLowered?: LoweredLimit[];
}
