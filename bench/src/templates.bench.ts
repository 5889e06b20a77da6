import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_CONFIG, LackpyService } from "@lackpy/service";
import { sampleCpuTime } from "./cpu-time.js";
import type { BenchSuite, MeasuredTask } from "./harness.js";
import { TEMPLATE_INTENT, workspaceWithTemplates } from "./many-templates.js";

const BIN = fileURLToPath(new URL("../../packages/cli/bin/lackpy.js", import.meta.url));
/** In-process delegates: how many templates each workspace has. */
const SIZES = [10, 1_000, 5_000, 10_000];
/** The one-shot CLI: these two sizes, each process run this often (after one run not counted). */
const CLI_SIZES = [10, 5_000];
const CLI_RUNS = 15;
/**
 * Files changed in the last 2 s are not put in `.lackpy/templates.index` (decision 55): the
 * workspaces are made, then left that long before the first process writes the index.
 */
const INDEX_SETTLE_MS = 2_100;

const label = (count: number) => count.toLocaleString("en-US");
const inProcessTask = (count: number) => `delegate served by a template, ${label(count)} templates`;
const cliTask = (count: number) => `lackpy delegate (one-shot), ${label(count)} templates`;
const cliCpuTask = (count: number) =>
  `lackpy delegate (one-shot) CPU time, ${label(count)} templates`;

/**
 * Loaded before the CLI (`node --import`): at exit, the process's own CPU time (user + system,
 * since it started) on stderr, which a shared machine's load moves less than wall time.
 */
const CPU_REPORTER = `import { writeSync } from "node:fs";
process.on("exit", () => {
  const { user, system } = process.cpuUsage();
  writeSync(2, "\\nlackpy-bench-cpu-us " + (user + system) + "\\n");
});
`;
const CPU_LINE = /^lackpy-bench-cpu-us (\d+)$/m;

function openService(workspace: string): LackpyService {
  const config = structuredClone(DEFAULT_CONFIG);
  config.run.mode = "in-process";
  config.inference.order = ["templates", "rules"];
  return new LackpyService({ workspace, config });
}

async function delegate(service: LackpyService): Promise<void> {
  const result = await service.delegate(TEMPLATE_INTENT);
  if (!result.success || result.tier !== "templates")
    throw new Error(
      `the template delegate failed: tier ${result.tier}, ${JSON.stringify(result.error)}`,
    );
}

/** One `lackpy delegate` process: its answer, its CPU time (µs), and its wall time (µs) from outside. */
function cliDelegate(
  workspace: string,
  reporter: string,
): { tier: string; success: boolean; cpuUs: number; wallUs: number } {
  const started = performance.now();
  const child = spawnSync(
    process.execPath,
    ["--import", reporter, BIN, "delegate", TEMPLATE_INTENT, "--workspace", workspace, "--json"],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const wallUs = (performance.now() - started) * 1000;
  const cpu = CPU_LINE.exec(child.stderr);
  if (child.status !== 0 || !cpu)
    throw new Error(`lackpy delegate failed (status ${child.status}): ${child.stderr}`);
  const answer = JSON.parse(child.stdout) as { tier: string; success: boolean };
  return { ...answer, cpuUs: Number(cpu[1]), wallUs };
}

/**
 * The one-shot CLI, 10 and 5,000 templates in turn (so that a change in the machine's load falls
 * on both alike), after one process of each that is not counted and writes the index.
 */
function measureOneShot(workspaces: Map<number, string>, reporter: string): MeasuredTask[] {
  for (const count of CLI_SIZES) {
    const answer = cliDelegate(workspaces.get(count)!, reporter);
    if (!answer.success || answer.tier !== "templates")
      throw new Error(`the one-shot delegate was not served by a template (tier ${answer.tier})`);
    const index = path.join(workspaces.get(count)!, ".lackpy", "templates.index");
    if (count >= 1_000 && !existsSync(index)) throw new Error(`the first process left no ${index}`);
  }
  const wall = new Map(CLI_SIZES.map((count) => [count, [] as number[]]));
  const cpu = new Map(CLI_SIZES.map((count) => [count, [] as number[]]));
  for (let run = 0; run < CLI_RUNS; run++)
    for (const count of CLI_SIZES) {
      const { wallUs, cpuUs } = cliDelegate(workspaces.get(count)!, reporter);
      wall.get(count)!.push(wallUs);
      cpu.get(count)!.push(cpuUs);
    }
  return CLI_SIZES.flatMap((count) => [
    { task: cliTask(count), samplesUs: wall.get(count)! },
    { task: cliCpuTask(count), samplesUs: cpu.get(count)! },
  ]);
}

/** In-process delegates, CPU time a call, each size after a discarded pass over all of them. */
async function measureInProcess(workspaces: Map<number, string>): Promise<MeasuredTask[]> {
  const services = new Map(SIZES.map((count) => [count, openService(workspaces.get(count)!)]));
  const measured: MeasuredTask[] = [];
  try {
    for (const service of services.values()) await delegate(service);
    for (const service of services.values())
      await sampleCpuTime(() => delegate(service), { samples: 1, minSampleMs: 1, warmupMs: 500 });
    for (const [count, service] of services) {
      // Another size's counters are written now, not during this size's batches.
      for (const other of services.values()) await other.flush();
      const { samplesUs } = await sampleCpuTime(() => delegate(service));
      measured.push({ task: inProcessTask(count), samplesUs });
    }
  } finally {
    for (const service of services.values()) await service.close();
  }
  return measured;
}

/**
 * Tier 0 with many templates (issue 27): a delegate answered by the same template in workspaces
 * of 10, 1,000, 5,000 and 10,000 templates whose patterns share most of their words. In-process,
 * as CPU time per delegate (`src/cpu-time.ts`: batches, so the write-behind of the counters every
 * second and the checks of every file for in-place edits are counted too); and the one-shot
 * `lackpy delegate … --workspace W --json` (the program runs isolated, the default) as whole
 * processes, 10 and 5,000 templates in turn: median wall time from outside, and the process's
 * own CPU time at exit beside it (steadier on a shared machine). Goals: 5,000 templates cost at
 * most 2× 10 in-process, and at most 1.5× in the one-shot CLI.
 */
export const suite: BenchSuite = {
  name: "templates",
  tasks: () => [],
  measure: async (): Promise<MeasuredTask[]> => {
    const made: string[] = [];
    try {
      const workspaces = new Map(
        SIZES.map((count) => {
          const workspace = workspaceWithTemplates(count, `lackpy-bench-templates-${count}-`);
          made.push(workspace);
          return [count, workspace];
        }),
      );
      const reporterDirectory = mkdtempSync(path.join(os.tmpdir(), "lackpy-bench-cpu-"));
      made.push(reporterDirectory);
      const reporter = path.join(reporterDirectory, "cpu.mjs");
      writeFileSync(reporter, CPU_REPORTER);
      await new Promise((resolve) => setTimeout(resolve, INDEX_SETTLE_MS));
      return [...measureOneShot(workspaces, reporter), ...(await measureInProcess(workspaces))];
    } finally {
      for (const directory of made) rmSync(directory, { recursive: true, force: true });
    }
  },
  ratios: [
    {
      name: "template delegate CPU time, 1,000 / 10 templates",
      task: inProcessTask(1_000),
      baseline: inProcessTask(10),
    },
    {
      name: "template delegate CPU time, 5,000 / 10 templates",
      task: inProcessTask(5_000),
      baseline: inProcessTask(10),
      goal: 2,
    },
    {
      name: "template delegate CPU time, 10,000 / 10 templates",
      task: inProcessTask(10_000),
      baseline: inProcessTask(10),
    },
    {
      name: "one-shot lackpy delegate, 5,000 / 10 templates",
      task: cliTask(5_000),
      baseline: cliTask(10),
      goal: 1.5,
    },
    {
      name: "one-shot lackpy delegate CPU time, 5,000 / 10 templates",
      task: cliCpuTask(5_000),
      baseline: cliCpuTask(10),
    },
  ],
};
