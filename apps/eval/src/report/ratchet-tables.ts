/** The report's tables about the ratchet, the baseline, the fixtures and the verdict. */
import type { RatchetSimulation } from "../results/ratchet-types.js";
import {
  MISSING,
  TIER_ORDER,
  formatCount,
  formatMean,
  formatPercent,
  formatRate,
  formatShareRange,
  overallTierShare,
  unansweredShare,
} from "./report-format.js";
import { ratchetChoice } from "./report-claims.js";
import { DIFFERENCE_COLUMNS, differenceRows } from "./report-tables.js";
import { code, num, prose, source, text, type ReportTable } from "./report-table.js";
import type { EvalReport, FixtureInfo } from "../results/report-types.js";

/** What the simulation's totals say, in sentences. */
export function ratchetSentences(simulation: RatchetSimulation): string[] {
  const runs = simulation.seeds.length;
  const requests = simulation.requests * runs;
  const sentences = [
    `Over ${runs} seeds × ${formatCount(simulation.requests)} requests: templates answered ${formatCount(simulation.templateAnswers)} (${formatPercent(simulation.templateShare)}) where ${formatPercent(simulation.repeatShare)} of requests repeated an earlier wording (the ceiling); ${formatCount(simulation.modelCallsSaved)} of ${formatCount(requests)} requests needed no model call; ${formatMean(simulation.templatesPromoted, simulation.templatesPromotedRange)} templates promoted per seed.`,
    `Wrong answers served by templates, checked against each intent: ${formatCount(simulation.wrongFromTemplates)} of ${formatCount(simulation.templateAnswers)} (${formatRate(simulation.wrongFromTemplatesShare, simulation.wrongFromTemplatesInterval)}). Asked the same requests, the model alone was wrong on ${formatCount(simulation.modelAloneWrong)} of them; the ratchet added ${formatCount(simulation.addedErrors)} wrong answers the model alone would have got right.`,
  ];
  if (simulation.role === "stress")
    sentences.push(
      "This model agrees with itself on wrong answers, so the promotion rule (N agreeing runs) promotes them: the templates repeat its mistakes, they do not add new ones. See docs/decisions.md on why promotion stays at agreement.",
    );
  return sentences;
}

/** One table per simulation: each window's tier shares, the ceiling, model calls and wrong template answers, means over seeds with their range. */
export function ratchetTables(report: EvalReport): ReportTable[] {
  return report.ratchet.simulations.map((simulation, index) => {
    const overall = overallTierShare(simulation.windows);
    const choice = index === 0 && simulation.role === "primary" ? ratchetChoice(report) : null;
    return {
      id: `ratchet-${index + 1}`,
      title: `Ratchet: ${simulation.provider}/${simulation.model} · ${simulation.scenario}${simulation.role === "stress" ? " (consistently wrong model)" : ""}`,
      intro: [
        ...(choice ? [choice] : []),
        `${simulation.source} · ${simulation.scenarioDescription} · seeds ${simulation.seeds.join(", ")} · windows of ${simulation.windowSize} · promotion after ${simulation.minSuccesses} agreeing runs (the product's default). Means over seeds, range in parentheses.`,
      ],
      columns: [
        num("window"),
        ...TIER_ORDER.map((name) => num(`${name} %`)),
        num("unanswered %"),
        num("ceiling: repeats %"),
        num("model calls"),
        num("wrong from templates"),
      ],
      rows: simulation.windows.map((window) => ({
        cells: [
          String(window.index),
          ...TIER_ORDER.map((name) =>
            formatShareRange(window.tierShare[name], window.tierShareRange[name]),
          ),
          formatPercent(unansweredShare(window.tierShare)),
          formatShareRange(window.repeatShare, window.repeatShareRange),
          formatMean(window.modelCalls, window.modelCallsRange),
          formatMean(window.wrongFromTemplates, window.wrongFromTemplatesRange),
        ],
      })),
      footer: [
        "all",
        ...TIER_ORDER.map((name) => formatPercent(overall[name])),
        formatPercent(unansweredShare(overall)),
        formatPercent(simulation.repeatShare),
        formatCount(simulation.modelCalls),
        formatCount(simulation.wrongFromTemplates),
      ],
      notes: ratchetSentences(simulation),
      empty: "Not simulated in this run.",
    };
  });
}

/** This run against the baseline report: significant regressions first. */
export function baselineTable(report: EvalReport): ReportTable | null {
  if (!report.baseline) return null;
  return {
    id: "baseline",
    title: "Change since baseline",
    intro: [
      `Now (a) against ${report.baseline.path} of ${report.baseline.createdAt} (b), per row over the intents both have; significant regressions first. Only a significant regression of a recorded row fails the run.`,
    ],
    columns: DIFFERENCE_COLUMNS,
    rows: differenceRows(report.baseline.changes),
    notes: [],
    empty: "No row in common with the baseline.",
  };
}

/** What a fixture's stale column says: cells answered from older prompts, missing answers, and why. */
function staleText(fixture: FixtureInfo): string {
  const reasons = [
    ...(fixture.staleReasons ?? []),
    ...(fixture.workspaceChanged ? [fixture.workspaceChanged] : []),
  ];
  return `${formatCount(fixture.staleCells ?? 0)}${fixture.missingCells ? ` + ${formatCount(fixture.missingCells)} missing` : ""}${reasons.length ? ` (${reasons.join("; ")})` : ""}`;
}

/** The fixture files: source, what they cover, staleness, and for synthetic profiles the rates their code uses. */
export function fixtureTable(report: EvalReport): ReportTable {
  const intents = report.meta.intents;
  return {
    id: "fixtures",
    title: "Fixtures",
    intro: [
      "Intents: how many have a recording (a partial recording's rows cover those only). Stale cells: answered from a recording of an older prompt. Synthetic profiles state here the rates their code uses (`src/synthetic/profiles.ts`), including what each prompt section changes; recorded fixtures show what the model server reported.",
    ],
    columns: [
      text("provider"),
      code("model"),
      source(),
      num("records"),
      num("intents"),
      num("stale cells"),
      prose("profile / model"),
    ],
    rows: report.meta.fixtures.map((fixture) => ({
      className: fixture.source,
      cells: [
        fixture.provider,
        fixture.model,
        fixture.source,
        formatCount(fixture.records),
        fixture.partial
          ? `${formatCount(fixture.recordedIntents ?? 0)} of ${formatCount(intents)} (partial)`
          : formatCount(fixture.recordedIntents ?? intents),
        staleText(fixture),
        [
          fixture.description ?? "",
          ...(fixture.effects ?? []),
          ...Object.entries(fixture.modelInfo ?? {}).map(([key, value]) => `${key}: ${value}`),
        ]
          .filter(Boolean)
          .join(" · ") || MISSING,
      ],
    })),
    notes: [],
    empty: "No fixtures.",
  };
}

/** Why the run passes or fails: the verdict in one sentence, then what fails a run, the failures and the notes. */
export function verdictTable(report: EvalReport): ReportTable {
  const { gate } = report;
  const settings = gate.settings;
  return {
    id: "verdict",
    title: "Verdict",
    lead: gate.verdict,
    intro: [
      `pnpm bench fails on a significant regression of a recorded row against the baseline${settings.baseline ? ` (${settings.baseline})` : " (none given)"}, on more than ${settings.maxAddedTemplateErrors} template answers the model alone would have got right${settings.maxTemplateWrongShare === null ? "" : `, on more than ${formatPercent(settings.maxTemplateWrongShare)} wrong template answers in the primary simulation`}${settings.strictStale ? ", and on out-of-date recorded fixtures (--strict)" : ""}. A partial recording is never a failure.`,
    ],
    columns: [text("outcome"), prose("detail")],
    rows: [
      ...gate.failures.map((detail) => ({ className: "failure", cells: ["fails", detail] })),
      ...gate.notes.map((detail) => ({ cells: ["note", detail] })),
    ],
    notes: [],
    empty: "Nothing else to report.",
  };
}
