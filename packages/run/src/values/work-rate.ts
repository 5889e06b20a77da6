/**
 * How long a unit of bulk work takes on this machine now. One native operation over many items
 * (a copy, a set, a sort) cannot be interrupted, so a run refuses one up front when its cost
 * would not fit the time left; the cost is its work units times this rate. The rate is learned
 * from the bulk operations the process actually ran (each one's time over its units, from the
 * moment it was charged to the next reading of the clock): it rises at once when operations get
 * slower (a loaded machine, a collecting heap) and falls back slowly, never below a floor that
 * an idle machine beats. Shared by every run of the process (in-process runs, or the runs of
 * one isolated child), so the first bulk operation of a run is already estimated well.
 */

/** The least a work unit is assumed to cost, in nanoseconds (an idle machine takes about 10). */
const FLOOR_NANOSECONDS = 25;
/** The most one measurement may raise the rate to: an outlier (a long pause) must not stall every run. */
const CEILING_NANOSECONDS = 400;
/** How far a lower measurement pulls the rate down. */
const FALL = 0.2;
/** Bulk work smaller than this is not measured: its time is mostly noise. */
const MEASURED_UNITS = 100_000;

let nanosecondsPerUnit = 40;

/** The current estimate, in nanoseconds per work unit. */
export function workUnitNanoseconds(): number {
  return nanosecondsPerUnit;
}

/** Milliseconds `units` of bulk work are expected to take. */
export function bulkWorkMs(units: number): number {
  return (units * nanosecondsPerUnit) / 1e6;
}

/** Takes one measurement: `units` of bulk work took `elapsedMs`. */
export function recordBulkWork(units: number, elapsedMs: number): void {
  if (units < MEASURED_UNITS || !(elapsedMs >= 0)) return;
  const measured = Math.min(
    CEILING_NANOSECONDS,
    Math.max(FLOOR_NANOSECONDS, (elapsedMs * 1e6) / units),
  );
  nanosecondsPerUnit =
    measured > nanosecondsPerUnit
      ? measured
      : nanosecondsPerUnit + (measured - nanosecondsPerUnit) * FALL;
}

/** One run's bulk operation being timed: from its charge to the next reading of the clock. */
export class BulkTiming {
  private units = 0;
  private startedAt = 0;

  /** Starts timing `units` of work charged at `now` (a timing still open is closed first). */
  start(units: number, now: number): void {
    this.close(now);
    this.units = units;
    this.startedAt = now;
  }

  /** Ends the timing at `now` and records it. */
  close(now: number): void {
    if (this.units === 0) return;
    recordBulkWork(this.units, now - this.startedAt);
    this.units = 0;
  }

  /** Drops the timing (the run waited for something else: a tool, the host's event loop). */
  drop(): void {
    this.units = 0;
  }
}
