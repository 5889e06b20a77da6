/**
 * The whole eval: replay every fixture, score the rules tier, run the ratchet simulation over the
 * chosen model (and the consistently wrong profile), compare with a baseline, judge the run, and
 * assemble the report. Deterministic for the same fixtures and intents (only `createdAt` changes).
 */
import { PROMPT_BUILDER_VERSION } from "@lackpy/infer";
import { breakdowns } from "./breakdowns.js";
import { compareWithBaseline } from "./baseline.js";
import { compareRows } from "./comparisons.js";
import {
  FIXTURES_DIR,
  FixtureError,
  listFixtures,
  loadFixture,
  type Fixture,
} from "../inputs/fixtures.js";
import { DEFAULT_GATE, judge, type GateSettings } from "./gate.js";
import type { PriceTable } from "../inputs/prices.js";
import { emptyRatchet, simulateRatchets } from "../ratchet/ratchet-report.js";
import { DEFAULT_RATCHET_OPTIONS, type RatchetOptions } from "../ratchet/ratchet-sim.js";
import type { RatchetReport } from "../results/ratchet-types.js";
import { evaluateRules, fixtureVariants, replayFixture } from "../replay/replay.js";
import type { EvalReport, ReportCell } from "../results/report-types.js";
import { fixtureInfo } from "./fixture-info.js";
import { measureKitSizes } from "./kit-sizes.js";
import { coversEveryIntent, fixtureCoverage } from "../inputs/fixture-coverage.js";
import type { Cell } from "../replay/score-cell.js";
import { countedCells, failureModes, failureModesBySource, summarise } from "./summarise.js";
import type { Intent } from "../inputs/types.js";
import { mapLimit } from "../map-limit.js";
import { workspaceHash } from "../workspace/workspace.js";

/** Models simulated next to the chosen one when their fixtures are present: the consistently wrong profile. */
export const STRESS_MODELS: readonly string[] = Object.freeze(["ollama/sim-stubborn"]);

/** Options of a full evaluation. */
export interface EvaluateOptions {
  intents: readonly Intent[];
  fixturesDir?: string;
  /** `provider/model` of the fixture the ratchet simulation replays (default: the best recorded one, else the best synthetic one). */
  ratchetModel?: string;
  /** `provider/model` of fixtures also simulated, to show what the ratchet does with them (default STRESS_MODELS). */
  stressModels?: readonly string[];
  ratchet?: Partial<RatchetOptions>;
  /** Run the ratchet simulation (default true; `eval replay` skips it). */
  simulate?: boolean;
  /** Measure pass rate and prompt size in the 150-tool kit (default: as `simulate`). */
  kitSizes?: boolean;
  prices?: PriceTable;
  /** A baseline report to compare with, and where it came from. */
  baseline?: { path: string; report: EvalReport } | null;
  gate?: Partial<GateSettings>;
  /** Replays and simulation runs in flight at once (default 2: they wait on files as much as they compute). */
  jobs?: number;
  onProgress?: (message: string) => void;
}

/** The report and every scored cell. */
export interface Evaluation {
  report: EvalReport;
  cells: Cell[];
  /** Seconds spent and cells scored, for throughput figures. */
  timing: { seconds: number; cells: number };
}

const nameOf = (fixture: Fixture) => `${fixture.meta.provider}/${fixture.meta.model}`;

/** The pass rate of a fixture's first variant, over its counted cells. */
function firstVariantRate(fixture: Fixture, cells: readonly Cell[]): number {
  const variant = fixtureVariants(fixture)[0];
  const own = countedCells(cells).filter(
    (cell) =>
      cell.provider === fixture.meta.provider &&
      cell.model === fixture.meta.model &&
      cell.variant === variant,
  );
  return own.length ? own.filter((cell) => cell.score === 2).length / own.length : 0;
}

/**
 * The fixture the ratchet simulation replays: the one asked for, else the best recorded one, else
 * the best synthetic one. Only a fixture with a recording of every intent qualifies: a partial
 * one would send the simulation's requests for the other intents nowhere.
 */
export function pickRatchetFixture(
  fixtures: readonly Fixture[],
  cells: readonly Cell[],
  options: { intents: readonly Intent[]; wanted?: string; exclude?: readonly string[] },
): Fixture | null {
  const complete = (fixture: Fixture) =>
    coversEveryIntent(fixtureCoverage(fixture.records, options.intents));
  if (options.wanted) {
    const found = fixtures.find((fixture) => nameOf(fixture) === options.wanted);
    if (!found)
      throw new FixtureError(
        "no_fixture",
        `No fixture for ${options.wanted}; have ${fixtures.map(nameOf).join(", ") || "none"}.`,
        "pass --ratchet-model provider/model of one of them",
      );
    if (!complete(found)) {
      const coverage = fixtureCoverage(found.records, options.intents);
      throw new FixtureError(
        "partial_fixture",
        `${options.wanted} is a partial recording (${coverage.intents.size} of ${coverage.of} intents); the ratchet simulation needs every intent.`,
        `record the rest with \`pnpm --filter @lackpy/eval eval record --provider ${found.meta.provider} --model ${found.meta.model} --resume\`, or pass another --ratchet-model`,
      );
    }
    return found;
  }
  const candidates = fixtures.filter(
    (fixture) => !options.exclude?.includes(nameOf(fixture)) && complete(fixture),
  );
  const recorded = candidates.filter((fixture) => fixture.meta.source === "recorded");
  const pool = recorded.length > 0 ? recorded : candidates;
  let best: { fixture: Fixture; rate: number } | null = null;
  for (const fixture of pool) {
    const rate = firstVariantRate(fixture, cells);
    if (!best || rate > best.rate) best = { fixture, rate };
  }
  return best?.fixture ?? null;
}

function reportCell(cell: Cell): ReportCell {
  return {
    provider: cell.provider,
    model: cell.model,
    source: cell.source,
    variant: cell.variant,
    tier: cell.tier,
    intentId: cell.intentId,
    trial: cell.trial,
    kit: cell.kit,
    category: cell.category,
    difficulty: cell.difficulty,
    score: cell.score,
    mode: cell.mode,
    accepted: cell.accepted,
    acceptedBy: cell.acceptedBy,
    stale: cell.stale,
    sameAsVariant: cell.sameAsVariant,
    modelCalls: cell.modelCalls,
    program: cell.program,
  };
}

/** Runs replay, scoring, the ratchet simulation and the gate over every fixture file. */
export async function evaluate(options: EvaluateOptions): Promise<Evaluation> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => undefined);
  const dir = options.fixturesDir ?? FIXTURES_DIR;
  const fixtures = await Promise.all((await listFixtures(dir)).map(loadFixture));
  const jobs = options.jobs ?? 2;
  const replayed = await mapLimit(fixtures, jobs, (fixture) => {
    progress(`replaying ${nameOf(fixture)} (${fixture.records.length} recorded calls)`);
    return replayFixture(fixture, options.intents);
  });
  progress("scoring the rules tier");
  const cells: Cell[] = [...replayed.flat(), ...(await evaluateRules(options.intents))];
  const stress = options.stressModels ?? STRESS_MODELS;
  let ratchet: RatchetReport | null = null;
  if (options.simulate !== false) {
    const primary = pickRatchetFixture(fixtures, cells, {
      intents: options.intents,
      wanted: options.ratchetModel,
      exclude: stress,
    });
    const complete = (fixture: Fixture) =>
      coversEveryIntent(fixtureCoverage(fixture.records, options.intents));
    const chosen = [
      ...(primary ? [{ fixture: primary, role: "primary" as const }] : []),
      ...fixtures
        .filter(
          (fixture) => fixture !== primary && stress.includes(nameOf(fixture)) && complete(fixture),
        )
        .map((fixture) => ({ fixture, role: "stress" as const })),
    ];
    const simulated = await simulateRatchets(
      chosen,
      options.intents,
      { ...DEFAULT_RATCHET_OPTIONS, ...options.ratchet },
      { jobs, onProgress: progress },
    );
    const chosenAs = options.ratchetModel
      ? "asked"
      : primary?.meta.source === "recorded"
        ? "best-recorded"
        : "best-synthetic";
    ratchet = simulated && primary ? { ...simulated, chosenAs } : simulated;
  }
  const kitSizes =
    (options.kitSizes ?? options.simulate !== false)
      ? await measureKitSizes(options.intents, { onProgress: progress })
      : null;
  const hash = await workspaceHash();
  const infos = fixtures.map((fixture) =>
    fixtureInfo(fixture, cells, { dir, hash, intents: options.intents }),
  );
  const reportCells = cells.map(reportCell);
  const changes = options.baseline
    ? compareWithBaseline(reportCells, options.baseline.report.cells)
    : null;
  const report: EvalReport = {
    meta: {
      workspaceHash: hash,
      createdAt: new Date().toISOString(),
      promptBuilderVersion: PROMPT_BUILDER_VERSION,
      intents: options.intents.length,
      variants: [...new Set(fixtures.flatMap(fixtureVariants))],
      fixtures: infos,
    },
    summary: summarise(cells, { prices: options.prices }),
    comparisons: compareRows(cells),
    breakdowns: breakdowns(cells),
    failureModes: failureModes(cells),
    failureModesBySource: failureModesBySource(cells),
    ratchet: ratchet ?? emptyRatchet(),
    ...(kitSizes ? { kitSizes } : {}),
    baseline:
      options.baseline && changes
        ? {
            path: options.baseline.path,
            createdAt: options.baseline.report.meta.createdAt,
            changes,
          }
        : null,
    gate: judge(
      { intents: options.intents.length, fixtures: infos, ratchet, changes },
      { ...DEFAULT_GATE, baseline: options.baseline?.path ?? null, ...options.gate },
    ),
    cells: reportCells,
  };
  return {
    report,
    cells,
    timing: { seconds: (performance.now() - started) / 1000, cells: cells.length },
  };
}
