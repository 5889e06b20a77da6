import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_INTENTS } from "../__fixtures__/test-intents.js";
import { loadFixture, type Fixture } from "../inputs/fixtures.js";
import { recordFixtures } from "../record/record.js";
import { replayFixture } from "./replay.js";
import { startSyntheticServer } from "../synthetic/model-server.js";
import type { Intent } from "../inputs/types.js";

let dir: string;
let careful: Fixture;
let variants: Fixture;

beforeAll(async () => {
  const server = await startSyntheticServer(TEST_INTENTS);
  dir = await mkdtemp(path.join(os.tmpdir(), "lackpy-replay-"));
  try {
    const base = {
      intents: TEST_INTENTS,
      temperature: 0.7,
      source: "synthetic" as const,
      paraphrases: false,
    };
    const first = await recordFixtures({
      ...base,
      provider: "anthropic",
      model: "sim-careful",
      baseUrl: server.url,
      apiKey: "synthetic",
      variants: ["baseline"],
      trials: 2,
      file: path.join(dir, "careful.jsonl"),
    });
    careful = await loadFixture(first.file);
    const second = await recordFixtures({
      ...base,
      provider: "ollama",
      model: "sim-chatty",
      host: server.url,
      variants: ["baseline", "examples"],
      trials: 3,
      file: path.join(dir, "chatty.jsonl"),
    });
    variants = await loadFixture(second.file);
  } finally {
    await server.close();
  }
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("replayFixture", () => {
  it("replays every intent × variant × trial deterministically, with no misses", async () => {
    const cells = await replayFixture(careful, TEST_INTENTS);
    expect(cells).toHaveLength(4);
    expect(cells.every((cell) => cell.mode !== "fixture_miss" && !cell.stale)).toBe(true);
    expect(cells.every((cell) => cell.source === "synthetic" && cell.tier === "anthropic")).toBe(
      true,
    );
    expect(cells.every((cell) => cell.modelCalls >= 1 && cell.promptHash !== null)).toBe(true);
    const again = await replayFixture(careful, TEST_INTENTS);
    expect(again.map((cell) => [cell.score, cell.program])).toEqual(
      cells.map((cell) => [cell.score, cell.program]),
    );
  });

  it("marks a cell whose prompt is identical to an earlier variant's, and gives it that cell's result", async () => {
    const cells = await replayFixture(variants, TEST_INTENTS);
    const examples = cells.filter((cell) => cell.variant === "examples");
    const same = examples.filter((cell) => cell.sameAsVariant === "baseline");
    // count-docs retrieves no example (3 trials); config-callers does.
    expect(same.map((cell) => cell.intentId)).toEqual(["count-docs", "count-docs", "count-docs"]);
    for (const cell of same) {
      const baseline = cells.find(
        (other) =>
          other.variant === "baseline" &&
          other.intentId === cell.intentId &&
          other.trial === cell.trial,
      )!;
      expect(cell).toMatchObject({
        score: baseline.score,
        program: baseline.program,
        promptHash: baseline.promptHash,
        sameAsVariant: "baseline",
      });
    }
    expect(
      examples
        .filter((cell) => cell.intentId === "config-callers")
        .every((cell) => cell.sameAsVariant === null),
    ).toBe(true);
  });

  it("leaves out an intent the fixture has no recording of, and a cell it never recorded", async () => {
    const unseen: Intent = {
      ...TEST_INTENTS[0],
      id: "unseen",
      text: "how many docs are there, really",
    };
    expect(await replayFixture(careful, [unseen], { trials: [1] })).toEqual([]);
    // A recording stopped after config-callers' first trial: its second trial is not a failure, just absent.
    const stopped = {
      ...careful,
      records: careful.records.filter(
        (record) => !(record.intentId === "config-callers" && record.trial === 2),
      ),
    };
    const cells = await replayFixture(stopped, [...TEST_INTENTS, unseen]);
    expect(cells.map((cell) => `${cell.intentId} #${cell.trial}`).sort()).toEqual([
      "config-callers #1",
      "count-docs #1",
      "count-docs #2",
    ]);
    expect(cells.every((cell) => cell.mode !== "fixture_miss")).toBe(true);
  });

  it("scores a recorded cell with no answer for the prompt asked as fixture_miss 0, never a pass", async () => {
    // Only a later attempt was kept, under another prompt: the first prompt finds nothing.
    const holed = {
      ...careful,
      records: careful.records.map((record) => ({
        ...record,
        promptHash: `other-${record.promptHash}`,
        attempt: record.attempt + 1,
      })),
    };
    const [cell] = await replayFixture(holed, [TEST_INTENTS[0]], { trials: [1] });
    expect(cell).toMatchObject({ score: 0, mode: "fixture_miss", accepted: false });
  });

  it("answers a changed prompt from the same intent, variant, trial and attempt, marked stale", async () => {
    const changed = {
      ...careful,
      records: careful.records.map((record) => ({
        ...record,
        promptHash: `old-${record.promptHash}`,
      })),
    };
    const cells = await replayFixture(changed, TEST_INTENTS, { trials: [1] });
    expect(cells.every((cell) => cell.stale && cell.mode !== "fixture_miss")).toBe(true);
  });
});
