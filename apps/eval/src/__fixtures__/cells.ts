import type { Cell } from "../replay/score-cell.js";

/** A scored cell with plausible defaults, for tests. */
export function makeCell(overrides: Partial<Cell>): Cell {
  return {
    provider: "ollama",
    model: "m",
    source: "synthetic",
    variant: "baseline",
    tier: "ollama",
    intentId: "a",
    trial: 1,
    kit: "readonly",
    category: "read",
    difficulty: "core",
    score: 2,
    mode: null,
    firstRejected: false,
    accepted: true,
    acceptedBy: "initial",
    stale: false,
    latencyMs: 100,
    tokensIn: 10,
    tokensOut: 5,
    modelCalls: 1,
    program: "x",
    detail: "",
    promptHash: null,
    sameAsVariant: null,
    ...overrides,
  };
}

/** Cells of one row: `passing` of `intents` intents pass on every trial. */
export function rowCells(
  row: Partial<Cell>,
  options: { intents: number; passing: number; trials?: number },
): Cell[] {
  return Array.from({ length: options.intents }, (_, index) =>
    Array.from({ length: options.trials ?? 1 }, (__, trial) =>
      makeCell({
        ...row,
        intentId: `i${index}`,
        trial: trial + 1,
        ...(index < options.passing ? {} : { score: 1, mode: "wrong_output" }),
      }),
    ),
  ).flat();
}
