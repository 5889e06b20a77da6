import { getQuickJS, type QuickJSWASMModule } from "quickjs-emscripten";
import Sval from "sval";
import { validateProgram, type ToolSpec } from "@lackpy/lang";
import { run } from "@lackpy/run";
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
const SPECS: ToolSpec[] = Object.keys(TOOLS).map((name) => ({ name }));

/** The same 6-line logic in each runtime's dialect (plain JS for the peers, which have no helpers). */
const LACKPY_TYPICAL = `const files = find_files("src/**/*.ts")\nconst hits = []\nfor (const f of files) {\n  const text = read_file(f)\n  if (text.includes("TODO")) hits.push({ file: f, lines: len(text.split("\\n")) })\n}\nsort_by(hits, "lines", true)`;
const JS_TYPICAL = `const files = find_files("src/**/*.ts"); const hits = []; for (const f of files) { const text = read_file(f); if (text.includes("TODO")) hits.push({ file: f, lines: text.split("\\n").length }) } return hits.sort((a, b) => b.lines - a.lines)`;
const LACKPY_CALLS = `for (const i of range(1000)) noop()\n1`;
const JS_CALLS = `for (let i = 0; i < 1000; i++) noop(); return 1`;

const typical = validateProgram(LACKPY_TYPICAL, { tools: SPECS }).program!;
const calls = validateProgram(LACKPY_CALLS, { tools: SPECS }).program!;
let quickjs: QuickJSWASMModule;

function runSval(code: string): unknown {
  const interpreter = new Sval({ ecmaVer: 2022, sandBox: true });
  interpreter.import({
    find_files: TOOLS.find_files,
    read_file: TOOLS.read_file,
    noop: TOOLS.noop,
  });
  interpreter.run(`exports.out = (() => { ${code} })()`);
  return interpreter.exports.out;
}

function runQuickJS(code: string): unknown {
  const vm = quickjs.newContext();
  try {
    for (const [name, fn] of Object.entries({
      find_files_json: () => vm.newString(JSON.stringify(TOOLS.find_files(""))),
      read_file: (handle: never) => vm.newString(TOOLS.read_file(vm.getString(handle))),
      noop: () => vm.newNumber(TOOLS.noop()),
    })) {
      const handle = vm.newFunction(name, fn as never);
      vm.setProp(vm.global, name, handle);
      handle.dispose();
    }
    const result = vm.unwrapResult(
      vm.evalCode(
        `const find_files = (p) => JSON.parse(find_files_json(p)); JSON.stringify((() => { ${code} })())`,
      ),
    );
    const value = vm.dump(result);
    result.dispose();
    return JSON.parse(String(value));
  } finally {
    vm.dispose();
  }
}

/** lackpy against peer interpreters installed for the bench only: a fresh sval instance and a fresh QuickJS context per run, same program and tools. */
export const suite: BenchSuite = {
  name: "peers",
  setup: async () => {
    quickjs = await getQuickJS();
    const expected = JSON.stringify((await run(typical, { tools: TOOLS })).output);
    if (
      JSON.stringify(runSval(JS_TYPICAL)) !== expected ||
      JSON.stringify(runQuickJS(JS_TYPICAL)) !== expected
    )
      throw new Error("the peers and lackpy disagree on the typical program");
  },
  tasks: () => [
    { name: "lackpy typical (validated)", fn: () => run(typical, { tools: TOOLS }) },
    {
      name: "lackpy typical (from source)",
      fn: () => run(LACKPY_TYPICAL, { tools: TOOLS, toolSpecs: SPECS }),
    },
    { name: "sval typical (fresh instance)", fn: () => runSval(JS_TYPICAL) },
    { name: "quickjs typical (fresh context)", fn: () => runQuickJS(JS_TYPICAL) },
    { name: "lackpy 1,000 tool calls", fn: () => run(calls, { tools: TOOLS }) },
    { name: "sval 1,000 tool calls", fn: () => runSval(JS_CALLS) },
    { name: "quickjs 1,000 tool calls", fn: () => runQuickJS(JS_CALLS) },
  ],
  ratios: [
    {
      name: "lackpy / sval, typical (validated)",
      task: "lackpy typical (validated)",
      baseline: "sval typical (fresh instance)",
      goal: 1,
    },
    {
      name: "lackpy / sval, typical (from source)",
      task: "lackpy typical (from source)",
      baseline: "sval typical (fresh instance)",
    },
    {
      name: "lackpy / quickjs, typical (validated)",
      task: "lackpy typical (validated)",
      baseline: "quickjs typical (fresh context)",
    },
    {
      name: "lackpy / sval, 1,000 tool calls",
      task: "lackpy 1,000 tool calls",
      baseline: "sval 1,000 tool calls",
      goal: 1,
    },
    {
      name: "lackpy / quickjs, 1,000 tool calls",
      task: "lackpy 1,000 tool calls",
      baseline: "quickjs 1,000 tool calls",
    },
  ],
};
