import type { EvalReport, SummaryRow } from "../report-types.js";

/** A model name that must come out escaped everywhere. */
export const EVIL_MODEL = `<script>alert(1)</script>&"`;

function row(overrides: Partial<SummaryRow> & Pick<SummaryRow, "provider" | "model" | "tier">): SummaryRow {
  return {
    source: "recorded",
    variant: "baseline",
    cells: 120,
    passRate: 0.5,
    gateRate: 0.75,
    passK: 0.3,
    k: 3,
    correctionRate: null,
    fixtureMisses: 0,
    stale: 0,
    latencyMsMedian: null,
    tokensIn: 0,
    tokensOut: 0,
    steps: { initial: 90, cleanup: 10, retry: 8, fixer: 2, none: 10 },
    ...overrides,
  };
}

/** A report with builtin, recorded and synthetic rows (one with an evil model name) and 4 ratchet windows. */
export function sampleReport(): EvalReport {
  return {
    meta: {
      workspaceHash: "0123456789abcdef0123",
      createdAt: "2026-11-02T10:00:00.000Z",
      promptBuilderVersion: "pb-3",
      intents: 40,
      variants: ["baseline", "terse"],
      fixtures: [
        { provider: "ollama", model: "qwen2.5-coder:7b", source: "recorded", path: "fixtures/ollama-qwen.jsonl", records: 480 },
        { provider: "synthetic", model: EVIL_MODEL, source: "synthetic", path: "profiles/evil.json", records: 240 },
      ],
    },
    // Deliberately out of order: renderers sort by provider, model, variant, tier.
    summary: [
      row({ provider: "synthetic", model: EVIL_MODEL, source: "synthetic", tier: "anthropic", passRate: 0.8125, gateRate: 0.9, passK: 0.66666, correctionRate: 0.5, latencyMsMedian: 2200, tokensIn: 51234, tokensOut: 8012, fixtureMisses: 2 }),
      row({ provider: "ollama", model: "qwen2.5-coder:7b", tier: "ollama", passRate: 0.625, gateRate: 0.8, passK: 0.41, correctionRate: 0.25, fixtureMisses: 3, stale: 5, latencyMsMedian: 1234.4, tokensIn: 98765, tokensOut: 12345 }),
      row({ provider: "builtin", model: "lackpy", source: "builtin", tier: "rules", passRate: 0.3, gateRate: 0.35, passK: 0.2 }),
      row({ provider: "builtin", model: "lackpy", source: "builtin", tier: "templates", passRate: 0.45, gateRate: 0.45, passK: 0.45 }),
      row({ provider: "synthetic", model: EVIL_MODEL, source: "synthetic", tier: "ollama", passRate: 0.1, gateRate: 0.4, passK: 0, correctionRate: 0 }),
    ],
    failureModes: { wrong_output: 12, stdlib_leak: 30, fixture_miss: 5, path_prefix: 3 },
    failureModesBySource: {
      recorded: { wrong_output: 10, stdlib_leak: 20, fixture_miss: 5 },
      synthetic: { wrong_output: 2, stdlib_leak: 10, path_prefix: 3 },
    },
    ratchet: {
      seed: 7,
      provider: "ollama",
      model: "qwen2.5-coder:7b",
      source: "recorded",
      requests: 200,
      windowSize: 50,
      windows: [
        { index: 1, intents: 50, tierShare: { templates: 0, rules: 0.1, ollama: 0.7, anthropic: 0.1 }, modelCalls: 40, modelCallsSaved: 10, wrongFromTemplates: 0, wrong: 8 },
        { index: 2, intents: 50, tierShare: { templates: 0.2, rules: 0.1, ollama: 0.6, anthropic: 0.06 }, modelCalls: 33, modelCallsSaved: 17, wrongFromTemplates: 0, wrong: 5 },
        { index: 3, intents: 50, tierShare: { templates: 0.4, rules: 0.1, ollama: 0.44, anthropic: 0.04 }, modelCalls: 24, modelCallsSaved: 26, wrongFromTemplates: 0, wrong: 3 },
        { index: 4, intents: 50, tierShare: { templates: 0.6, rules: 0.1, ollama: 0.3, anthropic: 0 }, modelCalls: 15, modelCallsSaved: 35, wrongFromTemplates: 1, wrong: 2 },
      ],
      templatesPromoted: 9,
      modelCalls: 112,
      modelCallsSaved: 88,
      wrongFromTemplates: 1,
    },
  };
}

/** A report with no summary rows, no failures and no ratchet windows. */
export function emptyReport(): EvalReport {
  const report = sampleReport();
  return {
    ...report,
    meta: { ...report.meta, fixtures: [] },
    summary: [],
    failureModes: {},
    failureModesBySource: {},
    ratchet: { ...report.ratchet, requests: 0, windows: [], templatesPromoted: 0, modelCalls: 0, modelCallsSaved: 0, wrongFromTemplates: 0 },
  };
}
