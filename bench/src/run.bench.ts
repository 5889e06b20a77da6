import { validateProgram, type ToolSpec, type ValidatedProgram } from "@lackpy/lang";
import { run as runInProcess } from "@lackpy/run";
import type { BenchSuite } from "./harness.js";

const FILES: Readonly<Record<string, string>> = {
  "src/a.ts": "export const a = 1\n// TODO: more\n",
  "src/b.ts": "export const b = 2\n",
  "src/c.ts": "// TODO one\n// TODO two\nexport {}\n",
};

const TOOLS = {
  find_files: (_pattern: string) => Object.keys(FILES),
  read_file: (path: string) => FILES[path] ?? "",
  noop: () => 1,
};

const TOOL_SPECS: ToolSpec[] = Object.keys(TOOLS).map((name) => ({ name }));

/** The 6-line program of the language spec, run by lackpy. */
const TYPICAL = `const files = find_files("src/**/*.ts")
const hits = []
for (const f of files) {
  const text = read_file(f)
  if (text.includes("TODO")) hits.push({ file: f, lines: len(text.split("\\n")) })
}
sort_by(hits, "lines", true)`;

/** The same logic as plain JavaScript, with the same (possibly async) tool boundary awaited. */
async function typicalNative(): Promise<unknown> {
  const files = await TOOLS.find_files("src/**/*.ts");
  const hits: { file: string; lines: number }[] = [];
  for (const f of files) {
    const text = await TOOLS.read_file(f);
    if (text.includes("TODO")) hits.push({ file: f, lines: text.split("\n").length });
  }
  return hits.sort((left, right) => right.lines - left.lines);
}

function validated(source: string): ValidatedProgram {
  const { program, validation } = validateProgram(source, { tools: TOOL_SPECS });
  if (!program) throw new Error(`bench program is invalid: ${validation.errors[0]?.message}`);
  return program;
}

const TYPICAL_PROGRAM = validated(TYPICAL);
const CALLS_PROGRAM = validated(`for (const i of range(1000)) noop()\n1`);
const LOOP_PROGRAM = validated(`for (const i of range(1000)) 1\n1`);
const SMALL_PROGRAM = validated(`const xs = [3, 1, 2]\nsorted(xs)`);

async function expectSuccess(
  promise: Promise<{ success: boolean; error: unknown }>,
): Promise<void> {
  const result = await promise;
  if (!result.success) throw new Error(`bench run failed: ${JSON.stringify(result.error)}`);
}

/** The interpreter against native JavaScript: a typical program and tool-call overhead (isolated mode has its own suite). */
export const suite: BenchSuite = {
  name: "run",
  tasks: () => [
    { name: "native typical (6 lines)", fn: typicalNative },
    {
      name: "run typical, validated",
      fn: () => expectSuccess(runInProcess(TYPICAL_PROGRAM, { tools: TOOLS })),
    },
    {
      name: "run typical, from source",
      fn: () => expectSuccess(runInProcess(TYPICAL, { tools: TOOLS })),
    },
    {
      name: "native 1,000 no-op calls",
      fn: () => {
        for (let index = 0; index < 1000; index++) TOOLS.noop();
      },
    },
    {
      name: "run 1,000 no-op tool calls",
      fn: () => expectSuccess(runInProcess(CALLS_PROGRAM, { tools: TOOLS })),
    },
    {
      name: "run 1,000-iteration loop, no calls",
      fn: () => expectSuccess(runInProcess(LOOP_PROGRAM, { tools: TOOLS })),
    },
    {
      name: "run small, in-process",
      fn: () => expectSuccess(runInProcess(SMALL_PROGRAM, { tools: TOOLS })),
    },
  ],
  ratios: [
    {
      name: "typical run / native",
      task: "run typical, validated",
      baseline: "native typical (6 lines)",
      goal: 50,
    },
    {
      name: "typical run with validation / native",
      task: "run typical, from source",
      baseline: "native typical (6 lines)",
    },
    {
      name: "overhead per tool call",
      task: "run 1,000 no-op tool calls",
      baseline: "run 1,000-iteration loop, no calls",
      per: 1000,
      kind: "overhead_us",
      goal: 1,
    },
  ],
};
