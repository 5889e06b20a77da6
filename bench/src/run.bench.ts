import Sval from "sval";
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

/** The typical program as plain JavaScript for sval (which has no helpers): same tools, same logic. */
const TYPICAL_JS = `const files = find_files("src/**/*.ts"); const hits = []; for (const f of files) { const text = read_file(f); if (text.includes("TODO")) hits.push({ file: f, lines: text.split("\\n").length }) } return hits.sort((a, b) => b.lines - a.lines)`;

/** sval on the same program from source: a fresh interpreter per run, as lackpy starts a fresh run. */
function runSval(): unknown {
  const interpreter = new Sval({ ecmaVer: 2022, sandBox: true });
  interpreter.import({ find_files: TOOLS.find_files, read_file: TOOLS.read_file });
  interpreter.run(`exports.out = (() => { ${TYPICAL_JS} })()`);
  return interpreter.exports.out;
}

/** A lazy range like lackpy's `range(n)`. */
function* range(stop: number): Generator<number> {
  for (let value = 0; value < stop; value++) yield value;
}

let sink: unknown;

/** `for (const i of range(1000)) 1` as a native counting loop (a floor no interpreter reaches), inside an async run. */
async function loopNative(): Promise<unknown> {
  for (let index = 0; index < 1000; index++) sink = 1;
  return sink;
}

/** The same logic natively: a loop over a lazy range (a generator), as lackpy's `range` is lazy. */
async function loopNativeRange(): Promise<unknown> {
  for (const index of range(1000)) sink = index;
  return 1;
}

let uncachedRuns = 0;

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

/** The compiler against native JavaScript and sval: a typical program, a loop and tool-call overhead (isolated mode has its own suite). */
export const suite: BenchSuite = {
  name: "run",
  setup: async () => {
    const expected = JSON.stringify(await typicalNative());
    const lackpy = await runInProcess(TYPICAL, { tools: TOOLS, toolSpecs: TOOL_SPECS });
    if (JSON.stringify(lackpy.output) !== expected || JSON.stringify(runSval()) !== expected)
      throw new Error("native, sval and lackpy disagree on the typical program");
  },
  tasks: () => [
    { name: "native typical (6 lines)", fn: typicalNative },
    {
      name: "run typical, validated",
      fn: () => expectSuccess(runInProcess(TYPICAL_PROGRAM, { tools: TOOLS })),
    },
    {
      name: "run typical, from source",
      fn: () => expectSuccess(runInProcess(TYPICAL, { tools: TOOLS, toolSpecs: TOOL_SPECS })),
    },
    {
      name: "run typical, from source, never seen before",
      // A new comment each time defeats the cache: parse, validate, compile and run.
      fn: () =>
        expectSuccess(
          runInProcess(`${TYPICAL}\n// ${uncachedRuns++}`, {
            tools: TOOLS,
            toolSpecs: TOOL_SPECS,
          }),
        ),
    },
    { name: "sval typical, from source (fresh instance)", fn: runSval },
    { name: "native 1,000-iteration loop", fn: loopNative },
    { name: "native 1,000-iteration loop (lazy range)", fn: loopNativeRange },
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
      goal: 15,
    },
    {
      name: "typical run from source / native",
      task: "run typical, from source",
      baseline: "native typical (6 lines)",
    },
    {
      name: "1,000-iteration loop without calls / native over a lazy range",
      task: "run 1,000-iteration loop, no calls",
      baseline: "native 1,000-iteration loop (lazy range)",
      goal: 10,
    },
    {
      name: "1,000-iteration loop without calls / native counting loop",
      task: "run 1,000-iteration loop, no calls",
      baseline: "native 1,000-iteration loop",
    },
    {
      name: "overhead per tool call",
      task: "run 1,000 no-op tool calls",
      baseline: "run 1,000-iteration loop, no calls",
      per: 1000,
      kind: "overhead_us",
      goal: 0.4,
    },
    {
      name: "typical run from source (cached) / sval from source",
      task: "run typical, from source",
      baseline: "sval typical, from source (fresh instance)",
      goal: 0.3,
    },
    {
      name: "typical run from source, never seen before / sval",
      task: "run typical, from source, never seen before",
      baseline: "sval typical, from source (fresh instance)",
    },
  ],
};
