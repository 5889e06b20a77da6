import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDefaultToolbox, resolveKitSpecifier } from "@lackpy/kit/node";
import { DEFAULT_CONFIG, LackpyService } from "@lackpy/service";
import { sampleEachCpuTime } from "./cpu-time.js";
import type { BenchSuite } from "./harness.js";

const EXAMPLE = fileURLToPath(new URL("../../examples/workspace", import.meta.url));
const KIT = ["read_file", "find_files"];
const EMPTY = "empty async call";

/** Each program makes one call (or none); the difference to `len("abc")` is one call through the service. */
const PROGRAMS: Readonly<Record<string, string>> = {
  "run: no tool call": `len("abc")`,
  "run: read_file": `len(read_file("README.md"))`,
  "run: find_files": `len(find_files("**/*.ts"))`,
};

/** Calls a tool and fails the bench when it returns nothing: a refused path would be a wrong figure. */
function checked(call: () => Promise<unknown>): () => Promise<unknown> {
  return async () => {
    const result = await call();
    if (typeof result === "string" ? result === "" : (result as unknown[]).length === 0)
      throw new Error("a bench tool call returned nothing");
    return result;
  };
}

/**
 * The builtin file tools on a copy of `examples/workspace`, in CPU time per call (process CPU
 * time, as the Python comparison measures it): `read_file` and `find_files` called directly from
 * the default toolbox, and a one-call program run in-process through the service against a
 * program without calls. The figures are per-call costs in µs, not ratios to a goal.
 */
export const suite: BenchSuite = {
  name: "tools",
  tasks: () => [],
  measure: async () => {
    const workspace = mkdtempSync(path.join(os.tmpdir(), "lackpy-bench-tools-"));
    cpSync(EXAMPLE, workspace, { recursive: true });
    const config = structuredClone(DEFAULT_CONFIG);
    config.run.mode = "in-process";
    const service = new LackpyService({ workspace, config });
    try {
      const kit = await resolveKitSpecifier(KIT, createDefaultToolbox({ root: workspace }));
      const { read_file: readFile, find_files: findFiles } = kit.callables as Record<
        string,
        (argument: string) => Promise<unknown>
      >;
      const operations: Record<string, () => unknown> = {
        [EMPTY]: async () => 1,
        "read_file README.md": checked(() => readFile!("README.md")),
        "find_files **/*.ts": checked(() => findFiles!("**/*.ts")),
      };
      for (const [task, source] of Object.entries(PROGRAMS))
        operations[task] = async () => {
          const result = await service.runProgram(source, { kit: KIT, mode: "in-process" });
          if (!result.success || result.output === 0)
            throw new Error(`the ${task} program failed: ${JSON.stringify(result.error)}`);
        };
      return await sampleEachCpuTime(operations);
    } finally {
      await service.close();
      rmSync(workspace, { recursive: true, force: true });
    }
  },
  ratios: [
    {
      name: "read_file, CPU per call",
      task: "read_file README.md",
      baseline: EMPTY,
      kind: "overhead_us",
    },
    {
      name: "find_files, CPU per call",
      task: "find_files **/*.ts",
      baseline: EMPTY,
      kind: "overhead_us",
    },
    {
      name: "read_file in a run through the service, CPU per call",
      task: "run: read_file",
      baseline: "run: no tool call",
      kind: "overhead_us",
    },
    {
      name: "find_files in a run through the service, CPU per call",
      task: "run: find_files",
      baseline: "run: no tool call",
      kind: "overhead_us",
    },
  ],
};
