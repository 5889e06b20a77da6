import { cp, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_CONFIG, LackpyService } from "@lackpy/service";
import type { BenchSuite } from "./harness.js";

const EXAMPLE = fileURLToPath(new URL("../../examples/workspace", import.meta.url));
const PROGRAM = `len(read_file(file).split("\\n"))`;
let service: LackpyService;

/** The ratchet's payoff: a delegate answered by a template (tier 0) through the service (isolated mode has its own suite). */
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
    const check = await service.delegate("count lines in README.md");
    if (!check.success || check.tier !== "templates")
      throw new Error(`template delegate failed: ${JSON.stringify(check.error)}`);
  },
  tasks: () => [
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
      name: "template delegate / running its program",
      task: "delegate served by a template (tier 0)",
      baseline: "run the template's program in-process",
    },
  ],
};
