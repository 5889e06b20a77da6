import { afterAll, describe, expect, it } from "vitest";
import { alive, childPids, eventually } from "../__fixtures__/child-processes.js";
import { closeChildPool, prewarmChildPool, run, startChildProcess } from "../node.js";

afterAll(() => closeChildPool());

/** Runs a program on an isolated child of `memoryMb`; returns its output and the children of that limit while it ran. */
async function runOn(memoryMb: number) {
  let seen: number[] = [];
  const result = await run(`look()\n"done"`, {
    mode: "isolated",
    limits: { memoryMb },
    tools: { look: async () => (seen = await childPids(memoryMb)).length },
  });
  return { output: result.output, error: result.error, seen };
}

/**
 * A one-shot CLI starts its child before it loads the pool (`startChildProcess`) and hands it
 * over later (`prewarmChildPool(undefined, started)`): the pool runs on that very process,
 * whatever it did before anyone listened, and kills one it has no use for.
 */
describe("a child started before the pool", () => {
  it("is the child the next run of its limit runs on", async () => {
    const started = startChildProcess(101);
    prewarmChildPool(undefined, started);
    expect(await runOn(101)).toEqual({ output: "done", error: null, seen: [started.process.pid] });
  });

  it("is ready for the pool even when it said so before the pool listened", async () => {
    const started = startChildProcess(102);
    await eventually(() => started.early.ready);
    prewarmChildPool(undefined, started);
    expect(await runOn(102)).toEqual({ output: "done", error: null, seen: [started.process.pid] });
  });

  it("counts as gone when it died before the pool took it, and the run gets another", async () => {
    const started = startChildProcess(103);
    const pid = started.process.pid!;
    started.process.kill("SIGKILL");
    await eventually(() => started.early.exit !== null);
    prewarmChildPool(undefined, started);
    const ran = await runOn(103);
    expect(ran.output).toBe("done");
    expect(ran.seen).toHaveLength(1);
    expect(ran.seen).not.toContain(pid);
  });

  it("is killed when the pool already has an idle child of its limit", async () => {
    prewarmChildPool(104);
    await eventually(async () => (await childPids(104)).length === 1);
    const started = startChildProcess(104);
    const pid = started.process.pid!;
    prewarmChildPool(undefined, started);
    await eventually(() => !alive(pid));
    expect(await childPids(104)).toHaveLength(1);
  });
});
