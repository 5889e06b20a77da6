import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchRatio, BenchSuite, MeasuredTask } from "./harness.js";
import { WAVE2_HINT, findWaveTwo, waveTwoBin } from "./wave-two.js";

const BIN = fileURLToPath(new URL("../../packages/cli/bin/lackpy.js", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../../examples/workspace", import.meta.url));
/** Rounds of pairs: each command, then `node -e 0`, once a round. */
const ROUNDS = 15;
const FLOOR = "node -e 0";

/**
 * The one-shot commands of issue 37's goals (and beside them, without goals, in-process and wave
 * 2's). Wave 2's `delegate` has no `--mode` (its mode came from the config only).
 */
function commands(bin: string, workspace: string, side: string): [string, string[]][] {
  const program = path.join(workspace, "program.js");
  const delegate = ["delegate", "list all typescript files", "--workspace", workspace, "--json"];
  const run = ["run", program, "--workspace", workspace, "--json"];
  return [
    [`lackpy delegate (rule, isolated): ${side}`, [bin, ...delegate]],
    [`lackpy run file.js (isolated): ${side}`, [bin, ...run]],
    ...(side === "wave 2"
      ? []
      : [
          [
            `lackpy delegate (rule, in-process): ${side}`,
            [bin, ...delegate, "--mode", "in-process"],
          ] as [string, string[]],
        ]),
    [`lackpy run file.js (in-process): ${side}`, [bin, ...run, "--mode", "in-process"]],
  ];
}

function workspaceCopy(): string {
  const workspace = mkdtempSync(path.join(os.tmpdir(), "lackpy-bench-oneshot-"));
  cpSync(EXAMPLE, workspace, { recursive: true });
  writeFileSync(path.join(workspace, "program.js"), `len(find_files("**/*"))`);
  return workspace;
}

/** Wall time of one process, in microseconds. */
function timedProcess(args: readonly string[]): number {
  const started = performance.now();
  execFileSync(process.execPath, args, { stdio: "ignore" });
  return (performance.now() - started) * 1000;
}

const pairedWith = (task: string) => `${FLOOR} (paired with ${task})`;

/**
 * The one-shot CLI as whole processes against the process floor `node -e 0` (issue 37): each
 * command is run right before a `node -e 0`, round by round (A B A B …), and each goal is the
 * median of those pairs' ratios, which a drifting machine moves less than a ratio of medians.
 * The commands: `lackpy delegate` answered by a rule and `lackpy run file.js`, isolated (the
 * default) and in-process, today's bin and, with `LACKPY_WAVE2_SRC`, wave 2's.
 */
export const suite: BenchSuite = {
  name: "oneshot",
  tasks: () => [],
  measure: async () => {
    const folders = [workspaceCopy()];
    const planned = commands(BIN, folders[0]!, "now");
    const wave = findWaveTwo();
    if ("root" in wave) {
      folders.push(workspaceCopy());
      planned.push(...commands(waveTwoBin(wave.root), folders[1]!, "wave 2"));
    } else if ("broken" in wave) process.exitCode = 1;
    if (!("root" in wave))
      process.stderr.write(
        `oneshot: the wave-2 rows are left out (${"missing" in wave ? wave.missing : wave.broken}); ${WAVE2_HINT}\n`,
      );
    try {
      // Every command answers before anything is timed, twice (the second warms the file cache).
      for (const [, args] of planned) for (let count = 0; count < 2; count++) timedProcess(args);
      const samples = new Map<string, number[]>();
      const add = (task: string, us: number) =>
        samples.set(task, [...(samples.get(task) ?? []), us]);
      for (let round = 0; round < ROUNDS; round++)
        for (const [task, args] of planned) {
          add(task, timedProcess(args));
          add(pairedWith(task), timedProcess(["-e", "0"]));
        }
      return [...samples].map(([task, samplesUs]): MeasuredTask => ({ task, samplesUs }));
    } finally {
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    }
  },
  ratios: [
    ...["now", "wave 2"].flatMap((side) =>
      commands("", "", side).map(([task]): BenchRatio => ({
        name: `${task} / ${FLOOR}, paired`,
        task,
        baseline: pairedWith(task),
        kind: "paired",
        ...(side === "now" && task.includes("isolated") ? { goal: 2.5 } : {}),
      })),
    ),
  ],
};
