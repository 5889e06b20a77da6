import type { BenchSuite } from "./harness.js";
import { sampleInTurn } from "./in-turn.js";
import { sideProcess, type SideTask } from "./side-process.js";
import { WAVE2_HINT, findWaveTwo } from "./wave-two.js";

const SIDES = new URL("./speed-sides.ts", import.meta.url);

/** The task names, and the ratios read from them. */
const FLOOR = "template delegate: native floor (read the file, split, count)";
const DELEGATE = (side: string) => `template delegate, in-process: ${side}`;
const PROGRAM = (side: string) => `template's program through runProgram, in-process: ${side}`;

/**
 * What containment cost a template answer (issue 37): a delegate served by a template, in-process,
 * against the native floor (the same work in plain Node: read the file, split it, count the
 * lines) and, when `LACKPY_WAVE2_SRC` names a built checkout of wave 2's code, against wave 2's
 * service on its own copy of the same workspace. Each side runs in a process of its own
 * (`side-process.ts`), sampled in turn, round by round (`in-turn.ts`): wall time per call. The
 * service's write-behind of the template's counters is in both services' figures, as it is in a
 * server's.
 */
export const suite: BenchSuite = {
  name: "speed",
  tasks: () => [],
  measure: async () => {
    const sides: SideTask[] = [];
    const start = async (task: string, name: string, args: string[] = []) =>
      sides.push(await sideProcess(task, SIDES, name, args));
    try {
      await start(FLOOR, "nativeFloor");
      await start(DELEGATE("now"), "templateDelegate");
      await start(PROGRAM("now"), "templateProgram");
      const wave = findWaveTwo();
      if ("root" in wave) {
        await start(DELEGATE("wave 2"), "templateDelegate", [wave.root]);
        await start(PROGRAM("wave 2"), "templateProgram", [wave.root]);
      } else {
        if ("broken" in wave) process.exitCode = 1;
        process.stderr.write(
          `speed: the wave-2 rows are left out (${"missing" in wave ? wave.missing : wave.broken}); ${WAVE2_HINT}\n`,
        );
      }
      return await sampleInTurn(sides, { rounds: 21, batchMs: 50, warmupMs: 500 });
    } finally {
      for (const side of sides) side.close();
    }
  },
  ratios: [
    {
      name: "template delegate, in-process / native floor",
      task: DELEGATE("now"),
      baseline: FLOOR,
      goal: 20,
    },
    {
      name: "template delegate, in-process: now / wave 2",
      task: DELEGATE("now"),
      baseline: DELEGATE("wave 2"),
      goal: 1,
    },
    {
      name: "template delegate, in-process: wave 2 / native floor",
      task: DELEGATE("wave 2"),
      baseline: FLOOR,
    },
    {
      name: "template's program through runProgram: now / wave 2",
      task: PROGRAM("now"),
      baseline: PROGRAM("wave 2"),
    },
  ],
};
