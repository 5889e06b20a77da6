/**
 * Differences between rows, each with a paired bootstrap interval over intents: every prompt
 * variant of a model against its first variant, and every two models at the product's default
 * variant. Cells repeating an earlier variant's identical prompt are left out, so a variant is
 * compared with the baseline only on the intents where its prompt differs.
 */
import { DEFAULT_PROMPT_VARIANT, PROMPT_VARIANTS } from "@lackpy/infer";
import type { Comparison, RowKey } from "../results/report-types.js";
import type { Cell } from "../replay/score-cell.js";
import { pairedDifference, type IntentTally } from "../results/stats.js";
import { groupByRow } from "./summarise.js";

/**
 * Passes and trials per intent of a row's cells: the counted ones, or with `all` also those
 * repeating an earlier variant's identical prompt (right when the row is compared with another
 * model at the same variant, where nothing is counted twice).
 */
export function intentTallies(
  cells: readonly Pick<Cell, "intentId" | "score" | "sameAsVariant">[],
  options: { all?: boolean } = {},
) {
  const tallies = new Map<string, IntentTally>();
  for (const cell of cells) {
    if (cell.sameAsVariant !== null && !options.all) continue;
    const tally = tallies.get(cell.intentId) ?? { passes: 0, trials: 0 };
    tally.trials += 1;
    if (cell.score === 2) tally.passes += 1;
    tallies.set(cell.intentId, tally);
  }
  return tallies;
}

const keyOf = (cell: RowKey): RowKey => ({
  provider: cell.provider,
  model: cell.model,
  source: cell.source,
  variant: cell.variant,
  tier: cell.tier,
});

const rate = (tallies: ReadonlyMap<string, IntentTally>, intents: ReadonlySet<string>) => {
  let passes = 0;
  let trials = 0;
  for (const [intent, tally] of tallies)
    if (intents.has(intent)) {
      passes += tally.passes;
      trials += tally.trials;
    }
  return trials ? passes / trials : 0;
};

/** `a − b` over the intents both rows have, or null when they share none. */
export function compareTallies(
  kind: Comparison["kind"],
  a: { key: RowKey; tallies: ReadonlyMap<string, IntentTally> },
  b: { key: RowKey; tallies: ReadonlyMap<string, IntentTally> },
): Comparison | null {
  const difference = pairedDifference(a.tallies, b.tallies);
  if (!difference) return null;
  const shared = new Set([...a.tallies.keys()].filter((intent) => b.tallies.has(intent)));
  return {
    kind,
    a: a.key,
    b: b.key,
    passRateA: rate(a.tallies, shared),
    passRateB: rate(b.tallies, shared),
    ...difference,
  };
}

const variantIndex = (variant: string) => {
  const index = (PROMPT_VARIANTS as readonly string[]).indexOf(variant);
  return index === -1 ? PROMPT_VARIANTS.length : index;
};

/** Variant-against-first-variant and model-against-model differences of the model rows. */
export function compareRows(cells: readonly Cell[]): Comparison[] {
  const models = cells.filter((cell) => cell.tier === "ollama" || cell.tier === "anthropic");
  const rows = [...groupByRow(models).values()].map((group) => ({
    key: keyOf(group[0]),
    tallies: intentTallies(group),
    all: intentTallies(group, { all: true }),
  }));
  const comparisons: Comparison[] = [];
  const byModel = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.key.provider}\u0000${row.key.model}\u0000${row.key.source}`;
    byModel.set(key, [...(byModel.get(key) ?? []), row]);
  }
  for (const variants of byModel.values()) {
    const [first, ...others] = [...variants].sort(
      (a, b) => variantIndex(a.key.variant) - variantIndex(b.key.variant),
    );
    for (const other of others) {
      const comparison = compareTallies("variant", other, first);
      if (comparison) comparisons.push(comparison);
    }
  }
  const variants = [...new Set(rows.map((row) => row.key.variant))];
  const atVariant = variants.includes(DEFAULT_PROMPT_VARIANT)
    ? DEFAULT_PROMPT_VARIANT
    : variants.sort((a, b) => variantIndex(a) - variantIndex(b))[0];
  const peers = rows
    .filter((row) => row.key.variant === atVariant)
    .map((row) => ({
      key: row.key,
      tallies: row.all,
      rate: rate(row.all, new Set(row.all.keys())),
    }))
    .sort((a, b) => b.rate - a.rate || a.key.model.localeCompare(b.key.model));
  for (let left = 0; left < peers.length; left++)
    for (let right = left + 1; right < peers.length; right++) {
      const comparison = compareTallies("model", peers[left], peers[right]);
      if (comparison) comparisons.push(comparison);
    }
  return comparisons;
}
