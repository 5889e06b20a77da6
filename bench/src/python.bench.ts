import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { validate } from "@lackpy/lang";
import { DEFAULT_CONFIG, LackpyService } from "@lackpy/service";
import { DEFAULT_CPU_SAMPLING, sampleEachCpuTime } from "./cpu-time.js";
import type { BenchRatio, BenchSuite, MeasuredTask } from "./harness.js";
import {
  PYTHON_COMPARISON_KIT,
  LONG_PAIR,
  TEMPLATE,
  TYPICAL_PAIR,
  type ProgramPair,
} from "./python-programs.js";
import {
  findPythonLackpy,
  PYTHON_LACKPY_HINT,
  runPythonDriver,
  type DriverAnswer,
  type PythonLackpy,
} from "./python-lackpy.js";

const EXAMPLE = fileURLToPath(new URL("../../examples/workspace", import.meta.url));
/** Validation without the cache (an option of newer validators; older ones have no cache). */
const UNCACHED = { cache: false };
const KIT = [...PYTHON_COMPARISON_KIT];

function copyExample(side: string): string {
  const workspace = mkdtempSync(path.join(os.tmpdir(), `lackpy-bench-python-${side}-`));
  cpSync(EXAMPLE, workspace, { recursive: true });
  return workspace;
}

function sameResult(task: string, ours: unknown, theirs: unknown): void {
  if (JSON.stringify(ours) !== JSON.stringify(theirs))
    throw new Error(
      `lackpy and Python lackpy disagree on ${task}: ${JSON.stringify(ours)} vs ${JSON.stringify(theirs)}`,
    );
}

/** Measures lackpy on the same tasks as the driver, after checking that both sides agree. */
async function measureLackpy(answer: DriverAnswer): Promise<MeasuredTask[]> {
  const workspace = copyExample("node");
  const config = structuredClone(DEFAULT_CONFIG);
  config.run.mode = "in-process";
  config.inference.order = ["templates", "rules"];
  const service = new LackpyService({ workspace, config });
  try {
    const { kit } = await service.resolveKit(KIT);
    const check = (pair: ProgramPair) =>
      validate(pair.javascript, { tools: kit.tools, ...UNCACHED });
    for (const pair of [TYPICAL_PAIR, LONG_PAIR]) {
      const { valid, errors } = check(pair);
      if (!valid) throw new Error(`a comparison program is invalid: ${errors[0]?.message}`);
    }
    await service.create(TEMPLATE.javascript, {
      name: TEMPLATE.name,
      pattern: TEMPLATE.pattern,
      kit: KIT,
    });
    let runs = 0;
    const runTypical = async (source: string) => {
      const result = await service.runProgram(source, { kit: KIT, mode: "in-process" });
      if (!result.success)
        throw new Error(`the typical program failed: ${JSON.stringify(result.error)}`);
      return result.output;
    };
    const delegate = async () => {
      const result = await service.delegate(TEMPLATE.intent, { kit: KIT });
      if (!result.success || result.tier !== "templates")
        throw new Error(
          `the template delegate failed: tier ${result.tier}, ${JSON.stringify(result.error)}`,
        );
      return result.output;
    };
    sameResult(
      "the typical program",
      await runTypical(TYPICAL_PAIR.javascript),
      answer.results["run typical"],
    );
    sameResult("the template delegate", await delegate(), answer.results["delegate (template)"]);
    const operations: Record<string, () => unknown> = {
      "validate typical": () => check(TYPICAL_PAIR),
      "validate 1,000 lines": () => check(LONG_PAIR),
      // A new comment makes each source one the service has not validated before, as in Python lackpy.
      "run typical": () => runTypical(`${TYPICAL_PAIR.javascript}\n// ${runs++}`),
      "run typical, validation cached": () => runTypical(TYPICAL_PAIR.javascript),
      "delegate (template)": delegate,
    };
    const measured = await sampleEachCpuTime(operations);
    return measured.map((samples) => ({ ...samples, task: `lackpy: ${samples.task}` }));
  } finally {
    await service.close();
    rmSync(workspace, { recursive: true, force: true });
  }
}

/** Runs the driver over its own copy of the example workspace. */
function measurePythonLackpy(location: PythonLackpy): DriverAnswer {
  const workspace = copyExample("python");
  try {
    return runPythonDriver(location, {
      workspace,
      kit: KIT,
      sampling: DEFAULT_CPU_SAMPLING,
      programs: { typical: TYPICAL_PAIR.python, long: LONG_PAIR.python },
      template: {
        name: TEMPLATE.name,
        pattern: TEMPLATE.pattern,
        intent: TEMPLATE.intent,
        program: TEMPLATE.python,
      },
    });
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

/** How many times faster lackpy is than Python lackpy on a task (goal: at least `goal`). */
function speedup(name: string, task: string, goal?: number, pythonTask = task): BenchRatio {
  return {
    name,
    task: `lackpy: ${task}`,
    baseline: `Python lackpy: ${pythonTask}`,
    kind: "speedup",
    ...(goal !== undefined ? { goal } : {}),
  };
}

/**
 * lackpy against Python lackpy (issue 17), optional: the same programs, tools, workspace and
 * template on both sides, in CPU time per call, measured one side after the other in one run.
 * Skipped with one line when Python lackpy is not found.
 */
export const suite: BenchSuite = {
  name: "python",
  tasks: () => [],
  measure: async () => {
    const lookup = findPythonLackpy();
    if ("missing" in lookup) return { skipped: `${lookup.missing}; ${PYTHON_LACKPY_HINT}` };
    if ("broken" in lookup) {
      process.exitCode = 1;
      return { skipped: `failed: ${lookup.broken}` };
    }
    try {
      const answer = measurePythonLackpy(lookup.found);
      process.stderr.write(`python: Python ${answer.python}, Python lackpy ${answer.lackpy}\n`);
      const theirs = answer.tasks.map(({ task, samplesUs }) => ({
        task: `Python lackpy: ${task}`,
        samplesUs,
      }));
      return [...theirs, ...(await measureLackpy(answer))];
    } catch (error) {
      // Python lackpy was found but the comparison broke: say so and fail the run, after the other suites.
      process.exitCode = 1;
      return { skipped: `failed: ${(error as Error).message}` };
    }
  },
  ratios: [
    speedup("validate typical, Python lackpy / lackpy (times faster)", "validate typical", 15),
    speedup("validate 1,000 lines, Python lackpy / lackpy", "validate 1,000 lines", 15),
    speedup("run typical (validated each time), Python lackpy / lackpy", "run typical", 10),
    speedup(
      "run typical (validation cached), Python lackpy / lackpy",
      "run typical, validation cached",
      undefined,
      "run typical",
    ),
    speedup("template delegate, Python lackpy / lackpy", "delegate (template)", 2),
  ],
};
