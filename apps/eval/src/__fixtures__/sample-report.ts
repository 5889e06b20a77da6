import { breakdowns } from "../evaluate/breakdowns.js";
import { compareRows } from "../evaluate/comparisons.js";
import type { Fixture } from "../inputs/fixtures.js";
import { DEFAULT_GATE, judge } from "../evaluate/gate.js";
import { aggregateRuns, emptyRatchet } from "../ratchet/ratchet-report.js";
import type { RatchetRun } from "../ratchet/ratchet-sim.js";
import type { EvalReport, FixtureInfo, KitSizeRow, TierName } from "../results/report-types.js";
import { wilsonInterval } from "../results/stats.js";
import type { Cell } from "../replay/score-cell.js";
import { failureModes, failureModesBySource, summarise } from "../evaluate/summarise.js";
import { makeCell, rowCells } from "./cells.js";

/** A model name that must come out escaped everywhere. */
export const EVIL_MODEL = `<script>alert(1)</script>&"`;

/** How the sample's qwen model was measured: recorded through Ollama over every intent by default. */
export interface SampleOptions {
  provider?: "ollama" | "anthropic";
  source?: "recorded" | "synthetic";
  /** Intents recorded, of the sample's 40 (fewer makes a partial recording). */
  recordedIntents?: number;
}

function sampleCells(options: SampleOptions): Cell[] {
  const provider = options.provider ?? "ollama";
  const QWEN = {
    provider,
    model: "qwen2.5-coder:7b",
    source: options.source ?? "recorded",
    tier: provider,
  } as const;
  const recorded = (cell: Cell) => Number(cell.intentId.slice(1)) < (options.recordedIntents ?? 40);
  const rules = rowCells(
    { provider: "rules", model: "builtin", source: "builtin", tier: "rules", variant: "-" },
    { intents: 40, passing: 8 },
  ).map((cell) =>
    cell.score === 2
      ? cell
      : {
          ...cell,
          score: 0 as const,
          mode: "no_answer" as const,
          accepted: false,
          acceptedBy: "none" as const,
        },
  );
  const examples = rowCells(
    { ...QWEN, variant: "examples", latencyMs: 1500 },
    { intents: 40, passing: 34, trials: 3 },
  ).map((cell) =>
    Number(cell.intentId.slice(1)) >= 30 ? { ...cell, sameAsVariant: "baseline" } : cell,
  );
  return [
    ...rowCells(
      { ...QWEN, variant: "baseline", latencyMs: 1234, tokensIn: 900 },
      { intents: 40, passing: 20, trials: 3 },
    ).filter(recorded),
    ...examples.filter(recorded),
    ...rowCells(
      {
        provider: "anthropic",
        model: EVIL_MODEL,
        source: "synthetic",
        tier: "anthropic",
        variant: "baseline",
      },
      { intents: 40, passing: 32, trials: 3 },
    ),
    ...rules,
    makeCell({
      ...QWEN,
      variant: "baseline",
      intentId: (options.recordedIntents ?? 40) > 39 ? "i39" : "i0",
      trial: 4,
      score: 0,
      mode: "stdlib_leak",
      accepted: false,
      acceptedBy: "none",
      firstRejected: true,
    }),
  ];
}

function run(seed: number): RatchetRun {
  const tiers: (TierName | null)[] = ["ollama", "rules", "templates", "ollama"];
  const log = Array.from({ length: 200 }, (_, index) => {
    const tier = index < 50 ? (index % 5 === 0 ? "rules" : "ollama") : tiers[(index + seed) % 4];
    return {
      seed,
      request: index + 1,
      window: Math.floor(index / 50) + 1,
      intentId: `i${index % 30}`,
      wording: `i${index % 30}`,
      repeat: index >= 30,
      tier,
      correct: !(tier === "templates" && index % 37 === 0),
      modelAloneCorrect: tier === "templates" ? !(index % 37 === 0) : null,
      promoted: null,
    };
  });
  return {
    seed,
    log,
    modelCalls: log.map((entry) => (entry.tier === "ollama" ? 1 : 0)),
    promoted: 9 + seed,
  };
}

/**
 * A report built from cells by the real summary functions: recorded, synthetic (with an evil model
 * name) and builtin rows, and a 4-window ratchet over 5 seeds of the recorded model (of the
 * synthetic one when qwen's recording is partial).
 */
export function sampleReport(options: SampleOptions = {}): EvalReport {
  const cells = sampleCells(options);
  const provider = options.provider ?? "ollama";
  const source = options.source ?? "recorded";
  const recordedIntents = options.recordedIntents ?? 40;
  const partial = recordedIntents < 40;
  const fixture = {
    meta: partial
      ? { provider: "anthropic", model: EVIL_MODEL, source: "synthetic" }
      : { provider, model: "qwen2.5-coder:7b", source },
  } as Fixture;
  const primary = aggregateRuns(fixture, "primary", "intents", [1, 2, 3, 4, 5].map(run), {
    requests: 200,
    windowSize: 50,
    minSuccesses: 3,
  });
  const ratchet = {
    ...primary,
    chosenAs:
      partial || source === "synthetic" ? ("best-synthetic" as const) : ("best-recorded" as const),
    simulations: [primary],
    log: [],
  };
  const fixtures: FixtureInfo[] = [
    {
      provider,
      model: "qwen2.5-coder:7b",
      source,
      path: `${provider}/qwen2.5-coder_7b.jsonl`,
      records: 12 * recordedIntents,
      recordedIntents,
      partial,
      unrecordedCells: 0,
      staleCells: 0,
      staleReasons: [],
      missingCells: 0,
      workspaceChanged: null,
      modelInfo: {
        digest: "c5daf6e8ce44a19e68bac246445240f8c5daf6e8ce44a19e68bac246445240f8",
        quantization: "Q4_K_M",
        serverVersion: "0.12.3",
      },
    },
    {
      provider: "anthropic",
      model: EVIL_MODEL,
      source: "synthetic",
      path: "anthropic/evil.jsonl",
      records: 240,
      recordedIntents: 40,
      partial: false,
      description:
        "An evil profile: mostly correct plain programs; misunderstands a few intents the same way every time, sometimes calls a tool by another framework's name.",
      effects: [
        "answers another intent's question on 8% of intents, in every trial and variant",
        "Rules section: +10 pp",
        "fixes a rejected program on 45% of retries and 75% of fixer prompts",
      ],
    },
  ];
  return {
    meta: {
      workspaceHash: "0123456789abcdef0123",
      createdAt: "2026-11-02T10:00:00.000Z",
      promptBuilderVersion: "pb-3",
      intents: 40,
      variants: ["baseline", "examples"],
      fixtures,
    },
    summary: summarise(cells),
    comparisons: compareRows(cells),
    breakdowns: breakdowns(cells),
    failureModes: failureModes(cells),
    failureModesBySource: failureModesBySource(cells),
    ratchet,
    kitSizes: sampleKitSizes(),
    baseline: null,
    gate: judge({ intents: 40, fixtures, ratchet, changes: null }, DEFAULT_GATE),
    cells: [],
  };
}

/** Two profiles at both kit sizes, 40 intents each, the large kit's prompts 1 KB larger. */
function sampleKitSizes(): KitSizeRow[] {
  const row = (model: string, kit: KitSizeRow["kit"], passes: number): KitSizeRow => {
    const promptBytes = Array.from({ length: 40 }, (_, index) => 3800 + index * 10 + (kit === "large" ? 1024 : 0));
    return {
      provider: model === EVIL_MODEL ? "anthropic" : "ollama",
      model,
      source: "synthetic",
      kit,
      toolsMin: kit === "large" ? 150 : 4,
      toolsMax: kit === "large" ? 150 : 9,
      cells: 40,
      passes,
      passRate: passes / 40,
      passInterval: wilsonInterval(passes, 40),
      droppedTools: 0,
      promptBytes,
      promptBytesMedian: promptBytes[20],
      promptBytesMax: promptBytes[39],
    };
  };
  return [
    row("sim-chatty", "own", 33),
    row("sim-chatty", "large", 31),
    row(EVIL_MODEL, "own", 38),
    row(EVIL_MODEL, "large", 38),
  ];
}

/** A report with no summary rows, no failures and no ratchet windows. */
export function emptyReport(): EvalReport {
  const report = sampleReport();
  return {
    ...report,
    meta: { ...report.meta, fixtures: [] },
    summary: [],
    comparisons: [],
    breakdowns: [],
    failureModes: {},
    failureModesBySource: {},
    ratchet: emptyRatchet(),
  };
}
