import type { ToolSpec } from "@lackpy/lang";
import { afterAll, describe, expect, it } from "vitest";
import { closeChildPool, run, type RunProgress } from "./node.js";

afterAll(() => closeChildPool());

const SPECS: ToolSpec[] = [
  { name: "slow_read", args: [{ name: "path", type: "string", path: "read" }] },
];
/** A tool that takes 300 ms per call, as a long bulk tool would. */
const slowRead = (file: string) => new Promise((resolve) => setTimeout(() => resolve(file), 300));

describe.each(["in-process", "isolated"] as const)("run's onProgress (%s)", (mode) => {
  it("reports steps, tool calls, files read and elapsed time as the run goes, never after it", async () => {
    const reports: RunProgress[] = [];
    const result = await run(`range(4).map(i => slow_read("f" + i + ".txt"))`, {
      tools: { slow_read: slowRead },
      toolSpecs: SPECS,
      mode,
      onProgress: (progress) => reports.push(progress),
    });
    expect(result.success).toBe(true);
    const ended = reports.length;
    expect(ended).toBeGreaterThan(0);
    for (const [index, report] of reports.entries()) {
      expect(report.toolCalls).toBeGreaterThan(0);
      expect(report.toolCalls).toBeLessThanOrEqual(4);
      expect(report.filesRead).toBeLessThanOrEqual(report.toolCalls);
      expect(report.steps).toBeGreaterThan(0);
      if (index > 0) {
        expect(report.elapsedMs).toBeGreaterThan(reports[index - 1].elapsedMs);
        expect(report.toolCalls).toBeGreaterThanOrEqual(reports[index - 1].toolCalls);
      }
    }
    expect(reports.at(-1)!.filesRead).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(reports.length).toBe(ended);
  });

  it("goes on when the listener throws", async () => {
    const result = await run(`[slow_read("a"), slow_read("b")].length`, {
      tools: { slow_read: slowRead },
      toolSpecs: SPECS,
      mode,
      onProgress: () => {
        throw new Error("listener broke");
      },
    });
    expect(result).toMatchObject({ success: true, output: 2 });
  });
});
