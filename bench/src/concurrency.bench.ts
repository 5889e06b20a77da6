import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { LackpyService } from "@lackpy/service";
import { closeChildPool } from "@lackpy/run/node";
import type { BenchRatio, BenchSuite, MeasuredTask } from "./harness.js";

/** Calls in flight at once; the machine's core count is among them (2 on the bench machine). */
const CONCURRENCY = [1, 2, 4, 8, 16];
/** Calls per sample: every sample is one batch, its figure the batch's wall time per call. */
const CALLS_PER_BATCH = 64;
const ROUNDS = 15;
const MODES = ["isolated", "in-process"] as const;
type Mode = (typeof MODES)[number];

/** What the MCP server's `run_program` runs for a typical call: a program over a small workspace. */
const PROGRAM = `const files = find_files("src/**/*.ts")
const hits = files.map(file => ({ file, todos: read_file(file).split("\\n").filter(line => line.includes("TODO")).length }))
sort_by(hits, "todos", true).slice(0, 3)`;

const task = (mode: Mode, concurrency: number) =>
  `run_program ${mode}, ${concurrency} in flight (per call)`;

/** A workspace of 20 small source files. */
async function workspace(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-bench-concurrency-"));
  await mkdir(path.join(root, "src"), { recursive: true });
  for (let index = 0; index < 20; index++)
    await writeFile(
      path.join(root, "src", `f${index}.ts`),
      Array.from({ length: 40 }, (_, line) =>
        line % (index + 3) === 0 ? "// TODO x" : `const v${line} = ${line}`,
      ).join("\n"),
    );
  return root;
}

/** Runs `calls` calls with `concurrency` of them in flight at once; the wall time in µs. */
async function batch(service: LackpyService, mode: Mode, concurrency: number, calls: number) {
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < calls) {
      next++;
      const result = await service.runProgram(PROGRAM, { kit: "files", mode });
      if (!result.success)
        throw new Error(`run_program failed ${mode}: ${JSON.stringify(result.error)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return (performance.now() - start) * 1000;
}

function ratios(): BenchRatio[] {
  const cores = Math.min(os.availableParallelism(), Math.max(...CONCURRENCY));
  const made: BenchRatio[] = [];
  for (const mode of MODES)
    for (const concurrency of CONCURRENCY.slice(1)) {
      const below = concurrency <= cores;
      const baseline = below ? 1 : cores;
      made.push({
        name: `run_program ${mode}: throughput at ${concurrency} in flight / at ${baseline}`,
        task: task(mode, concurrency),
        baseline: task(mode, baseline),
        kind: "speedup",
        // Rises up to the core count; beyond it falls by no more than 10% (issue 27), isolated mode.
        ...(mode === "isolated" ? { goal: below ? 1.05 : 0.9 } : {}),
      });
    }
  return made;
}

/**
 * The MCP server under concurrency (issue 27): `run_program`'s work (`LackpyService.runProgram`,
 * what the server's tool handler awaits) with 1 to 16 calls in flight from one process, in the
 * default isolated mode and in-process. Each sample is one batch of calls; its figure is the
 * batch's wall time per call, so throughput at N in flight over throughput at 1 is a ratio of the
 * two. The JSON-RPC framing of the server itself is not in it (the same for every row).
 */
export const suite: BenchSuite = {
  name: "concurrency",
  tasks: () => [],
  measure: async () => {
    const root = await workspace();
    const service = await LackpyService.open({ workspace: root });
    const samples = new Map<string, number[]>();
    try {
      for (const mode of MODES) {
        // Warm-up: the pool and the service's caches, at the highest concurrency.
        await batch(service, mode, Math.max(...CONCURRENCY), CALLS_PER_BATCH);
        for (let round = 0; round < ROUNDS; round++)
          for (const concurrency of CONCURRENCY) {
            const name = task(mode, concurrency);
            const perCallUs =
              (await batch(service, mode, concurrency, CALLS_PER_BATCH)) / CALLS_PER_BATCH;
            samples.set(name, [...(samples.get(name) ?? []), perCallUs]);
          }
      }
    } finally {
      await service.close();
      await closeChildPool();
      await rm(root, { recursive: true, force: true });
    }
    return [...samples].map(([name, samplesUs]): MeasuredTask => ({ task: name, samplesUs }));
  },
  ratios: ratios(),
};
