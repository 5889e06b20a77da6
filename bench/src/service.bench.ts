import { cp, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "@lackpy/run";
import { DEFAULT_CONFIG, LackpyService, type KitForRequest } from "@lackpy/service";
import type { BenchSuite } from "./harness.js";

const EXAMPLE = fileURLToPath(new URL("../../examples/workspace", import.meta.url));
const PROGRAM = `len(read_file(file).split("\\n"))`;
let service: LackpyService;
let kit: KitForRequest;

/**
 * The ratchet's payoff: a delegate answered by a template (tier 0) through the service, against
 * the bare run of the template's program (`run` of `@lackpy/run` with the kit's tools, which
 * validates it each time). Isolated mode has its own suite. Goal (issue 17): the template delegate
 * within 3× the bare run, and at most 0.3 ms on a quiet machine.
 */
export const suite: BenchSuite = {
  name: "service",
  setup: async () => {
    const workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-bench-service-"));
    await cp(EXAMPLE, workspace, { recursive: true });
    const config = structuredClone(DEFAULT_CONFIG);
    config.run.mode = "in-process";
    config.inference.order = ["templates", "rules"];
    service = new LackpyService({ workspace, config });
    await service.create(PROGRAM, { name: "count-lines", pattern: "count lines in {file}" });
    kit = await service.resolveKit();
    const check = await service.delegate("count lines in README.md");
    if (!check.success || check.tier !== "templates")
      throw new Error(`template delegate failed: ${JSON.stringify(check.error)}`);
  },
  teardown: () => service.close(),
  tasks: () => [
    {
      name: "bare run of the template's program",
      fn: () =>
        run(PROGRAM, {
          tools: kit.kit.callables,
          toolSpecs: kit.kit.tools,
          params: { file: "README.md" },
          mode: "in-process",
        }),
    },
    {
      name: "run the template's program in-process",
      fn: () => service.runProgram(PROGRAM, { params: { file: "README.md" }, mode: "in-process" }),
    },
    {
      name: "delegate served by a template (tier 0)",
      fn: () => service.delegate("count lines in README.md"),
    },
  ],
  ratios: [
    {
      name: "template delegate / bare run of its program",
      task: "delegate served by a template (tier 0)",
      baseline: "bare run of the template's program",
      goal: 3,
    },
    {
      name: "template delegate, time over the bare run",
      task: "delegate served by a template (tier 0)",
      baseline: "bare run of the template's program",
      kind: "overhead_us",
    },
    {
      name: "service runProgram / bare run (validation cached)",
      task: "run the template's program in-process",
      baseline: "bare run of the template's program",
    },
  ],
};
