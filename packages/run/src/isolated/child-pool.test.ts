import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { DEFAULT_LIMITS } from "@lackpy/lang";
import { availableParallelism } from "node:os";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { alive, childPids, eventually } from "../__fixtures__/child-processes.js";
import {
  childPoolStats,
  closeChildPool,
  closeWorkerPool,
  configureChildPool,
  DEFAULT_CHILD_MEMORY_MB,
  DEFAULT_MAX_CHILDREN,
  prewarmChildPool,
  prewarmWorkerPool,
  run,
} from "../node.js";

const execFileAsync = promisify(execFile);
const HOST = fileURLToPath(new URL("../__fixtures__/host-without-close.mjs", import.meta.url));

afterAll(() => closeChildPool());
afterEach(() => configureChildPool({ maxChildren: DEFAULT_MAX_CHILDREN }));

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

  it("kills idle children on a close that does not wait for their exits", async () => {
    prewarmChildPool(88);
    await eventually(async () => (await childPids(88)).length === 1);
    const [pid] = await childPids(88);
    await closeChildPool({ waitForExit: false });
    expect(childPoolStats().idle).toBe(0);
    await eventually(async () => !alive(pid));
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
    ["a run that ends cleanly", `1 + 1`, 2, 84, []],
    ["a run whose child was killed at the time limit", `freeze()\n1`, "limit_time", 85, []],
    ["a close that does not wait for the exits", `1 + 1`, 2, 86, ["close"]],
    [
      "a close that does not wait, after a killed child",
      `freeze()\n1`,
      "limit_time",
      87,
      ["close"],
    ],
  ])("never keeps the host alive after %s", async (_name, source, output, memoryMb, more) => {
    const { stdout } = await execFileAsync(
      process.execPath,
      [HOST, String(memoryMb), source, ...more],
      { timeout: 20_000 },
    );
    expect(JSON.parse(stdout)).toEqual(output);
    await eventually(async () => (await childPids(memoryMb, { anyParent: true })).length === 0);
  });
});

/** A gate runs wait at (through a tool), so a test holds them running and counts the children. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let entered = 0;
  return {
    open,
    entered: () => entered,
    tools: {
      hold: async () => {
        entered++;
        await opened;
        return 1;
      },
    },
  };
}

describe("the child pool's cap", () => {
  it("defaults to one child per core, at least two", () => {
    expect(DEFAULT_MAX_CHILDREN).toBe(Math.max(2, availableParallelism()));
    expect(childPoolStats().maxChildren).toBe(DEFAULT_MAX_CHILDREN);
  });

  it("never has more live children than the cap: runs beyond it wait, then all finish", async () => {
    const memoryMb = 91;
    configureChildPool({ maxChildren: 2 });
    const held = gate();
    const runs = Array.from({ length: 6 }, (_, index) =>
      run(`hold()\n${index}`, {
        mode: "isolated",
        tools: held.tools,
        limits: { memoryMb, timeoutMs: 30_000 },
      }),
    );
    await eventually(() => held.entered() === 2);
    // Two run, four wait: and no process was started for the waiting ones.
    expect(childPoolStats()).toMatchObject({ maxChildren: 2, waiting: 4 });
    expect(childPoolStats().live).toBeLessThanOrEqual(2);
    expect((await childPids(memoryMb)).length).toBeLessThanOrEqual(2);
    held.open();
    const results = await Promise.all(runs);
    expect(results.map((result) => result.output)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(childPoolStats().waiting).toBe(0);
    expect((await childPids(memoryMb)).length).toBeLessThanOrEqual(2);
  });

  it("gives a released child to the next waiting run (a warm child, no new process)", async () => {
    const memoryMb = 92;
    configureChildPool({ maxChildren: 1 });
    const pids: number[][] = [];
    const look = async () => {
      pids.push(await childPids(memoryMb));
      return 1;
    };
    const options = { mode: "isolated" as const, tools: { look }, limits: { memoryMb } };
    await Promise.all([run(`look()`, options), run(`look()`, options), run(`look()`, options)]);
    expect(new Set(pids.flat()).size).toBe(1);
  });

  it("ends a waiting run at its deadline without starting it", async () => {
    const memoryMb = 93;
    configureChildPool({ maxChildren: 1 });
    const held = gate();
    const busy = run(`hold()`, {
      mode: "isolated",
      tools: held.tools,
      limits: { memoryMb, timeoutMs: 30_000 },
    });
    await eventually(() => held.entered() === 1);
    const started: number[] = [];
    const waiting = await run(`mark()`, {
      mode: "isolated",
      tools: { mark: () => started.push(1) },
      limits: { memoryMb, timeoutMs: 200 },
    });
    expect(waiting.error).toMatchObject({
      code: "limit_time",
      message:
        "The run, tools included, took longer than 200 ms: it waited for a free isolated process and never started.",
    });
    expect(started).toEqual([]);
    expect(childPoolStats().waiting).toBe(0);
    held.open();
    expect((await busy).output).toBe(1);
  });

  it("lets a caller cancel a waiting run", async () => {
    const memoryMb = 94;
    configureChildPool({ maxChildren: 1 });
    const held = gate();
    const busy = run(`hold()`, {
      mode: "isolated",
      tools: held.tools,
      limits: { memoryMb, timeoutMs: 30_000 },
    });
    await eventually(() => held.entered() === 1);
    const controller = new AbortController();
    const waiting = run(`1`, { mode: "isolated", limits: { memoryMb }, signal: controller.signal });
    await eventually(() => childPoolStats().waiting === 1);
    controller.abort();
    expect((await waiting).error).toEqual({ code: "cancelled", message: "The run was cancelled." });
    expect(childPoolStats().waiting).toBe(0);
    held.open();
    expect((await busy).output).toBe(1);
  });

  it("makes room for another memory limit by retiring an idle child", async () => {
    configureChildPool({ maxChildren: 1 });
    expect((await run(`1`, { mode: "isolated", limits: { memoryMb: 95 } })).output).toBe(1);
    await eventually(async () => (await childPids(95)).length === 1);
    const other = await run(`2`, { mode: "isolated", limits: { memoryMb: 96 } });
    expect(other.output).toBe(2);
    await eventually(async () => (await childPids(95)).length === 0);
    expect(childPoolStats().live).toBeLessThanOrEqual(1);
  });

  it("kills idle children down to a lowered cap", async () => {
    configureChildPool({ maxChildren: 4 });
    const options = (memoryMb: number) => ({ mode: "isolated" as const, limits: { memoryMb } });
    await Promise.all([run(`1`, options(97)), run(`1`, options(98))]);
    expect(childPoolStats().live).toBeGreaterThanOrEqual(2);
    configureChildPool({ maxChildren: 1 });
    await eventually(() => childPoolStats().live <= 1);
    expect(childPoolStats().idle).toBeLessThanOrEqual(1);
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses a cap of %s as a caller mistake", (maxChildren) => {
    expect(() => configureChildPool({ maxChildren })).toThrow(
      expect.objectContaining({ code: "invalid_option" }),
    );
  });
});
