import { describe, expect, it } from "vitest";
import { makeCell } from "../__fixtures__/cells.js";
import { sampleReport } from "../__fixtures__/sample-report.js";
import { reportJson } from "./report-json.js";

describe("reportJson", () => {
  it("parses back to the report, with one cell and one log entry per line", () => {
    const report = sampleReport();
    const entry = {
      simulation: 0,
      seed: 1,
      request: 1,
      window: 1,
      intentId: "a",
      wording: "a",
      repeat: false,
      tier: "ollama" as const,
      correct: true,
      modelAloneCorrect: null,
      promoted: null,
    };
    const { detail: _detail, ...cell } = makeCell({});
    const full = {
      ...report,
      cells: [cell, cell].map((one) => ({ ...one, program: "x" })) as never,
      ratchet: { ...report.ratchet, log: [entry, entry] },
    };
    const text = reportJson(full);
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(full)));
    expect(
      text.split("\n").filter((line) => line.startsWith('      {"simulation":0')),
    ).toHaveLength(2);
    expect(
      text.split("\n").filter((line) => line.startsWith('    {"provider":"ollama"')),
    ).toHaveLength(2);
    expect(JSON.parse(reportJson(report)).cells).toEqual([]);
  });
});
