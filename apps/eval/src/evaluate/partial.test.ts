import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate, type Evaluation } from "./evaluate.js";
import { loadIntents } from "../inputs/intents.js";
import { recordFixtures, type RecordOptions } from "../record/record.js";
import { renderMarkdown } from "../report/report-markdown.js";
import { startSyntheticServer, type SyntheticServer } from "../synthetic/model-server.js";
import { PROFILES } from "../synthetic/profiles.js";

/** A quick check of a real model, as a new user runs it: 3 of 8 intents, recorded through the stub, next to a complete synthetic profile. */
const intents = (await loadIntents()).slice(0, 8);
let server: SyntheticServer;
let dir: string;
let partial: Evaluation;

const recordRealModel = (ids: number) =>
  recordFixtures({
    provider: "ollama",
    model: "real",
    host: server.url,
    intents: intents.slice(0, ids),
    variants: ["baseline", "constraints"],
    trials: 1,
    paraphrases: true,
    temperature: 0.7,
    file: path.join(dir, "ollama", "real.jsonl"),
    source: "recorded",
  });

const run = (options: { ratchetModel?: string } = {}) =>
  evaluate({
    intents,
    fixturesDir: dir,
    stressModels: [],
    ratchet: { requests: 30, windowSize: 10, seeds: 1 },
    ...options,
  });

beforeAll(async () => {
  // The real model answers as the careful profile does, under its own name.
  const careful = PROFILES["sim-careful"];
  server = await startSyntheticServer(intents, {
    real: { ...careful, provider: "ollama", model: "real" },
    "sim-careful": careful,
  });
  dir = await mkdtemp(path.join(os.tmpdir(), "lackpy-partial-"));
  const synthetic: RecordOptions = {
    provider: "anthropic",
    model: "sim-careful",
    baseUrl: server.url,
    apiKey: "synthetic",
    intents,
    variants: ["baseline", "constraints"],
    trials: 1,
    paraphrases: true,
    temperature: 0.7,
    file: path.join(dir, "anthropic", "sim-careful.jsonl"),
    source: "synthetic",
  };
  await recordFixtures(synthetic);
  await recordRealModel(3);
  partial = await run();
}, 300_000);
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("a partial recording (3 of 8 intents)", () => {
  it("is reported as partial, not stale, with nothing left unrecorded", () => {
    const info = partial.report.meta.fixtures.find((fixture) => fixture.model === "real")!;
    expect(info).toMatchObject({
      source: "recorded",
      recordedIntents: 3,
      partial: true,
      unrecordedCells: 0,
      staleCells: 0,
      missingCells: 0,
      staleReasons: [],
      workspaceChanged: null,
    });
    expect(renderMarkdown(partial.report)).toContain(
      "fixtures: anthropic/sim-careful (synthetic), ollama/real (recorded, partial: 3 of 8 intents)",
    );
  });

  it("has rates over the recorded intents only: no cell of another intent, no fixture miss", () => {
    const rows = partial.report.summary.filter((row) => row.model === "real");
    expect(rows.map((row) => [row.variant, row.intents, row.cells])).toEqual([
      ["baseline", 3, 3],
      ["constraints", 3, 3],
    ]);
    const cells = partial.cells.filter((cell) => cell.model === "real");
    expect(new Set(cells.map((cell) => cell.intentId))).toEqual(
      new Set(intents.slice(0, 3).map((intent) => intent.id)),
    );
    expect(cells.some((cell) => cell.mode === "fixture_miss")).toBe(false);
  });

  it("is compared with other rows on the intents both have, too few to call significant", () => {
    const versus = partial.report.comparisons.filter(
      (comparison) =>
        comparison.kind === "model" &&
        (comparison.a.model === "real" || comparison.b.model === "real"),
    );
    expect(versus).toEqual([expect.objectContaining({ intents: 3, significant: false })]);
    const variants = partial.report.comparisons.filter(
      (comparison) => comparison.kind === "variant" && comparison.a.model === "real",
    );
    expect(variants.every((comparison) => comparison.intents <= 3)).toBe(true);
  });

  it("never becomes the ratchet's model, even asked for, and the run passes with a note", async () => {
    const { ratchet, gate } = partial.report;
    expect([ratchet.provider, ratchet.model, ratchet.chosenAs]).toEqual([
      "anthropic",
      "sim-careful",
      "best-synthetic",
    ]);
    expect(gate.failures).toEqual([]);
    expect(gate.notes).toEqual([
      expect.stringMatching(/^ollama\/real is a partial recording: 3 of 8 intents\. .* --resume`/),
    ]);
    expect([...gate.notes, gate.verdict].join(" ")).not.toMatch(/stale/);
    await expect(run({ ratchetModel: "ollama/real" })).rejects.toMatchObject({
      code: "partial_fixture",
      hint: expect.stringContaining("--resume"),
    });
  });

  it("once filled in, covers every intent and becomes the ratchet's model", async () => {
    const resumed = await recordRealModel(8);
    // The 6 cells of the 3 intents (and their paraphrases') are kept, not sent again.
    expect(resumed.skipped).toBeGreaterThanOrEqual(6);
    expect(resumed).toMatchObject({ failed: [], identical: 0 });
    const complete = await run();
    const info = complete.report.meta.fixtures.find((fixture) => fixture.model === "real")!;
    expect(info).toMatchObject({ recordedIntents: 8, partial: false, unrecordedCells: 0 });
    expect(complete.report.summary.find((row) => row.model === "real")?.intents).toBe(8);
    expect([complete.report.ratchet.model, complete.report.ratchet.chosenAs]).toEqual([
      "real",
      "best-recorded",
    ]);
    expect(complete.report.gate.notes).toEqual([]);
  }, 300_000);
});
