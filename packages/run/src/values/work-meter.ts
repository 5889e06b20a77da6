/**
 * The work meter: what a walk over program values needs from the run it belongs to. Every walk
 * whose cost grows with its input (display, comparison, JSON text, tool arguments) charges one
 * unit per value it reaches, counting a shared substructure each time it is reached, so the
 * run's clock checks stop it; results that grow (strings, lists) are checked against `maxSize`
 * before they are made. The interpreter is a work meter; `UNMETERED` is for host-side copies
 * that run outside any program.
 */
export interface WorkMeter {
  readonly limits: { readonly maxSize: number };
  /** Counts `units` of work and checks the clock once enough has piled up. */
  chargeWork(units: number): void;
  /** Raises `limit_size` when something of `length` items would exceed the size limit. */
  checkSize(length: number, what: string): void;
}

/**
 * Work units charged for each value a walk reaches: a step of a recursive walk costs about as
 * much as sixteen items of a native scan, so the clock is checked about as often for both.
 */
export const WALK_UNIT = 16;

/**
 * Work units charged for each key a native loop writes into a program object (`dict`,
 * `Object.fromEntries`): an object with many keys costs about sixteen array items a key.
 */
export const OBJECT_KEY_UNIT = 16;

/** Items a loop over many items handles between two work charges, so the clock is read as it goes. */
export const WORK_CHUNK_ITEMS = 16_384;

/**
 * Runs `handle(start, end)` over `[0, count)` in chunks, charging `unitsPerItem` for each item
 * before its chunk: a loop over ten million items stops at the deadline, not after the loop.
 */
export function inChunks(
  meter: WorkMeter,
  count: number,
  unitsPerItem: number,
  handle: (start: number, end: number) => void,
): void {
  for (let start = 0; start < count; start += WORK_CHUNK_ITEMS) {
    const end = Math.min(count, start + WORK_CHUNK_ITEMS);
    meter.chargeWork((end - start) * unitsPerItem);
    handle(start, end);
  }
}

/** A meter that never stops anything: for host-side code with no program and no limits. */
export const UNMETERED: WorkMeter = Object.freeze({
  limits: Object.freeze({ maxSize: Number.POSITIVE_INFINITY }),
  chargeWork: () => {},
  checkSize: () => {},
});

/** Thrown by a `cappedMeter` when its cap is passed; caught by the code that made the meter. */
export class CapReached extends Error {
  constructor() {
    super("cap reached");
    this.name = "CapReached";
  }
}

/**
 * A meter for short, bounded renderings (map keys in results, values in messages): it allows at
 * most `maxUnits` units of work and `maxLength` items, and throws `CapReached` past either.
 */
export function cappedMeter(maxLength: number, maxUnits = maxLength * 4 * WALK_UNIT): WorkMeter {
  let used = 0;
  return {
    limits: { maxSize: maxLength },
    chargeWork(units) {
      used += units;
      if (used > maxUnits) throw new CapReached();
    },
    checkSize(length) {
      if (length > maxLength) throw new CapReached();
    },
  };
}
