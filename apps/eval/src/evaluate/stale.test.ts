import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate } from "./evaluate.js";
import { FIXTURES_DIR, loadFixture, metaLine } from "../inputs/fixtures.js";
import { loadIntents } from "../inputs/intents.js";

/** The careful profile's fixture, as if recorded from a real model with an older prompt builder. */
let dir: string;
const intents = (await loadIntents()).slice(0, 8);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "lackpy-stale-"));
  const fixture = await loadFixture(path.join(FIXTURES_DIR, "anthropic", "sim-careful.jsonl"));
  const records = fixture.records.map((record) => ({
    ...record,
    source: "recorded",
    promptHash: `old-${record.promptHash}`,
  }));
  await mkdir(path.join(dir, "anthropic"));
  await writeFile(
    path.join(dir, "anthropic", "real.jsonl"),
    metaLine({ ...fixture.meta, model: "real", source: "recorded", promptBuilderVersion: "0" }) +
      records.map((record) => JSON.stringify({ ...record, model: "real" })).join("\n") +
      "\n",
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("a recorded fixture whose prompts changed", () => {
  it("is reported stale with its number of cells, and fails the run only with --strict", async () => {
    const relaxed = await evaluate({ intents, fixturesDir: dir, simulate: false });
    const [info] = relaxed.report.meta.fixtures;
    expect(info.staleCells).toBe(intents.length * 4 * 3);
    expect(info.staleReasons).toEqual([
      expect.stringMatching(/^recorded with prompt builder 0, this is /),
    ]);
    expect(relaxed.report.gate.failures).toEqual([]);
    expect(relaxed.report.gate.notes).toEqual([
      expect.stringMatching(
        /^anthropic\/real is stale: 96 cells answered from recordings of older prompts/,
      ),
    ]);
    const strict = await evaluate({
      intents,
      fixturesDir: dir,
      simulate: false,
      gate: { strictStale: true },
    });
    expect(strict.report.gate.failures).toEqual(relaxed.report.gate.notes);
  }, 120_000);

  it("is no regression against a baseline, whatever its stale answers score", async () => {
    const run = await evaluate({ intents, fixturesDir: dir, simulate: false });
    const better = {
      ...run.report,
      cells: run.report.cells.map((cell) => ({ ...cell, stale: false, score: 2 as const })),
    };
    const compared = await evaluate({
      intents,
      fixturesDir: dir,
      simulate: false,
      baseline: { path: "baseline.json", report: better },
    });
    expect(compared.report.baseline?.changes).toEqual([
      expect.objectContaining({ kind: "baseline", a: expect.objectContaining({ tier: "rules" }) }),
    ]);
    expect(compared.report.gate.failures).toEqual([]);
  }, 120_000);
});
