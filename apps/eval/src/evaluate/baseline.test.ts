import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rowCells } from "../__fixtures__/cells.js";
import { compareWithBaseline, loadBaseline } from "./baseline.js";

describe("compareWithBaseline", () => {
  it("compares rows present in both, significant regressions first", () => {
    const before = [
      ...rowCells({ model: "steady" }, { intents: 40, passing: 20 }),
      ...rowCells({ model: "worse" }, { intents: 40, passing: 35 }),
      ...rowCells({ model: "gone" }, { intents: 10, passing: 5 }),
    ];
    const now = [
      ...rowCells({ model: "steady" }, { intents: 40, passing: 21 }),
      ...rowCells({ model: "worse" }, { intents: 40, passing: 10 }),
      ...rowCells({ model: "new" }, { intents: 10, passing: 5 }),
    ];
    const changes = compareWithBaseline(now, before);
    expect(changes.map((change) => change.a.model)).toEqual(["worse", "steady"]);
    expect(changes[0]).toMatchObject({
      kind: "baseline",
      significant: true,
      passRateB: 35 / 40,
      passRateA: 10 / 40,
    });
    expect(changes[1].significant).toBe(false);
  });

  it("leaves out cells answered from older recordings or with none, so a prompt change is no regression", () => {
    const before = rowCells({ source: "recorded" }, { intents: 40, passing: 30 });
    const now = before.map((cell, index) =>
      index < 20
        ? { ...cell, score: 0 as const, mode: "fixture_miss" as const }
        : { ...cell, stale: index < 30 },
    );
    const [change] = compareWithBaseline(now, before);
    expect(change).toMatchObject({ intents: 10, difference: 0, significant: false });
  });
});

describe("loadBaseline", () => {
  it("refuses a file that is not a report with cells, naming the file", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "lackpy-baseline-"));
    try {
      const file = path.join(dir, "old.json");
      await writeFile(file, JSON.stringify({ meta: {}, summary: [] }));
      await expect(loadBaseline(file)).rejects.toMatchObject({
        code: "invalid_baseline",
        message: expect.stringContaining("old.json has no cells"),
      });
      await writeFile(file, "{");
      await expect(loadBaseline(file)).rejects.toMatchObject({ code: "invalid_baseline" });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
