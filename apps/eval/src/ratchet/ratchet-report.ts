/**
 * Runs the ratchet simulation for each model and scenario over several seeds and folds the runs
 * into the report: per window the mean over seeds with its range, totals over all seeds, and
 * the per-request log.
 */
import type { Fixture } from "../inputs/fixtures.js";
import {
  ModelAlone,
  runRatchet,
  seedsOf,
  DEFAULT_RATCHET_OPTIONS,
  type RatchetOptions,
  type RatchetRun,
} from "./ratchet-sim.js";
import { SCENARIO_DESCRIPTIONS } from "./ratchet-streams.js";
import type {
  Range,
  RatchetLogEntry,
  RatchetReport,
  RatchetScenario,
  RatchetSimulation,
  RatchetWindow,
} from "../results/ratchet-types.js";
import { fixtureVariants } from "../replay/replay.js";
import type { TierName } from "../results/report-types.js";
import { meanAndRange, wilsonInterval } from "../results/stats.js";
import type { Intent } from "../inputs/types.js";
import { mapLimit } from "../map-limit.js";

const TIERS: readonly TierName[] = ["templates", "rules", "ollama", "anthropic"];

const range = (values: readonly number[]): Range => {
  const { min, max } = meanAndRange(values);
  return [min, max];
};
const mean = (values: readonly number[]) => meanAndRange(values).mean;
const round = (value: number) => Math.round(value * 10_000) / 10_000;

function windowOf(runs: readonly RatchetRun[], index: number, size: number): RatchetWindow {
  const slices = runs.map((run) => ({
    log: run.log.filter((entry) => entry.window === index),
    calls: run.modelCalls.slice((index - 1) * size, index * size),
  }));
  const share = (test: (entry: RatchetRun["log"][number]) => boolean) =>
    slices.map(({ log }) => (log.length ? log.filter(test).length / log.length : 0));
  const counts = (test: (entry: RatchetRun["log"][number]) => boolean) =>
    slices.map(({ log }) => log.filter(test).length);
  const tierShare = Object.fromEntries(
    TIERS.map((tier) => [tier, share((entry) => entry.tier === tier)]),
  ) as Record<TierName, number[]>;
  const calls = slices.map(({ calls }) => calls.reduce((sum, value) => sum + value, 0));
  const wrongFromTemplates = counts((entry) => entry.tier === "templates" && !entry.correct);
  const wrongFromRules = counts((entry) => entry.tier === "rules" && !entry.correct);
  const repeatShare = share((entry) => entry.repeat);
  return {
    index,
    intents: slices[0].log.length,
    tierShare: Object.fromEntries(
      TIERS.map((tier) => [tier, round(mean(tierShare[tier]))]),
    ) as Record<TierName, number>,
    tierShareRange: Object.fromEntries(
      TIERS.map((tier) => [tier, range(tierShare[tier])]),
    ) as Record<TierName, Range>,
    repeatShare: round(mean(repeatShare)),
    repeatShareRange: range(repeatShare),
    modelCalls: mean(calls),
    modelCallsRange: range(calls),
    modelCallsSaved: mean(counts((entry) => entry.tier === "templates" || entry.tier === "rules")),
    wrongFromTemplates: mean(wrongFromTemplates),
    wrongFromTemplatesRange: range(wrongFromTemplates),
    wrongFromRules: mean(wrongFromRules),
    wrongFromRulesRange: range(wrongFromRules),
    wrong: mean(counts((entry) => !entry.correct)),
  };
}

/** Folds the runs of one model and scenario into a simulation summary. */
export function aggregateRuns(
  fixture: Fixture,
  role: RatchetSimulation["role"],
  scenario: RatchetScenario,
  runs: readonly RatchetRun[],
  options: Pick<RatchetOptions, "requests" | "windowSize" | "minSuccesses">,
): RatchetSimulation {
  const log = runs.flatMap((run) => run.log);
  const windows = Math.ceil(options.requests / options.windowSize);
  const templateAnswers = log.filter((entry) => entry.tier === "templates");
  const wrong = templateAnswers.filter((entry) => !entry.correct);
  const ruleAnswers = log.filter((entry) => entry.tier === "rules");
  const wrongFromRules = ruleAnswers.filter((entry) => !entry.correct);
  const promoted = runs.map((run) => run.promoted);
  return {
    role,
    scenario,
    scenarioDescription: SCENARIO_DESCRIPTIONS[scenario],
    provider: fixture.meta.provider,
    model: fixture.meta.model,
    source: fixture.meta.source,
    seed: runs[0]?.seed ?? 0,
    seeds: runs.map((run) => run.seed),
    requests: options.requests,
    windowSize: options.windowSize,
    minSuccesses: options.minSuccesses,
    windows: Array.from({ length: windows }, (_, index) =>
      windowOf(runs, index + 1, options.windowSize),
    ),
    templatesPromoted: mean(promoted),
    templatesPromotedRange: range(promoted),
    modelCalls: runs.reduce(
      (sum, run) => sum + run.modelCalls.reduce((total, calls) => total + calls, 0),
      0,
    ),
    modelCallsSaved: log.filter((entry) => entry.tier === "templates" || entry.tier === "rules")
      .length,
    templateAnswers: templateAnswers.length,
    wrongFromTemplates: wrong.length,
    wrongFromTemplatesShare: templateAnswers.length ? wrong.length / templateAnswers.length : null,
    wrongFromTemplatesInterval: wilsonInterval(wrong.length, templateAnswers.length),
    addedErrors: wrong.filter((entry) => entry.modelAloneCorrect === true).length,
    modelAloneWrong: templateAnswers.filter((entry) => entry.modelAloneCorrect === false).length,
    ruleAnswers: ruleAnswers.length,
    wrongFromRules: wrongFromRules.length,
    wrongFromRulesShare: ruleAnswers.length ? wrongFromRules.length / ruleAnswers.length : null,
    wrongFromRulesInterval: wilsonInterval(wrongFromRules.length, ruleAnswers.length),
    templateShare: log.length ? templateAnswers.length / log.length : 0,
    ruleShare: log.length ? ruleAnswers.length / log.length : 0,
    repeatShare: log.length ? log.filter((entry) => entry.repeat).length / log.length : 0,
  };
}

/**
 * Simulates each model under each scenario over the seeds (a stress model under the first
 * scenario only), `jobs` runs at a time; the first model's first scenario is the report's
 * primary simulation.
 */
export async function simulateRatchets(
  fixtures: readonly { fixture: Fixture; role: RatchetSimulation["role"] }[],
  intents: readonly Intent[],
  options: RatchetOptions = DEFAULT_RATCHET_OPTIONS,
  settings: { jobs?: number; onProgress?: (message: string) => void } = {},
): Promise<RatchetReport | null> {
  const plans = fixtures.flatMap(({ fixture, role }) =>
    (role === "stress" ? options.scenarios.slice(0, 1) : options.scenarios).map((scenario) => ({
      fixture,
      role,
      scenario,
    })),
  );
  const alone = new Map(
    fixtures.map(({ fixture }) => [
      fixture,
      new ModelAlone(fixture, fixtureVariants(fixture)[0] ?? "baseline"),
    ]),
  );
  const seeds = seedsOf(options);
  const jobs = plans.flatMap((plan) => seeds.map((seed) => ({ ...plan, seed })));
  let runs: RatchetRun[];
  try {
    for (const plan of plans)
      settings.onProgress?.(
        `ratchet simulation: ${plan.fixture.meta.provider}/${plan.fixture.meta.model}, ${plan.scenario}, ${seeds.length} seeds`,
      );
    runs = await mapLimit(jobs, settings.jobs ?? 1, (job) =>
      runRatchet(job.fixture, intents, { ...options, ...job }, alone.get(job.fixture)!),
    );
  } finally {
    for (const model of alone.values()) await model.close();
  }
  const simulations = plans.map((plan, index) =>
    aggregateRuns(
      plan.fixture,
      plan.role,
      plan.scenario,
      runs.slice(index * seeds.length, (index + 1) * seeds.length),
      options,
    ),
  );
  const log: RatchetLogEntry[] = simulations.flatMap((_, simulation) =>
    runs
      .slice(simulation * seeds.length, (simulation + 1) * seeds.length)
      .flatMap((run) => run.log.map((entry) => ({ simulation, ...entry }))),
  );
  if (simulations.length === 0) return null;
  return { ...simulations[0], simulations, log };
}

/** The ratchet section of a run without a simulation. */
export function emptyRatchet(): RatchetReport {
  return {
    role: "primary",
    scenario: "intents",
    scenarioDescription: "not simulated",
    provider: "-",
    model: "-",
    source: "builtin",
    seed: DEFAULT_RATCHET_OPTIONS.seed,
    seeds: [],
    requests: 0,
    windowSize: DEFAULT_RATCHET_OPTIONS.windowSize,
    minSuccesses: DEFAULT_RATCHET_OPTIONS.minSuccesses,
    windows: [],
    templatesPromoted: 0,
    templatesPromotedRange: [0, 0],
    modelCalls: 0,
    modelCallsSaved: 0,
    templateAnswers: 0,
    wrongFromTemplates: 0,
    wrongFromTemplatesShare: null,
    wrongFromTemplatesInterval: null,
    addedErrors: 0,
    modelAloneWrong: 0,
    ruleAnswers: 0,
    wrongFromRules: 0,
    wrongFromRulesShare: null,
    wrongFromRulesInterval: null,
    templateShare: 0,
    ruleShare: 0,
    repeatShare: 0,
    simulations: [],
    log: [],
  };
}
