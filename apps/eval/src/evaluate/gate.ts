/**
 * When `pnpm bench` fails: a significant regression of a recorded source against the baseline,
 * template answers the model alone would have got right (errors the ratchet added) above a
 * bound, an optional bound on the share of wrong template answers of the primary simulation,
 * and, only when asked (`--strict`), recorded fixtures that are stale (recorded against an older
 * prompt), miss answers, or were recorded against another workspace fixture. Everything else a
 * reader should know is a note; a partial recording is never a failure.
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

const fixtureName = (fixture: FixtureInfo) => `${fixture.provider}/${fixture.model}`;

/** A partial recording, or one with cells left unrecorded: what its rows cover, and how to fill it in. */
function coverageNote(fixture: FixtureInfo, intents: number): string | null {
  const recorded = fixture.recordedIntents ?? intents;
  const unrecorded = fixture.unrecordedCells ?? 0;
  if (!fixture.partial && unrecorded === 0) return null;
  const command = `pnpm --filter @lackpy/eval eval record --provider ${fixture.provider} --model ${fixture.model}`;
  // A file of an older prompt builder or workspace fixture cannot be appended to: record it anew.
  const outdated = (fixture.staleReasons ?? []).length > 0 || Boolean(fixture.workspaceChanged);
  const fill = (what: string) =>
    outdated
      ? `it is out of date, so \`${command} --replace\` records it anew`
      : `\`${command} --resume\` records ${what}`;
  if (!fixture.partial)
    return `${fixtureName(fixture)}: ${unrecorded} cells of its intents were not recorded and are left out of its rows; ${fill("them")}`;
  return `${fixtureName(fixture)} is a partial recording: ${recorded} of ${intents} intents. Its rows cover those ${recorded} only, it is compared with other rows on the intents both have, and the ratchet simulation does not use it; ${fill(`the other ${intents - recorded}`)}`;
}

/** Notes on a recorded fixture that no longer matches: stale prompts, answers missing, another workspace fixture. */
function outdatedNotes(fixture: FixtureInfo): string[] {
  const reasons = fixture.staleReasons ?? [];
  const stale = fixture.staleCells ?? 0;
  const missing = fixture.missingCells ?? 0;
  const texts: string[] = [];
  const missingText = `${missing} cells with no recorded answer for the prompt asked (scored 0, left out of the baseline comparison)`;
  if (reasons.length > 0 || stale > 0)
    texts.push(
      `${fixtureName(fixture)} is stale: ${stale} cells answered from recordings of older prompts${missing ? `, ${missingText}` : ""}${reasons.length ? ` (${reasons.join("; ")})` : ""}; record it again`,
    );
  else if (missing > 0) texts.push(`${fixtureName(fixture)}: ${missingText}`);
  if (fixture.workspaceChanged)
    texts.push(
      `${fixtureName(fixture)} was ${fixture.workspaceChanged}: its answers are checked against files that have changed; record it again`,
    );
  return texts;
}

/** Judges a run. */
export function judge(
  parts: {
    /** How many intents the run has. */
    intents: number;
    fixtures: readonly FixtureInfo[];
    ratchet: RatchetReport | null;
    changes: readonly Comparison[] | null;
  },
  settings: GateSettings = DEFAULT_GATE,
): GateOutcome {
  const failures: string[] = [];
  const notes: string[] = [];
  /** Why the run fails, in words for the verdict sentence, each once. */
  const reasons = new Set<string>();
  for (const change of parts.changes ?? []) {
    if (!change.significant || change.difference >= 0) continue;
    const text = `${label(change.a)} (${change.a.source}): pass rate ${percent(change.passRateB)} → ${percent(change.passRateA)} (${points(change.difference)}, 95% CI ${points(change.interval[0])} to ${points(change.interval[1])}) since the baseline`;
    if (change.a.source === "recorded") {
      failures.push(text);
      reasons.add("a recorded model's pass rate fell significantly since the baseline");
    } else notes.push(`${text}; not a failure: ${change.a.source} rows measure the harness`);
  }
  for (const simulation of parts.ratchet?.simulations ?? []) {
    const name = `${simulation.provider}/${simulation.model} (${simulation.scenario})`;
    if (simulation.addedErrors > settings.maxAddedTemplateErrors) {
      failures.push(
        `ratchet ${name}: templates served ${simulation.addedErrors} wrong answers the model alone would have got right (bound ${settings.maxAddedTemplateErrors})`,
      );
      reasons.add("templates served wrong answers the model alone would have got right");
    }
    const share = simulation.wrongFromTemplatesShare;
    if (
      simulation.role === "primary" &&
      settings.maxTemplateWrongShare !== null &&
      share !== null &&
      share > settings.maxTemplateWrongShare
    ) {
      failures.push(
        `ratchet ${name}: ${percent(share)} of template answers were wrong (bound ${percent(settings.maxTemplateWrongShare)})`,
      );
      reasons.add("more template answers were wrong than --max-template-wrong-share allows");
    }
  }
  for (const fixture of parts.fixtures) {
    const coverage = coverageNote(fixture, parts.intents);
    if (coverage) notes.push(coverage);
    if (fixture.source !== "recorded") continue;
    for (const text of outdatedNotes(fixture))
      if (settings.strictStale) {
        failures.push(text);
        reasons.add("a recorded fixture is out of date and --strict is on");
      } else notes.push(text);
  }
  return { verdict: verdictSentence(parts, settings, [...reasons]), failures, notes, settings };
}

/** Joins phrases as prose: `a`, `a and b`, `a, b and c`. */
function joined(phrases: readonly string[]): string {
  return phrases.length <= 1
    ? (phrases[0] ?? "")
    : `${phrases.slice(0, -1).join(", ")} and ${phrases.at(-1)}`;
}

/** The verdict in one plain sentence: why the run fails, or what it checked and found fine. */
function verdictSentence(
  parts: { ratchet: RatchetReport | null; changes: readonly Comparison[] | null },
  settings: GateSettings,
  reasons: readonly string[],
): string {
  if (reasons.length > 0) return `The run fails because ${joined(reasons)}.`;
  const checked: string[] = [];
  if ((parts.ratchet?.simulations.length ?? 0) > 0)
    checked.push(
      settings.maxAddedTemplateErrors === 0
        ? "templates served no wrong answer the model alone would have got right"
        : `templates served no more than ${settings.maxAddedTemplateErrors} wrong answers the model alone would have got right`,
    );
  if (parts.changes?.some((change) => change.a.source === "recorded"))
    checked.push("no recorded model's pass rate fell significantly since the baseline");
  const unchecked =
    parts.changes === null
      ? "no baseline was given to check for regressions"
      : parts.changes.some((change) => change.a.source === "recorded")
        ? null
        : "no recorded model is in both this run and the baseline";
  if (checked.length === 0)
    return `The run passes: nothing could fail it${unchecked ? ` (${unchecked})` : ""}.`;
  return `The run passes: ${joined(checked)}${unchecked ? ` (${unchecked})` : ""}.`;
}
