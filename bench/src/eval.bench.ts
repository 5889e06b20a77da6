import {
  FIXTURES_DIR,
  checkAnswer,
  editsFiles,
  listFixtures,
  loadFixture,
  loadIntents,
  openEvalService,
  prepareWorkspace,
  replayFixture,
  type Fixture,
  type Intent,
} from "@lackpy/eval";
import type { LackpyService } from "@lackpy/service";
import type { BenchSuite } from "./harness.js";

/** Cells per measured iteration: the read-only intents, one prompt variant, one trial. */
let intents: Intent[] = [];
let fixture: Fixture;
let goldService: LackpyService;
let goldDir: string;
let dispose: () => Promise<void>;

/**
 * Eval replay throughput: a replayed cell runs the real dispatcher (prompt, replay lookup,
 * sanitize, cleanup, validation, correction chain), runs the program and scores it. The baseline
 * runs the same intents' gold programs and checks them, so the ratio is what replaying adds.
 */
export const suite: BenchSuite = {
  name: "eval",
  timeMs: 3000,
  iterations: 8,
  setup: async () => {
    intents = (await loadIntents()).filter((intent) => !editsFiles(intent));
    const files = await listFixtures(FIXTURES_DIR);
    const file = files.find((name) => name.includes("sim-careful")) ?? files[0];
    if (!file) throw new Error("no fixtures: run `pnpm --filter @lackpy/eval eval synth` first");
    fixture = await loadFixture(file);
    const workspace = await prepareWorkspace();
    goldDir = workspace.dir;
    dispose = workspace.dispose;
    goldService = await openEvalService(goldDir);
  },
  teardown: () => dispose?.(),
  tasks: () => [
    {
      name: "replay and score the read-only intents (one variant, one trial)",
      fn: async () => {
        const cells = await replayFixture(fixture, intents, {
          variants: ["baseline"],
          trials: [1],
        });
        if (cells.length !== intents.length) throw new Error("replay skipped cells");
      },
    },
    {
      name: "run and check the same intents' gold programs",
      fn: async () => {
        for (const intent of intents) {
          const result = await goldService.runProgram(intent.gold[0], {
            kit: intent.kit,
            params: intent.params as Record<string, unknown> | undefined,
          });
          checkAnswer(intent.check, { output: result.output, workspace: goldDir });
        }
      },
    },
  ],
  get ratios() {
    return [
      {
        name: "eval replay throughput (cells/s)",
        task: "replay and score the read-only intents (one variant, one trial)",
        baseline: "replay and score the read-only intents (one variant, one trial)",
        kind: "per_second" as const,
        per: intents.length,
      },
      {
        name: "replayed cell / running and checking its gold program",
        task: "replay and score the read-only intents (one variant, one trial)",
        baseline: "run and check the same intents' gold programs",
      },
    ];
  },
};
