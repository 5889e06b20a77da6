import { closeChildPool, run } from "@lackpy/run/node";
import type { BenchRatio, BenchSuite, MeasuredTask } from "./harness.js";

/** The run's deadline in every task. */
const LIMIT_MS = 1000;
/** What a run may take past 1.2 × its deadline: a GC pause of a large heap, the result's serialisation. */
const SLACK_MS = 100;
/** Runs of each program in each mode. */
const SAMPLES = 3;

/**
 * Programs that, before every run was bounded, ended long after their deadline: bulk spreads and
 * helper arguments (decision 52) and slow tool calls (decision 49). Each must end with a limit,
 * at most 20% (plus `SLACK_MS`) past `LIMIT_MS`.
 */
const PROGRAMS: [string, string][] = [
  ["Math.max of a spread range", `Math.max(...range(1e7))`],
  [
    "spreads repeated in a loop",
    `const xs = list(range(1e6))\nlet n = 0\nfor (const i of range(1000)) n += len([...xs])\nn`,
  ],
  [
    "Math.max repeated in a loop",
    `const xs = list(range(1e6))\nlet n = 0\nfor (const i of range(1000)) n += Math.max(...xs)\nn`,
  ],
  ["sum of a range", `sum(range(1e9))`],
  ["sorted of a long range", `len(sorted(range(1e7)))`],
  ["a long list sorted by a key", `len(sorted(list(range(2e6)), (x) => -x))`],
  [
    "a set of a range, repeated",
    `let n = 0\nfor (const i of range(100)) n += len(set(range(2e6)))\nn`,
  ],
  [
    "an object spread, repeated",
    `const o = dict(list(range(2e5)).map(i => [i, i]))\nlet n = 0\nfor (const i of range(100)) n += len({ ...o })\nn`,
  ],
  ["print of a spread, repeated", `for (const i of range(100)) print(...range(1e6))\n1`],
  [
    "five 300 ms tool calls",
    `const r = [wait(300), wait(300), wait(300), wait(300), wait(300)]\nr`,
  ],
];

const wait = (ms: number) => new Promise((resolve) => setTimeout(() => resolve(ms), ms));

const MODES = ["in-process", "isolated"] as const;

/** The baseline every ratio divides by: `LIMIT_MS + SLACK_MS / 1.2`, so a ratio ≤ 1.2 is a run within 1.2 × limit + slack. */
const BASELINE = "deadline with slack";

/**
 * How late runs end: each program's wall time over its deadline, in both modes. A ratio at most
 * 1.2 means the run ended within 1.2 × `LIMIT_MS` + `SLACK_MS`, the bound decision 52 aims for.
 */
export const suite: BenchSuite = {
  name: "deadline",
  tasks: () => [],
  teardown: () => closeChildPool(),
  ratios: MODES.flatMap((mode) =>
    PROGRAMS.map(([name]): BenchRatio => ({
      name: `${name} (${mode}) / deadline`,
      task: `${name} (${mode})`,
      baseline: BASELINE,
      goal: 1.2,
    })),
  ),
  measure: async () => {
    const tasks: MeasuredTask[] = [
      { task: BASELINE, samplesUs: [(LIMIT_MS + SLACK_MS / 1.2) * 1000] },
    ];
    // A warm child, so the isolated figures are runs, not a child's start-up.
    await run(`1`, { mode: "isolated" });
    for (const mode of MODES)
      for (const [name, source] of PROGRAMS) {
        const samplesUs: number[] = [];
        for (let sample = 0; sample < SAMPLES; sample++) {
          const started = performance.now();
          // A run that finishes (a faster machine, a cheaper helper) ended before its deadline:
          // its time is still a sample, below 1.
          await run(source, {
            mode,
            tools: { wait },
            limits: { timeoutMs: LIMIT_MS, maxSteps: 1e12 },
          });
          samplesUs.push((performance.now() - started) * 1000);
        }
        tasks.push({ task: `${name} (${mode})`, samplesUs });
      }
    return tasks;
  },
};
