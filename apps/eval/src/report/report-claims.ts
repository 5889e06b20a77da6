/**
 * What the page claims about itself, derived from its rows: where the numbers come from (recorded
 * models, synthetic profiles), which recordings are partial, why the ratchet simulated the model
 * it did, and the definitions of the terms the tables use. Nothing here is said unless a row or
 * fixture backs it.
 */
import { define } from "./report-prose.js";
import type { EvalReport, FixtureInfo, RowKey } from "../results/report-types.js";

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** `partial: 3 of 73 intents` for a fixture with intents missing, else null. */
export function partialText(fixture: FixtureInfo, intents: number): string | null {
  if (!fixture.partial) return null;
  return `partial: ${fixture.recordedIntents ?? 0} of ${intents} intents`;
}

/** The fixture a summary row was replayed from, or undefined (the rules tier). */
export function fixtureOf(report: EvalReport, row: RowKey): FixtureInfo | undefined {
  return report.meta.fixtures.find(
    (fixture) =>
      fixture.provider === row.provider &&
      fixture.model === row.model &&
      fixture.source === row.source,
  );
}

/** `partial: 3 of 73 intents` for a row of a partial recording, else null. */
export function rowPartialText(report: EvalReport, row: RowKey): string | null {
  const fixture = fixtureOf(report, row);
  return fixture ? partialText(fixture, report.meta.intents) : null;
}

/** A table row's remark on its model column (index `column`) when the row is of a partial recording. */
export function partialRemark(
  report: EvalReport,
  row: RowKey,
  column: number,
): { remarks?: Record<number, string> } {
  const partial = rowPartialText(report, row);
  return partial ? { remarks: { [column]: partial } } : {};
}

/** A model name with its coverage when partial: `qwen (partial: 3 of 73 intents)`. */
export function modelLabel(report: EvalReport, row: RowKey): string {
  const partial = rowPartialText(report, row);
  return partial ? `${row.model} (${partial})` : row.model;
}

function fixtureList(report: EvalReport, fixtures: readonly FixtureInfo[]): string {
  return fixtures
    .map((fixture) => {
      const partial = partialText(fixture, report.meta.intents);
      return `${fixture.provider}/${fixture.model}${partial ? `, ${partial}` : ""}`;
    })
    .join("; ");
}

/** The page's subtitle: what was measured, saying "recorded" only when a recorded fixture exists. */
export function subtitle(report: EvalReport): string {
  const recorded = report.meta.fixtures.filter((fixture) => fixture.source === "recorded");
  const synthetic = report.meta.fixtures.filter((fixture) => fixture.source === "synthetic");
  if (recorded.length === 0 && synthetic.length === 0)
    return "No model has been recorded and no synthetic profile is present: only lackpy's own rules tier is scored, with 95% intervals.";
  const profiles = plural(synthetic.length, "synthetic behaviour profile");
  if (recorded.length === 0)
    return `No real model has been recorded yet: every model row comes from one of ${profiles}, which exercise the harness and lackpy's correction chain, not a model. Pass rates per profile, prompt variant and tier, with 95% intervals.`;
  const models = `${plural(recorded.length, "recorded model")} (${fixtureList(report, recorded)})`;
  return `How well ${models} ${recorded.length === 1 ? "writes" : "write"} lackpy programs${synthetic.length ? `, next to ${profiles} that exercise the harness` : ""}: pass rates per model, prompt variant and tier, with 95% intervals.`;
}

/** Definitions of a cell and the gate, given before any table or chart uses them. */
export function termSentences(): string[] {
  return [
    `A ${define("cell")} is one intent asked once of one model under one prompt variant; asking again is another trial, another cell. A cell passes the ${define("gate")} when the model's program is valid lackpy and runs without error, and passes when its answer also passes the intent's check.`,
  ];
}

/** Why the ratchet simulation's model is the one it is, in a sentence (null when nothing was simulated). */
export function ratchetChoice(report: EvalReport): string | null {
  const { ratchet } = report;
  if (ratchet.simulations.length === 0) return null;
  const name = `${ratchet.provider}/${ratchet.model}`;
  const recorded = report.meta.fixtures.filter((fixture) => fixture.source === "recorded");
  switch (ratchet.chosenAs) {
    case "asked":
      return `Simulated model: ${name} (${ratchet.source}), chosen with --ratchet-model.`;
    case "best-recorded":
      return `Simulated model: ${name}, the recorded model with the best pass rate among those recorded on every intent.`;
    case "best-synthetic":
      return recorded.length === 0
        ? `Simulated model: ${name}, the best synthetic profile; no real model has been recorded, so these shares show the mechanism, not a model.`
        : `Simulated model: ${name}, the best synthetic profile; no recorded model has a recording of every intent (${fixtureList(report, recorded)}).`;
    default:
      return `Simulated model: ${name} (${ratchet.source}).`;
  }
}
