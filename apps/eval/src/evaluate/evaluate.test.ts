import { beforeAll, describe, expect, it } from "vitest";
import { PROMPT_BUILDER_VERSION } from "@lackpy/infer";
import { makeCell } from "../__fixtures__/cells.js";
import { evaluate, pickRatchetFixture, type Evaluation } from "./evaluate.js";
import { listFixtures, loadFixture, type Fixture } from "../inputs/fixtures.js";
import { loadIntents } from "../inputs/intents.js";
import type { Intent } from "../inputs/types.js";
import { MIN_PAIRED_INTENTS } from "../results/stats.js";
import { CORRECTION_STEPS } from "../report/report-format.js";
import { renderMarkdown } from "../report/report-markdown.js";
import { PINNED_WORKSPACE_HASH } from "../workspace/workspace.js";

const STALE_HINT =
  "the committed synthetic fixtures are out of date: run `pnpm --filter @lackpy/eval eval synth`";

const intents = await loadIntents();

describe("the committed fixtures", () => {
  it("are synthetic ones of this workspace fixture and prompt builder, from four profiles including the consistently wrong one", async () => {
    const fixtures = await Promise.all((await listFixtures()).map(loadFixture));
    const synthetic = fixtures.filter((fixture) => fixture.meta.source === "synthetic");
    expect(synthetic.map((fixture) => fixture.meta.model).sort()).toEqual([
      "sim-careful",
      "sim-chatty",
      "sim-node-habits",
      "sim-stubborn",
    ]);
    // Recorded fixtures may be stale (the report says so); synthetic ones are regenerated.
    for (const fixture of synthetic) {
      expect(fixture.meta.workspaceHash, STALE_HINT).toBe(PINNED_WORKSPACE_HASH);
      expect(fixture.meta.promptBuilderVersion, STALE_HINT).toBe(PROMPT_BUILDER_VERSION);
      expect(fixture.meta.effects?.length, fixture.meta.model).toBeGreaterThan(0);
      expect(new Set(fixture.records.map((record) => record.source))).toEqual(
        new Set(["synthetic"]),
      );
    }
  });

  it("have sim-stubborn answer each intent with one program in every trial, variant and wording when it is wrong", async () => {
    const stubborn = await loadFixture(
      (await listFixtures()).find((file) => file.endsWith("sim-stubborn.jsonl"))!,
    );
    const byIntent = new Map<string, Set<string>>();
    for (const record of stubborn.records) {
      const id = (record.intentId ?? "").replace(/@p\d+$/, "");
      byIntent.set(id, (byIntent.get(id) ?? new Set()).add(record.raw));
    }
    let wrong = 0;
    for (const intent of intents) {
      const answers = byIntent.get(intent.id)!;
      const gold = [...answers].every((answer) => intent.gold.includes(answer));
      if (!gold) {
        wrong += 1;
        expect(answers.size, intent.id).toBe(1);
      }
    }
    expect(wrong / intents.length).toBeGreaterThan(0.2);
  });
});

describe("pickRatchetFixture", () => {
  const two = [{ id: "a" }, { id: "b" }] as Intent[];
  const fixture = (model: string, source: "recorded" | "synthetic", ids = ["a", "b"]) =>
    ({
      path: `${model}.jsonl`,
      meta: { provider: "ollama", model, source },
      records: ids.map((intentId) => ({ intentId, promptVariant: "baseline" })),
    }) as unknown as Fixture;
  const fixtures = [
    fixture("good-sim", "synthetic"),
    fixture("real", "recorded"),
    fixture("sim-stubborn", "synthetic"),
  ];
  const cells = [
    makeCell({ model: "good-sim", score: 2 }),
    makeCell({ model: "real", score: 1 }),
    makeCell({ model: "sim-stubborn", score: 2 }),
    makeCell({ model: "partial", score: 2 }),
  ];

  it("prefers the best recorded model, else the best synthetic one, never a stress model", () => {
    const exclude = ["ollama/sim-stubborn"];
    expect(pickRatchetFixture(fixtures, cells, { intents: two, exclude })?.meta.model).toBe("real");
    expect(
      pickRatchetFixture([fixtures[0], fixtures[2]], cells, { intents: two, exclude })?.meta.model,
    ).toBe("good-sim");
  });

  it("never picks a partial recording, however well it scores on its intents", () => {
    const partial = fixture("partial", "recorded", ["a"]);
    expect(pickRatchetFixture([partial, fixtures[0]], cells, { intents: two })?.meta.model).toBe(
      "good-sim",
    );
    expect(pickRatchetFixture([partial], cells, { intents: two })).toBeNull();
    expect(() =>
      pickRatchetFixture([partial], cells, { intents: two, wanted: "ollama/partial" }),
    ).toThrow(
      expect.objectContaining({
        code: "partial_fixture",
        message:
          "ollama/partial is a partial recording (1 of 2 intents); the ratchet simulation needs every intent.",
      }),
    );
  });

  it("takes the one asked for, and names the others when it does not exist", () => {
    expect(
      pickRatchetFixture(fixtures, cells, { intents: two, wanted: "ollama/good-sim" })?.meta.model,
    ).toBe("good-sim");
    expect(() =>
      pickRatchetFixture(fixtures, cells, { intents: two, wanted: "ollama/nope" }),
    ).toThrow(
      "No fixture for ollama/nope; have ollama/good-sim, ollama/real, ollama/sim-stubborn.",
    );
  });
});

describe("evaluate over every committed fixture (what `pnpm bench` runs, with shorter streams)", () => {
  let evaluation: Evaluation;
  beforeAll(async () => {
    evaluation = await evaluate({ intents, ratchet: { requests: 120, windowSize: 40 } });
  }, 600_000);

  it("replays every synthetic cell from a recording: no fixture misses, nothing stale", () => {
    // Recorded fixtures may go stale when the prompt changes: the report says so, tests do not fail.
    const models = evaluation.report.summary.filter(
      (row) => (row.tier === "ollama" || row.tier === "anthropic") && row.source === "synthetic",
    );
    expect(models.length).toBe(4 * 4);
    for (const row of models) {
      expect(row.fixtureMisses, STALE_HINT).toBe(0);
      expect(row.stale, STALE_HINT).toBe(0);
    }
  });

  it("gives every rate a 95% interval, and leaves synthetic latency and tokens out", () => {
    for (const row of evaluation.report.summary) {
      for (const [rate, interval] of [
        [row.passRate, row.passInterval],
        [row.gateRate, row.gateInterval],
        [row.passK, row.passKInterval],
      ] as const) {
        expect(interval, `${row.model} ${row.variant}`).not.toBeNull();
        expect(interval![0]).toBeLessThanOrEqual(rate + 1e-9);
        expect(interval![1]).toBeGreaterThanOrEqual(rate - 1e-9);
      }
      if (row.source === "synthetic")
        expect(row).toMatchObject({
          latencyMsMedian: null,
          tokensIn: null,
          tokensOut: null,
          costUsd: null,
        });
    }
    for (const comparison of evaluation.report.comparisons)
      expect(comparison.significant).toBe(
        comparison.intents >= MIN_PAIRED_INTENTS &&
          (comparison.interval[0] > 0 || comparison.interval[1] < 0),
      );
  });

  it("counts a prompt identical to an earlier variant's once", () => {
    const { cells, report } = evaluation;
    const same = cells.filter((cell) => cell.sameAsVariant !== null);
    expect(same.length).toBeGreaterThan(0);
    for (const row of report.summary) {
      const own = cells.filter(
        (cell) =>
          cell.model === row.model && cell.variant === row.variant && cell.tier === row.tier,
      );
      expect(row.cells + row.identicalPrompts).toBe(own.length);
      expect(row.identicalPrompts).toBe(own.filter((cell) => cell.sameAsVariant !== null).length);
    }
    const examples = report.summary.find(
      (row) => row.model === "sim-careful" && row.variant === "examples",
    )!;
    expect(examples.identicalTo).toBe("baseline");
    expect(renderMarkdown(report)).toContain("counted once, under baseline");
  });

  it("scores the rules tier on its own axis: coverage and accuracy", () => {
    const rules = evaluation.report.summary.find((row) => row.tier === "rules")!;
    expect(rules).toMatchObject({ source: "builtin", cells: intents.length });
    expect(rules.coverage).toBeGreaterThan(0);
    expect(rules.accuracy).toBe(1);
    expect(evaluation.report.summary.some((row) => row.tier === "templates")).toBe(false);
  });

  it("breaks pass rates down by kit, category and difficulty, and keeps every cell", () => {
    const { breakdowns, cells } = evaluation.report;
    for (const dimension of ["kit", "category", "difficulty"] as const)
      expect(breakdowns.filter((part) => part.dimension === dimension).length).toBeGreaterThan(0);
    expect(
      new Set(breakdowns.filter((part) => part.dimension === "category").map((part) => part.value)),
    ).toEqual(new Set(["code", "edit", "files", "read"]));
    expect(cells).toHaveLength(evaluation.cells.length);
  });

  it("exercises every step of the correction chain, and the failure modes small models cause", () => {
    for (const step of CORRECTION_STEPS) {
      const cells = evaluation.report.summary.reduce((sum, row) => sum + row.steps[step], 0);
      expect(cells, `no model cell accepted at ${step}`).toBeGreaterThan(0);
    }
    const modes = evaluation.report.failureModesBySource.synthetic ?? {};
    for (const mode of ["wrong_output", "path_prefix", "implement_not_orchestrate"] as const)
      expect(modes[mode] ?? 0, mode).toBeGreaterThan(0);
  });

  it("simulates the best model over 5 seeds and two scenarios, and the consistently wrong one", () => {
    const { ratchet } = evaluation.report;
    expect(
      ratchet.simulations.map((simulation) => [
        simulation.role,
        simulation.model,
        simulation.scenario,
      ]),
    ).toEqual([
      ["primary", "sim-careful", "intents"],
      ["primary", "sim-careful", "wordings"],
      ["stress", "sim-stubborn", "intents"],
    ]);
    // No recorded model yet: the best synthetic profile, and the page says so.
    expect(ratchet.chosenAs).toBe("best-synthetic");
    expect(renderMarkdown(evaluation.report)).toContain(
      "Simulated model: anthropic/sim-careful, the best synthetic profile; no real model has been recorded",
    );
    for (const simulation of ratchet.simulations) {
      expect(simulation.seeds).toHaveLength(5);
      expect(simulation.windows).toHaveLength(3);
      expect(simulation.repeatShare).toBeGreaterThan(simulation.templateShare / 2);
      expect(simulation.templateAnswers).toBeGreaterThan(0);
    }
    expect(ratchet.log).toHaveLength(3 * 5 * 120);
  });

  it("counts wrong template answers from the answers served: the consistently wrong model's are many, and shown", () => {
    const { ratchet } = evaluation.report;
    ratchet.simulations.forEach((simulation, index) => {
      const served = ratchet.log.filter(
        (entry) => entry.simulation === index && entry.tier === "templates",
      );
      expect(simulation.templateAnswers).toBe(served.length);
      expect(simulation.wrongFromTemplates).toBe(served.filter((entry) => !entry.correct).length);
      expect(simulation.addedErrors).toBe(
        served.filter((entry) => !entry.correct && entry.modelAloneCorrect).length,
      );
    });
    const stubborn = ratchet.simulations.find((simulation) => simulation.role === "stress")!;
    expect(stubborn.wrongFromTemplates / stubborn.templateAnswers).toBeGreaterThan(0.15);
    expect(renderMarkdown(evaluation.report)).toContain(
      `Wrong answers served by templates, checked against each intent: ${stubborn.wrongFromTemplates} of ${stubborn.templateAnswers}`,
    );
  });

  it("counts rule answers from the answers served, checked like template answers; the grounded rules give none wrong", () => {
    const { ratchet } = evaluation.report;
    ratchet.simulations.forEach((simulation, index) => {
      const served = ratchet.log.filter(
        (entry) => entry.simulation === index && entry.tier === "rules",
      );
      expect(simulation.ruleAnswers).toBe(served.length);
      expect(simulation.ruleAnswers).toBeGreaterThan(0);
      expect(simulation.wrongFromRules).toBe(served.filter((entry) => !entry.correct).length);
      expect(simulation.wrongFromRules).toBe(0);
    });
  });

  it("passes the gate: the ratchet adds no wrong answer the model alone would have got right", () => {
    expect(evaluation.report.gate.failures).toEqual([]);
    for (const simulation of evaluation.report.ratchet.simulations)
      expect(simulation.addedErrors).toBe(0);
  });
});
