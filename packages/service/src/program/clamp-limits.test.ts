import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { childPoolStats, closeWorkerPool, configureChildPool } from "@lackpy/run/node";
import type { Toolbox } from "@lackpy/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG, DEFAULT_LIMIT_MAXIMA, type LackpyConfig } from "../config/config-types.js";
import { parseConfig } from "../config/load-config.js";
import { LackpyService } from "../lackpy-service.js";
import { APPROVAL_TOOL_TIMEOUT_MS, approvalLimits, clampLimits } from "./clamp-limits.js";

const EXAMPLE = fileURLToPath(new URL("../../../../examples/workspace", import.meta.url));
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-limits-"));
  await cp(EXAMPLE, root, { recursive: true });
});

afterAll(async () => {
  await closeWorkerPool();
  await rm(root, { recursive: true, force: true });
});

describe("clampLimits", () => {
  it("lowers each limit above its maximum and lists it", () => {
    expect(
      clampLimits(
        { timeoutMs: 999_999_999, maxSteps: 5, maxToolCalls: 1e9, memoryMb: 4096 },
        DEFAULT_LIMIT_MAXIMA,
      ),
    ).toEqual({
      limits: { timeoutMs: 60_000, maxSteps: 5, maxToolCalls: 10_000, memoryMb: 1024 },
      lowered: [
        { limit: "timeoutMs", requested: 999_999_999, used: 60_000 },
        { limit: "maxToolCalls", requested: 1e9, used: 10_000 },
        { limit: "memoryMb", requested: 4096, used: 1024 },
      ],
    });
  });

  it("passes anything that is not a finite number on for the run to refuse", () => {
    expect(clampLimits({ timeoutMs: Infinity, bogus: 1 }, DEFAULT_LIMIT_MAXIMA)).toEqual({
      limits: { timeoutMs: Infinity, bogus: 1 },
      lowered: [],
    });
    expect(clampLimits(undefined, DEFAULT_LIMIT_MAXIMA)).toEqual({ limits: {}, lowered: [] });
  });
});

describe.each(["in-process", "isolated"] as const)("a request's limits (%s)", (mode) => {
  function service(configText = ""): LackpyService {
    const config: LackpyConfig = configText
      ? parseConfig(configText)
      : structuredClone(DEFAULT_CONFIG);
    config.run.mode = mode;
    return new LackpyService({
      workspace: root,
      config,
      extendToolbox: (toolbox: Toolbox) => {
        const wait = (ms: number) => new Promise((resolve) => setTimeout(() => resolve(ms), ms));
        toolbox.registerProvider({ name: "test", resolve: () => wait });
        toolbox.registerTool({
          name: "wait",
          provider: "test",
          args: [{ name: "ms", type: "number" }],
        });
      },
    });
  }

  it("never raises a run's deadline past the workspace's maximum, and says so", async () => {
    const lackpy = service("[run]\ntimeout_ms = 300\n\n[run.maxima]\ntimeout_ms = 300\n");
    const result = await lackpy.runProgram(`wait(5000)`, {
      kit: ["wait"],
      limits: { timeoutMs: 3_600_000 },
    });
    expect(result.error).toMatchObject({
      code: "limit_time",
      message: "The run, tools included, took longer than 300 ms (it was waiting for tool wait).",
    });
    expect(result.limitsLowered).toEqual([{ limit: "timeoutMs", requested: 3_600_000, used: 300 }]);
  });

  it("never raises a run's steps past the workspace's maximum, and says so", async () => {
    const lackpy = service("[run.maxima]\nmax_steps = 2000000\n");
    const result = await lackpy.runProgram(`let n = 0\nfor (const i of range(1e12)) n += i\nn`, {
      kit: "none",
      limits: { maxSteps: 1e12, timeoutMs: 60_000 },
    });
    expect(result.error).toMatchObject({
      code: "limit_steps",
      message: "The program took more than 2000000 steps.",
    });
    expect(result.limitsLowered).toEqual([{ limit: "maxSteps", requested: 1e12, used: 2_000_000 }]);
  });

  it("keeps a request within the maxima as it is, with nothing to report", async () => {
    const lackpy = service();
    const result = await lackpy.runProgram(`1 + 1`, { kit: "none", limits: { timeoutMs: 2000 } });
    expect(result.output).toBe(2);
    expect(result).not.toHaveProperty("limitsLowered");
  });

  it("uses the limits the person running lackpy set as given, above the maxima", async () => {
    const lackpy = service("[run]\nmax_tool_calls = 2\n\n[run.maxima]\nmax_tool_calls = 2\n");
    const program = `[wait(1), wait(1), wait(1)]`;
    const capped = await lackpy.runProgram(program, { kit: ["wait"], limits: { maxToolCalls: 3 } });
    expect(capped.error).toMatchObject({ code: "limit_tool_calls" });
    const result = await lackpy.runProgram(program, {
      kit: ["wait"],
      limits: { maxToolCalls: 3 },
      limitsSetByPerson: true,
    });
    expect(result.output).toEqual([1, 1, 1]);
    expect(result).not.toHaveProperty("limitsLowered");
  });

  it("reports lowered limits on a delegate too", async () => {
    const lackpy = service('[inference]\norder = ["rules"]\n');
    const result = await lackpy.delegate("count the files", {
      kit: "readonly",
      limits: { maxToolCalls: 1e9 },
    });
    expect(result.limitsLowered).toEqual([
      { limit: "maxToolCalls", requested: 1e9, used: DEFAULT_LIMIT_MAXIMA.maxToolCalls },
    ]);
  });
});

describe("[run] max_children", () => {
  it("sets the isolated pool's cap for the process when the service opens", () => {
    const before = childPoolStats().maxChildren;
    try {
      new LackpyService({ workspace: root, config: parseConfig("[run]\nmax_children = 3\n") });
      expect(childPoolStats().maxChildren).toBe(3);
    } finally {
      configureChildPool({ maxChildren: before });
    }
  });
});

describe("approvalLimits", () => {
  it("gives a run with a person to ask ten minutes of tool time, by default and as its maximum (decision 56)", () => {
    const { defaults, maxima } = approvalLimits(DEFAULT_CONFIG.run.limits, DEFAULT_LIMIT_MAXIMA);
    expect(defaults.toolTimeoutMs).toBe(APPROVAL_TOOL_TIMEOUT_MS);
    expect(maxima.toolTimeoutMs).toBe(APPROVAL_TOOL_TIMEOUT_MS);
    expect(maxima.timeoutMs).toBe(DEFAULT_LIMIT_MAXIMA.timeoutMs);
    const longer = approvalLimits(
      { ...DEFAULT_CONFIG.run.limits, toolTimeoutMs: 900_000 },
      { ...DEFAULT_LIMIT_MAXIMA, toolTimeoutMs: 900_000 },
    );
    expect([longer.defaults.toolTimeoutMs, longer.maxima.toolTimeoutMs]).toEqual([
      900_000, 900_000,
    ]);
  });

  it("lowers no limit and says nothing when an approver asks for the approval time", async () => {
    const service = await LackpyService.open({ workspace: root });
    try {
      const limits = { toolTimeoutMs: APPROVAL_TOOL_TIMEOUT_MS };
      const approved = await service.runProgram("1 + 1", { limits, approve: async () => "yes" });
      expect(approved.limitsLowered).toBeUndefined();
      const asked = await service.runProgram("1 + 1", { limits });
      expect(asked.limitsLowered).toEqual([
        { limit: "toolTimeoutMs", requested: APPROVAL_TOOL_TIMEOUT_MS, used: 60_000 },
      ]);
    } finally {
      await service.close();
    }
  });
});
