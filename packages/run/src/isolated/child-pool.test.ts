import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { DEFAULT_LIMITS } from "@lackpy/lang";
import { afterAll, describe, expect, it } from "vitest";
import { alive, childPids, eventually } from "../__fixtures__/child-processes.js";
import {
  closeChildPool,
  closeWorkerPool,
  DEFAULT_CHILD_MEMORY_MB,
  prewarmChildPool,
  prewarmWorkerPool,
  run,
} from "../node.js";

const execFileAsync = promisify(execFile);
const HOST = fileURLToPath(new URL("../__fixtures__/host-without-close.mjs", import.meta.url));

afterAll(() => closeChildPool());

describe("the isolated child pool", () => {
  it("starts children for the default memory limit when none is named", () => {
    expect(DEFAULT_CHILD_MEMORY_MB).toBe(DEFAULT_LIMITS.memoryMb);
    expect(prewarmWorkerPool).toBe(prewarmChildPool);
    expect(closeWorkerPool).toBe(closeChildPool);
  });

  it("prewarms one child per limit, which the next run of that limit uses", async () => {
    prewarmChildPool(81);
    prewarmChildPool(81);
    await eventually(async () => (await childPids(81)).length === 1);
    const [pid] = await childPids(81);
    let seen: number[] = [];
    const result = await run(`look()\n"warm"`, {
      mode: "isolated",
      limits: { memoryMb: 81 },
      tools: { look: async () => (seen = await childPids(81)).length },
    });
    expect(result.output).toBe("warm");
    expect(seen).toEqual([pid]);
  });

  it("kills idle children on close and starts new ones after", async () => {
    prewarmChildPool(82);
    await eventually(async () => (await childPids(82)).length === 1);
    const [pid] = await childPids(82);
    await closeChildPool();
    expect(alive(pid)).toBe(false);
    expect((await run(`"again"`, { mode: "isolated", limits: { memoryMb: 82 } })).output).toBe(
      "again",
    );
  });

  it.skipIf(process.platform !== "linux")(
    "gives a child no host environment and no host flags",
    async () => {
      process.env.LACKPY_TEST_API_KEY = "sk-host-only";
      try {
        prewarmChildPool(83);
        await eventually(async () => (await childPids(83)).length === 1);
      } finally {
        delete process.env.LACKPY_TEST_API_KEY;
      }
      const [pid] = await childPids(83);
      const environment = readFileSync(`/proc/${pid}/environ`, "utf8");
      expect(environment).not.toContain("LACKPY_TEST_API_KEY");
      expect(environment).not.toContain("PATH=");
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
      expect(args.slice(1, -1)).toEqual([
        "--max-old-space-size=83",
        "--max-semi-space-size=5",
        "--disallow-code-generation-from-strings",
      ]);
      expect(args.at(-1)).toMatch(/child-entry\.js$/);
    },
  );

  it.each([
    ["a run that ends cleanly", `1 + 1`, 2, 84],
    ["a run whose child was killed at the time limit", `freeze()\n1`, "limit_time", 85],
  ])("never keeps the host alive after %s", async (_name, source, output, memoryMb) => {
    const { stdout } = await execFileAsync(process.execPath, [HOST, String(memoryMb), source], {
      timeout: 20_000,
    });
    expect(JSON.parse(stdout)).toEqual(output);
    await eventually(async () => (await childPids(memoryMb, { anyParent: true })).length === 0);
  });
});
