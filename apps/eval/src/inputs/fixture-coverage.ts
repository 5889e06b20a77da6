/**
 * What a fixture file holds of the intents: the intents with a recording of their own wording,
 * and the cells (intent × variant × trial) recorded. A recording stopped early (`--limit`,
 * Ctrl-C, failed cells) holds some intents only: it is partial, and is measured on those.
 */
import { DEFAULT_PROMPT_VARIANT, type ModelCallRecord } from "@lackpy/infer";
import { cellKey } from "./cell-specs.js";
import type { Intent } from "./types.js";

/** How much of the intents a fixture covers. */
export interface FixtureCoverage {
  /** Intents with at least one recorded call of their own wording (paraphrases do not count). */
  intents: Set<string>;
  /** Keys (`cellKey`) of every recorded cell, paraphrases included. */
  cells: Set<string>;
  /** Ids of the intents with no recording, in the intents' order. */
  missing: string[];
  /** How many intents there are. */
  of: number;
}

/** The intents and cells a fixture's records cover, out of `intents`. */
export function fixtureCoverage(
  records: readonly Pick<ModelCallRecord, "intentId" | "promptVariant" | "trial">[],
  intents: readonly Pick<Intent, "id">[],
): FixtureCoverage {
  const cells = new Set<string>();
  const ids = new Set<string>();
  for (const record of records) {
    if (!record.intentId) continue;
    ids.add(record.intentId);
    cells.add(
      cellKey(record.intentId, record.promptVariant ?? DEFAULT_PROMPT_VARIANT, record.trial ?? 1),
    );
  }
  const covered = new Set(intents.filter((intent) => ids.has(intent.id)).map(({ id }) => id));
  return {
    intents: covered,
    cells,
    missing: intents.filter((intent) => !covered.has(intent.id)).map(({ id }) => id),
    of: intents.length,
  };
}

/** True when the fixture has a recording of every intent. */
export function coversEveryIntent(coverage: FixtureCoverage): boolean {
  return coverage.missing.length === 0;
}
