import type { KitForRequest, LackpyService } from "@lackpy/service";
import type { BenchSuite } from "./harness.js";
import {
  TEMPLATE_INTENT,
  TEMPLATE_PROGRAM,
  bareTemplateRun,
  templateService,
} from "./template-service.js";

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
    ({ service, kit } = await templateService("lackpy-bench-service-"));
    const check = await service.delegate(TEMPLATE_INTENT);
    if (!check.success || check.tier !== "templates")
      throw new Error(`template delegate failed: ${JSON.stringify(check.error)}`);
  },
  teardown: () => service.close(),
  tasks: () => [
    {
      name: "bare run of the template's program",
      fn: () => bareTemplateRun(kit),
    },
    {
      name: "run the template's program in-process",
      fn: () =>
        service.runProgram(TEMPLATE_PROGRAM, { params: { file: "README.md" }, mode: "in-process" }),
    },
    {
      name: "delegate served by a template (tier 0)",
      fn: () => service.delegate(TEMPLATE_INTENT),
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
