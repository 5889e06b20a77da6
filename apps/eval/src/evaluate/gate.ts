/**
 * When `pnpm bench` fails: a significant regression of a recorded source against the baseline,
 * template answers the model alone would have got right (errors the ratchet added) above a
 * bound, an optional bound on the share of wrong template answers of the primary simulation,
 * and, only when asked, recorded fixtures whose prompts have changed since they were recorded.
 * Everything else a reader should know is a note.
 */
import type { RatchetReport } from "../results/ratchet-types.js";
import type { Comparison, FixtureInfo, GateOutcome } from "../results/report-types.js";

/** What the gate judges by. */
export type GateSettings = GateOutcome["settings"];

/** The defaults: no added errors, no bound on the share of wrong template answers, stale is a note. */
export const DEFAULT_GATE: GateSettings = Object.freeze({
  maxAddedTemplateErrors: 0,
  maxTemplateWrongShare: null,
  strictStale: false,
  baseline: null,
});

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const points = (share: number) => `${share >= 0 ? "+" : "−"}${Math.abs(share * 100).toFixed(1)} pp`;
const label = (key: Comparison["a"]) =>
  `${key.provider}/${key.model} · ${key.variant} · ${key.tier}`;

/** Judges a run. */
export function judge(
  parts: {
    fixtures: readonly FixtureInfo[];
    ratchet: RatchetReport | null;
    changes: readonly Comparison[] | null;
  },
  settings: GateSettings = DEFAULT_GATE,
): GateOutcome {
  const failures: string[] = [];
  const notes: string[] = [];
  for (const change of parts.changes ?? []) {
    if (!change.significant || change.difference >= 0) continue;
    const text = `${label(change.a)} (${change.a.source}): pass rate ${percent(change.passRateB)} → ${percent(change.passRateA)} (${points(change.difference)}, 95% CI ${points(change.interval[0])} to ${points(change.interval[1])}) since the baseline`;
    if (change.a.source === "recorded") failures.push(text);
    else notes.push(`${text}; not a failure: ${change.a.source} rows measure the harness`);
  }
  for (const simulation of parts.ratchet?.simulations ?? []) {
    const name = `${simulation.provider}/${simulation.model} (${simulation.scenario})`;
    if (simulation.addedErrors > settings.maxAddedTemplateErrors)
      failures.push(
        `ratchet ${name}: templates served ${simulation.addedErrors} wrong answers the model alone would have got right (bound ${settings.maxAddedTemplateErrors})`,
      );
    const share = simulation.wrongFromTemplatesShare;
    if (
      simulation.role === "primary" &&
      settings.maxTemplateWrongShare !== null &&
      share !== null &&
      share > settings.maxTemplateWrongShare
    )
      failures.push(
        `ratchet ${name}: ${percent(share)} of template answers were wrong (bound ${percent(settings.maxTemplateWrongShare)})`,
      );
  }
  for (const fixture of parts.fixtures) {
    const reasons = fixture.staleReasons ?? [];
    const stale = fixture.staleCells ?? 0;
    const missing = fixture.missingCells ?? 0;
    if (fixture.source !== "recorded" || (reasons.length === 0 && !stale && !missing)) continue;
    const text = `${fixture.provider}/${fixture.model} is stale: ${stale} cells answered from recordings of older prompts${missing ? `, ${missing} cells with no recording (scored 0, left out of the baseline comparison)` : ""}${reasons.length ? ` (${reasons.join("; ")})` : ""}; record it again`;
    if (settings.strictStale) failures.push(text);
    else notes.push(text);
  }
  return { failures, notes, settings };
}
