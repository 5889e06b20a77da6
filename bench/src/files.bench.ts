import { DEFAULT_CONFIG, LackpyService } from "@lackpy/service";
import { closeChildPool } from "@lackpy/run/node";
import { FILE_WORKLOADS, type FileWorkload } from "./file-programs.js";
import type { BenchRatio, BenchSuite, MeasuredTask } from "./harness.js";
import {
  findPythonLackpy,
  PYTHON_LACKPY_HINT,
  startPythonRunner,
  type PythonRunner,
} from "./python-lackpy.js";
import { sourceTree, type SourceTree } from "./source-trees.js";

/** Tree sizes measured (`LACKPY_BENCH_FILES=1000,10000` for fewer). */
const SIZES = (process.env.LACKPY_BENCH_FILES ?? "1000,10000,50000")
  .split(",")
  .map((size) => Number(size.trim()))
  .filter((size) => Number.isSafeInteger(size) && size > 0);
const KIT = ["read_file", "find_files"];
/** The four ways each workload runs, side by side. */
type Side = "plain Node" | "in-process" | "isolated" | "Python lackpy";

/** Warm-up per side and size: at least this long and this many runs (V8 compiles hot code late). */
const WARM_UP = (size: number) => ({ ms: size <= 1000 ? 1500 : 3000, runs: size <= 1000 ? 10 : 2 });
/** Rounds of samples: each side once a round, in turn, so drift on a shared machine hits all sides. */
const ROUNDS = (size: number) => (size <= 1000 ? 15 : size <= 10_000 ? 7 : 3);

const label = (size: number) => size.toLocaleString("en-US");
const task = (workload: string, size: number, side: Side) =>
  `${workload}, ${label(size)} files: ${side}`;

/** The service the lackpy sides run through, as the CLI and MCP server do, with limits a whole tree fits in. */
function serviceFor(tree: SourceTree): LackpyService {
  const config = structuredClone(DEFAULT_CONFIG);
  const limits = { maxToolCalls: 200_000, timeoutMs: 600_000, maxSteps: 1_000_000_000 };
  config.run.limits = { ...config.run.limits, ...limits };
  config.run.maxima = { ...config.run.maxima, ...limits };
  return new LackpyService({ workspace: tree.root, config });
}

/** One run of each side: its wall time in ms and its result. */
function sides(
  workload: FileWorkload,
  tree: SourceTree,
  service: LackpyService,
  python: PythonRunner | null,
): Partial<Record<Side, () => Promise<{ ms: number; output: unknown }>>> {
  const javascript = workload.javascript(tree.patterns);
  const timed = async (work: () => unknown) => {
    const start = performance.now();
    const output = await work();
    return { ms: performance.now() - start, output };
  };
  const lackpy = (mode: "in-process" | "isolated") => async () => {
    const start = performance.now();
    const result = await service.runProgram(javascript, { kit: KIT, mode, trace: "summary" });
    const ms = performance.now() - start;
    if (!result.success)
      throw new Error(`${workload.name} failed ${mode}: ${JSON.stringify(result.error)}`);
    return { ms, output: result.output };
  };
  return {
    "plain Node": () => timed(() => workload.native(tree.root, tree.patterns)),
    "in-process": lackpy("in-process"),
    isolated: lackpy("isolated"),
    ...(python
      ? {
          "Python lackpy": async () => {
            const run = await python.run(tree.root, workload.python(tree.patterns), KIT);
            if (!run.success)
              throw new Error(`${workload.name} failed in Python lackpy: ${run.error}`);
            return { ms: run.ms, output: run.output };
          },
        }
      : {}),
  };
}

/** Measures one workload on one tree: checks that every side gives the same result, warms each up, then samples in turn. */
async function measureWorkload(
  workload: FileWorkload,
  tree: SourceTree,
  service: LackpyService,
  python: PythonRunner | null,
): Promise<MeasuredTask[]> {
  const runs = sides(workload, tree, service, python);
  const entries = Object.entries(runs) as [Side, () => Promise<{ ms: number; output: unknown }>][];
  const expected = JSON.stringify((await entries[0][1]()).output);
  for (const [side, run] of entries.slice(1)) {
    const got = JSON.stringify((await run()).output);
    if (got !== expected)
      throw new Error(
        `${workload.name} on ${label(tree.files)} files: ${side} gives ${got.slice(0, 200)}, plain Node ${expected.slice(0, 200)}`,
      );
  }
  const warm = WARM_UP(tree.files);
  for (const [, run] of entries) {
    let spent = 0;
    for (let count = 0; count < warm.runs || spent < warm.ms; count++) spent += (await run()).ms;
  }
  const samples = new Map<Side, number[]>(entries.map(([side]) => [side, []]));
  for (let round = 0; round < ROUNDS(tree.files); round++)
    for (const [side, run] of entries) samples.get(side)!.push((await run()).ms * 1000);
  return entries.map(([side]) => ({
    task: task(workload.name, tree.files, side),
    samplesUs: samples.get(side)!,
  }));
}

function ratios(): BenchRatio[] {
  const made: BenchRatio[] = [];
  for (const size of SIZES)
    for (const { name } of FILE_WORKLOADS) {
      const prefix = `${name}, ${label(size)} files`;
      made.push(
        {
          name: `${prefix}: isolated / in-process`,
          task: task(name, size, "isolated"),
          baseline: task(name, size, "in-process"),
          goal: 1.5,
        },
        {
          name: `${prefix}: in-process / plain Node`,
          task: task(name, size, "in-process"),
          baseline: task(name, size, "plain Node"),
          goal: 1.5,
        },
        {
          name: `${prefix}: isolated / plain Node`,
          task: task(name, size, "isolated"),
          baseline: task(name, size, "plain Node"),
        },
        {
          name: `${prefix}: Python lackpy / lackpy in-process (times faster)`,
          task: task(name, size, "in-process"),
          baseline: task(name, size, "Python lackpy"),
          kind: "speedup",
          goal: 1,
        },
      );
    }
  return made;
}

/**
 * Everyday file work (issue 27): the README's TODO count, a line count and the largest files,
 * over real source trees of 1,000, 10,000 and 50,000 files (`source-trees.ts`), side by side in
 * one run: plain Node, lackpy in-process, lackpy isolated (the default of the CLI and the MCP
 * server) and, when it is on the machine, Python lackpy. Wall time of a whole run; lackpy's runs
 * go through the service (validation cached, staging, results summarised as the CLI and MCP
 * server do by default). Every side must give the same result before anything is timed.
 */
export const suite: BenchSuite = {
  name: "files",
  tasks: () => [],
  measure: async () => {
    const lookup = findPythonLackpy();
    if ("broken" in lookup) process.exitCode = 1;
    const python = "found" in lookup ? startPythonRunner(lookup.found) : null;
    if (!("found" in lookup))
      process.stderr.write(
        `files: the Python lackpy rows are left out (${"missing" in lookup ? lookup.missing : lookup.broken}); ${PYTHON_LACKPY_HINT}\n`,
      );
    const measured: MeasuredTask[] = [];
    try {
      for (const size of SIZES) {
        const tree = sourceTree(size);
        const service = serviceFor(tree);
        try {
          for (const workload of FILE_WORKLOADS) {
            const startedMs = performance.now();
            measured.push(...(await measureWorkload(workload, tree, service, python)));
            process.stderr.write(
              `files: ${workload.name}, ${label(size)} files: ${((performance.now() - startedMs) / 1000).toFixed(1)} s\n`,
            );
          }
        } finally {
          await service.close();
        }
      }
    } finally {
      python?.close();
      await closeChildPool();
    }
    return measured;
  },
  ratios: ratios(),
};
