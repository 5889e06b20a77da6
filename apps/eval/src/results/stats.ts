/**
 * The report's uncertainty: Wilson score intervals for rates, and percentile bootstrap intervals
 * (resampling intents, seeded) for pass^k and for differences between two rows. Intents are the
 * unit of resampling because the trials of one intent are not independent of each other.
 */
import { seededRandom } from "./seeded-random.js";

/** A 95% interval, `[low, high]`, both in the unit of the estimate. */
export type Interval = readonly [number, number];

const Z_95 = 1.959963984540054;

/** Resamples per bootstrap; enough for stable 2.5% and 97.5% percentiles. */
export const BOOTSTRAP_RESAMPLES = 2000;

/** The seed of every bootstrap, so a report is the same on every run. */
export const BOOTSTRAP_SEED = 0x1ac4b7;

/** The 95% Wilson score interval of `successes` out of `trials`; null when there are no trials. */
export function wilsonInterval(successes: number, trials: number): Interval | null {
  if (trials === 0) return null;
  const share = successes / trials;
  const z2 = Z_95 * Z_95;
  const denominator = 1 + z2 / trials;
  const center = (share + z2 / (2 * trials)) / denominator;
  const half =
    (Z_95 * Math.sqrt((share * (1 - share)) / trials + z2 / (4 * trials * trials))) / denominator;
  return [Math.max(0, center - half), Math.min(1, center + half)];
}

function percentile(sorted: readonly number[], share: number): number {
  const position = (sorted.length - 1) * share;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

/** The 2.5th and 97.5th percentiles of `resample()` over BOOTSTRAP_RESAMPLES draws. */
function bootstrap(resample: (random: () => number) => number): Interval {
  const random = seededRandom(BOOTSTRAP_SEED);
  const estimates = Array.from({ length: BOOTSTRAP_RESAMPLES }, () => resample(random)).sort(
    (a, b) => a - b,
  );
  return [percentile(estimates, 0.025), percentile(estimates, 0.975)];
}

/** The 95% bootstrap interval of the mean of per-intent values (e.g. pass^k); null for none. */
export function bootstrapMean(values: readonly number[]): Interval | null {
  if (values.length === 0) return null;
  return bootstrap((random) => {
    let total = 0;
    for (let index = 0; index < values.length; index++)
      total += values[Math.floor(random() * values.length)];
    return total / values.length;
  });
}

/** Passes out of trials of one intent in one row. */
export interface IntentTally {
  passes: number;
  trials: number;
}

/** A difference between two pass rates with its 95% interval; significant when the interval excludes 0 over enough intents. */
export interface Difference {
  /** `a − b`, in shares (0.05 is 5 percentage points). */
  difference: number;
  interval: Interval;
  significant: boolean;
  /** Intents both rows were compared on. */
  intents: number;
}

const rate = (tallies: readonly IntentTally[]) => {
  let passes = 0;
  let trials = 0;
  for (const tally of tallies) {
    passes += tally.passes;
    trials += tally.trials;
  }
  return trials === 0 ? 0 : passes / trials;
};

/**
 * Fewest shared intents a difference needs to be called significant. A percentile bootstrap over
 * a handful of intents is far too narrow (three intents that all differ one way give an interval
 * of a single point), and even a sign test needs six intents that all agree to reach 5%.
 */
export const MIN_PAIRED_INTENTS = 10;

/**
 * The difference of pass rates `a − b` over the intents both have, paired by intent: each
 * resample draws intents with replacement and recomputes both rates on the same draw. Null when
 * they share no intent; never significant over fewer than MIN_PAIRED_INTENTS intents.
 */
export function pairedDifference(
  a: ReadonlyMap<string, IntentTally>,
  b: ReadonlyMap<string, IntentTally>,
): Difference | null {
  const shared = [...a.keys()].filter((intent) => b.has(intent)).sort();
  if (shared.length === 0) return null;
  const left = shared.map((intent) => a.get(intent)!);
  const right = shared.map((intent) => b.get(intent)!);
  const difference = rate(left) - rate(right);
  const interval = bootstrap((random) => {
    const drawnLeft: IntentTally[] = [];
    const drawnRight: IntentTally[] = [];
    for (let index = 0; index < shared.length; index++) {
      const pick = Math.floor(random() * shared.length);
      drawnLeft.push(left[pick]);
      drawnRight.push(right[pick]);
    }
    return rate(drawnLeft) - rate(drawnRight);
  });
  return {
    difference,
    interval,
    significant: shared.length >= MIN_PAIRED_INTENTS && (interval[0] > 0 || interval[1] < 0),
    intents: shared.length,
  };
}

/** Mean, smallest and largest of a list of numbers (0s for an empty list). */
export function meanAndRange(values: readonly number[]): {
  mean: number;
  min: number;
  max: number;
} {
  if (values.length === 0) return { mean: 0, min: 0, max: 0 };
  return {
    mean: values.reduce((sum, value) => sum + value, 0) / values.length,
    min: Math.min(...values),
    max: Math.max(...values),
  };
}
