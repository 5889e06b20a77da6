import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROMPT_BUILDER_VERSION } from "@lackpy/infer";
import { FixtureError, loadFixture, metaLine } from "./fixtures.js";
import { recordFixtures, type RecordOptions } from "./record.js";
import { replayFixture } from "./replay.js";
import { startSyntheticServer, type SyntheticServer } from "./synthetic/model-server.js";
import type { Intent } from "./types.js";
import { PINNED_WORKSPACE_HASH } from "./workspace.js";

const INTENTS: Intent[] = [
  {
    id: "count-docs",
    text: "how many markdown pages are in the docs folder",
    kit: "readonly",
    difficulty: "core",
    tags: [],
    gold: ['len(find_files("docs/*.md"))'],
    check: { kind: "equals", value: 2 },
    paraphrases: ["count the docs pages"],
  },
  {
    id: "config-callers",
    text: "which files call loadConfig",
    kit: "eval",
    difficulty: "core",
    tags: [],
    gold: ['unique(find_callers("loadConfig").map(c => c.file))'],
    check: {
      kind: "set_equals",
      value: ["src/cart.ts", "src/index.ts", "src/inventory.ts", "src/pricing.ts"],
    },
  },
];

let server: SyntheticServer;
let dir: string;

function options(overrides: Partial<RecordOptions>): RecordOptions {
  return {
    provider: "anthropic",
    model: "sim-careful",
    baseUrl: server.url,
    apiKey: "synthetic",
    intents: INTENTS,
    variants: ["baseline"],
    trials: 2,
    paraphrases: true,
    temperature: 0.7,
    file: path.join(dir, "anthropic", "sim-careful.jsonl"),
    source: "synthetic",
    ...overrides,
  };
}

beforeAll(async () => {
  server = await startSyntheticServer(INTENTS);
  dir = await mkdtemp(path.join(os.tmpdir(), "lackpy-record-"));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("recordFixtures through the real providers and a loopback model server", () => {
  it("records every cell with a _meta header, reporting progress, then resumes with nothing to do", async () => {
    const progress: [number, number][] = [];
    const first = await recordFixtures(
      options({ onProgress: (done, total) => progress.push([done, total]) }),
    );
    // 2 intents × 1 variant × 2 trials, plus 1 paraphrase × 2 trials.
    expect(first).toMatchObject({ cells: 6, recorded: 6, skipped: 0, failed: [] });
    expect(first.calls).toBeGreaterThanOrEqual(6);
    expect(progress.at(-1)).toEqual([6, 6]);
    const fixture = await loadFixture(first.file);
    expect(fixture.meta).toMatchObject({
      provider: "anthropic",
      model: "sim-careful",
      source: "synthetic",
      workspaceHash: PINNED_WORKSPACE_HASH,
      promptBuilderVersion: PROMPT_BUILDER_VERSION,
    });
    expect(new Set(fixture.records.map((record) => record.intentId))).toEqual(
      new Set(["count-docs", "config-callers", "count-docs@p1"]),
    );
    expect(
      fixture.records.every((record) => record.source === "synthetic" && record.trial! >= 1),
    ).toBe(true);

    const again = await recordFixtures(options({}));
    expect(again).toMatchObject({ recorded: 0, skipped: 6, calls: 0 });
    expect((await loadFixture(first.file)).records).toHaveLength(fixture.records.length);
  });

  it("refuses to append to a file recorded against another workspace fixture, unless asked to replace it", async () => {
    const file = path.join(dir, "ollama", "sim-chatty.jsonl");
    await rm(file, { force: true });
    const meta = {
      provider: "ollama" as const,
      model: "sim-chatty",
      source: "synthetic" as const,
      workspaceHash: "0".repeat(64),
      promptBuilderVersion: PROMPT_BUILDER_VERSION,
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    await recordFixtures(
      options({
        provider: "ollama",
        model: "sim-chatty",
        host: server.url,
        file,
        trials: 1,
        paraphrases: false,
      }),
    ).catch(() => undefined);
    await writeFile(file, metaLine(meta));
    const mixed = recordFixtures(
      options({ provider: "ollama", model: "sim-chatty", host: server.url, file }),
    );
    await expect(mixed).rejects.toBeInstanceOf(FixtureError);
    await expect(mixed).rejects.toMatchObject({ code: "workspace_changed" });

    const replaced = await recordFixtures(
      options({
        provider: "ollama",
        model: "sim-chatty",
        host: server.url,
        file,
        trials: 1,
        paraphrases: false,
        replace: true,
      }),
    );
    expect(replaced.recorded).toBe(2);
    const names = await readdir(path.dirname(file));
    expect(names.some((name) => name.startsWith("sim-chatty.jsonl.replaced-"))).toBe(true);
  });

  it("says how to start the server when no model server answers", async () => {
    await expect(
      recordFixtures(
        options({
          provider: "ollama",
          model: "m",
          host: "http://127.0.0.1:9",
          file: path.join(dir, "x.jsonl"),
        }),
      ),
    ).rejects.toMatchObject({
      code: "fixture_invalid",
      hint: expect.stringContaining("ollama serve"),
    });
  });
});

describe("replayFixture", () => {
  it("replays every intent × variant × trial deterministically, with no misses", async () => {
    const fixture = await loadFixture(path.join(dir, "anthropic", "sim-careful.jsonl"));
    const cells = await replayFixture(fixture, INTENTS);
    expect(cells).toHaveLength(4);
    expect(cells.every((cell) => cell.mode !== "fixture_miss" && !cell.stale)).toBe(true);
    expect(cells.every((cell) => cell.source === "synthetic" && cell.tier === "anthropic")).toBe(
      true,
    );
    expect(cells.every((cell) => cell.modelCalls >= 1 && cell.tokensIn > 0)).toBe(true);
    const again = await replayFixture(fixture, INTENTS);
    expect(again.map((cell) => [cell.score, cell.program])).toEqual(
      cells.map((cell) => [cell.score, cell.program]),
    );
  });

  it("scores a request with no recording as fixture_miss 0, never a pass", async () => {
    const fixture = await loadFixture(path.join(dir, "anthropic", "sim-careful.jsonl"));
    const unseen: Intent = { ...INTENTS[0], id: "unseen", text: "how many docs are there, really" };
    const [cell] = await replayFixture(fixture, [unseen], { trials: [1] });
    expect(cell).toMatchObject({ score: 0, mode: "fixture_miss", accepted: false });
  });

  it("answers a changed prompt from the same intent, variant, trial and attempt, marked stale", async () => {
    const fixture = await loadFixture(path.join(dir, "anthropic", "sim-careful.jsonl"));
    const changed = {
      ...fixture,
      records: fixture.records.map((record) => ({
        ...record,
        promptHash: `old-${record.promptHash}`,
      })),
    };
    const cells = await replayFixture(changed, INTENTS, { trials: [1] });
    expect(cells.every((cell) => cell.stale && cell.mode !== "fixture_miss")).toBe(true);
  });
});
