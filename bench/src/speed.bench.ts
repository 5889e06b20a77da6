import { readFileSync } from "node:fs";
import path from "node:path";
import type { LackpyService } from "@lackpy/service";
import type { BenchSuite } from "./harness.js";
import { sampleInTurn, type TurnTask } from "./in-turn.js";
import { TEMPLATE_INTENT, TEMPLATE_PROGRAM, templateService } from "./template-service.js";
import { WAVE2_HINT, findWaveTwo, loadWaveTwoService } from "./wave-two.js";

/** The task names, and the ratios read from them. */
const FLOOR = "template delegate: native floor (read the file, split, count)";
const DELEGATE = (side: string) => `template delegate, in-process: ${side}`;
const PROGRAM = (side: string) => `template's program through runProgram, in-process: ${side}`;

/**
 * What containment cost a template answer (issue 37): a delegate served by a template, in-process,
 * against the native floor (the same work in plain Node: read the file, split it, count the
 * lines) and, when `LACKPY_WAVE2_SRC` names a built checkout of wave 2's code, against wave 2's
 * service on its own copy of the same workspace, in one process. The tasks are sampled in turn,
 * round by round (`in-turn.ts`), wall time per call; the service's write-behind of the template's
 * counters is in every side's figures, as it is in a server's.
 */
export const suite: BenchSuite = {
  name: "speed",
  tasks: () => [],
  measure: async () => {
    const services: LackpyService[] = [];
    try {
      const now = await templateService("lackpy-bench-speed-");
      services.push(now.service);
      const readme = path.join(now.workspace, "README.md");
      const tasks: TurnTask[] = [
        { task: FLOOR, fn: () => readFileSync(readme, "utf8").split("\n").length },
        { task: DELEGATE("now"), fn: () => delegated(now.service) },
        { task: PROGRAM("now"), fn: () => ranProgram(now.service) },
      ];
      const wave = findWaveTwo();
      if ("root" in wave) {
        const two = await templateService(
          "lackpy-bench-wave2-",
          await loadWaveTwoService(wave.root),
        );
        services.push(two.service);
        tasks.push(
          { task: DELEGATE("wave 2"), fn: () => delegated(two.service) },
          { task: PROGRAM("wave 2"), fn: () => ranProgram(two.service) },
        );
      } else {
        if ("broken" in wave) process.exitCode = 1;
        process.stderr.write(
          `speed: the wave-2 rows are left out (${"missing" in wave ? wave.missing : wave.broken}); ${WAVE2_HINT}\n`,
        );
      }
      // Every side answers before anything is timed.
      for (const { task, fn } of tasks)
        await Promise.resolve(fn()).catch((error: Error) => {
          throw new Error(`${task}: ${error.message}`);
        });
      return await sampleInTurn(tasks, { rounds: 21, batchMs: 40, warmupMs: 400 });
    } finally {
      for (const service of services) await service.close();
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

async function delegated(service: LackpyService): Promise<void> {
  const result = await service.delegate(TEMPLATE_INTENT);
  if (!result.success || result.tier !== "templates")
    throw new Error(`not served by its template: ${JSON.stringify(result.error)}`);
}

async function ranProgram(service: LackpyService): Promise<void> {
  const result = await service.runProgram(TEMPLATE_PROGRAM, {
    params: { file: "README.md" },
    mode: "in-process",
  });
  if (!result.success) throw new Error(JSON.stringify(result.error));
}
