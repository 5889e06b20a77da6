/**
 * The whole eval: replay every fixture, score the rules tier, run the ratchet simulation over
 * the best fixture, and assemble the report. Deterministic for the same fixtures and intents
 * (only `createdAt` changes).
 */
import path from "node:path";
import { PROMPT_BUILDER_VERSION } from "@lackpy/infer";
import { FIXTURES_DIR, listFixtures, loadFixture, type Fixture } from "./fixtures.js";
import { DEFAULT_RATCHET_OPTIONS, simulateRatchet, type RatchetOptions } from "./ratchet-sim.js";
import { evaluateRules, fixtureVariants, replayFixture } from "./replay.js";
import type { EvalReport } from "./report-types.js";
import type { Cell } from "./score-cell.js";
import { failureModes, failureModesBySource, summarise } from "./summarise.js";
import type { Intent } from "./types.js";
import { workspaceHash } from "./workspace.js";

/** Options of a full evaluation. */
export interface EvaluateOptions {
  intents: readonly Intent[];
  fixturesDir?: string;
  /** `provider/model` of the fixture the ratchet simulation replays (default: best baseline pass rate). */
  ratchetModel?: string;
  ratchet?: Partial<RatchetOptions>;
  /** Run the ratchet simulation (default true; `eval replay` skips it). */
  simulate?: boolean;
  onProgress?: (message: string) => void;
}

/** The report and every scored cell. */
export interface Evaluation {
  report: EvalReport;
  cells: Cell[];
  /** Seconds spent and cells scored, for throughput figures. */
  timing: { seconds: number; cells: number };
}

function pickRatchetFixture(
  fixtures: readonly Fixture[],
  cells: readonly Cell[],
  wanted?: string,
): Fixture | null {
  if (wanted) {
    const found = fixtures.find(
      (fixture) => `${fixture.meta.provider}/${fixture.meta.model}` === wanted,
    );
    if (!found)
      throw new Error(
        `No fixture for ${wanted}; have ${fixtures.map((f) => `${f.meta.provider}/${f.meta.model}`).join(", ")}.`,
      );
    return found;
  }
  let best: { fixture: Fixture; rate: number } | null = null;
  for (const fixture of fixtures) {
    const variant = fixtureVariants(fixture)[0];
    const own = cells.filter(
      (cell) =>
        cell.provider === fixture.meta.provider &&
        cell.model === fixture.meta.model &&
        cell.variant === variant,
    );
    const rate = own.length ? own.filter((cell) => cell.score === 2).length / own.length : 0;
    if (!best || rate > best.rate) best = { fixture, rate };
  }
  return best?.fixture ?? null;
}

/** Runs replay, scoring and the ratchet simulation over every fixture file. */
export async function evaluate(options: EvaluateOptions): Promise<Evaluation> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => undefined);
  const files = await listFixtures(options.fixturesDir ?? FIXTURES_DIR);
  const fixtures = await Promise.all(files.map(loadFixture));
  const cells: Cell[] = [];
  for (const fixture of fixtures) {
    progress(
      `replaying ${fixture.meta.provider}/${fixture.meta.model} (${fixture.records.length} recorded calls)`,
    );
    cells.push(...(await replayFixture(fixture, options.intents)));
  }
  progress("scoring the rules tier");
  cells.push(...(await evaluateRules(options.intents)));
  const chosen =
    options.simulate === false ? null : pickRatchetFixture(fixtures, cells, options.ratchetModel);
  const ratchetOptions = { ...DEFAULT_RATCHET_OPTIONS, ...options.ratchet };
  let ratchet: EvalReport["ratchet"] = {
    seed: ratchetOptions.seed,
    provider: "-",
    model: "-",
    source: "builtin",
    requests: 0,
    windowSize: ratchetOptions.windowSize,
    windows: [],
    templatesPromoted: 0,
    modelCalls: 0,
    modelCallsSaved: 0,
    wrongFromTemplates: 0,
  };
  if (chosen) {
    progress(`ratchet simulation over ${chosen.meta.provider}/${chosen.meta.model}`);
    const simulated = await simulateRatchet(chosen, options.intents, ratchetOptions);
    ratchet = simulated.ratchet;
    cells.push(...simulated.templateCells);
  }
  const report: EvalReport = {
    meta: {
      workspaceHash: await workspaceHash(),
      createdAt: new Date().toISOString(),
      promptBuilderVersion: PROMPT_BUILDER_VERSION,
      intents: options.intents.length,
      variants: [...new Set(fixtures.flatMap(fixtureVariants))],
      fixtures: fixtures.map((fixture) => ({
        provider: fixture.meta.provider,
        model: fixture.meta.model,
        source: fixture.meta.source,
        path: path.relative(options.fixturesDir ?? FIXTURES_DIR, fixture.path),
        records: fixture.records.length,
      })),
    },
    summary: summarise(cells),
    failureModes: failureModes(cells),
    failureModesBySource: failureModesBySource(cells),
    ratchet,
  };
  return {
    report,
    cells,
    timing: { seconds: (performance.now() - started) / 1000, cells: cells.length },
  };
}
