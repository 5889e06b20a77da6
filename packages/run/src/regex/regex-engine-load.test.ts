import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeChildPool, run } from "../node.js";

const RUN = pathToFileURL(fileURLToPath(new URL("../../dist/index.js", import.meta.url))).href;

/** Module hooks that log to stderr when anything imports re2js (written at once: the hooks run on their own thread). */
const HOOKS = `import { writeSync } from "node:fs";
export async function resolve(specifier, context, next) {
  if (specifier === "re2js") writeSync(2, "re2js imported by " + context.parentURL + "\\n");
  return next(specifier, context);
}`;

/** How a case gives its program a regex the run must load the engine for, with its expected output. */
interface Case {
  readonly name: string;
  readonly source: string;
  /** Tools as JavaScript source of an object literal (they cross into the child as text). */
  readonly tools?: string;
  /** Params as JavaScript source of an object literal. */
  readonly params?: string;
  readonly output: unknown;
}

/** Programs that never need the regex engine: string methods given strings, tools, params. */
const REGEX_FREE: readonly Case[] = [
  {
    name: "split, replace and includes with strings",
    source: `"a,b".split(",").join("+") + "x".replaceAll("x", "y") + str("abc".includes("b"))`,
    output: "a+by" + "true",
  },
  {
    name: "a tool and a param",
    source: `len(list_files()) + n`,
    tools: `{ list_files: () => ["a", "b"] }`,
    params: `{ n: 1 }`,
    output: 3,
  },
  {
    name: "an async tool returning an object",
    source: `describe().name.toUpperCase()`,
    tools: `{ describe: async () => ({ name: "ada" }) }`,
    output: "ADA",
  },
  {
    name: "a member named like a pattern method on an object",
    source: `const o = { matches: 2 }\no.matches`,
    output: 2,
  },
];

/** Programs that make or get a regex, each a different way. */
const WITH_REGEX: readonly Case[] = [
  { name: "a regex literal", source: `/b+/.test("abbc")`, output: true },
  {
    name: "a regex literal in an arrow",
    source: `["a1", "b"].filter(s => /\\d/.test(s))`,
    output: ["a1"],
  },
  { name: "match with a string", source: `"abc".match("b").index`, output: 1 },
  { name: "matchAll with a string", source: `len(list("a1b2".matchAll("[0-9]")))`, output: 2 },
  { name: "search with a string", source: `"a1b2".search("[0-9]")`, output: 1 },
  { name: "optional match with a string", source: `"abc"?.match("c")?.index`, output: 2 },
  { name: "match by a literal computed key", source: `"abc"["match"]("c").index`, output: 2 },
  { name: "match by a computed key", source: `"abc"["mat" + "ch"]("c").index`, output: 2 },
  { name: "a regex param", source: `re.test("abc")`, params: `{ re: /b/ }`, output: true },
  {
    name: "a regex in a param's object",
    source: `"a-b".split(p.separator)`,
    params: `{ p: { separator: /-/ } }`,
    output: ["a", "b"],
  },
  {
    name: "a regex from a synchronous tool",
    source: `pattern().test("abc")`,
    tools: `{ pattern: () => /c$/ }`,
    output: true,
  },
  {
    name: "a regex from an asynchronous tool",
    source: `"xyz".replace(pattern().re, "-")`,
    tools: `{ pattern: async () => ({ re: /x/ }) }`,
    output: "-yz",
  },
];

/** A child that runs one program in process through the built package, logging re2js imports. */
const child = (hooks: string, testCase: Case) => `
import { register } from "node:module";
register(${JSON.stringify(pathToFileURL(hooks).href)});
const { runInProcess } = await import(${JSON.stringify(RUN)});
const result = await runInProcess(${JSON.stringify(testCase.source)}, {
  tools: ${testCase.tools ?? "{}"},
  params: ${testCase.params ?? "{}"},
});
process.stdout.write(JSON.stringify(result.success ? { output: result.output } : { error: result.error }));
`;

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "lackpy-re2js-load-"));
  await writeFile(path.join(folder, "hooks.mjs"), HOOKS);
});

afterAll(async () => {
  closeChildPool();
  await rm(folder, { recursive: true, force: true });
});

/** Runs one case in a new process (the engine, once loaded, stays loaded): its result and whether re2js was imported. */
async function runChild(
  testCase: Case,
  index: number,
): Promise<{ result: unknown; imported: boolean }> {
  const script = path.join(folder, `child-${index}.mjs`);
  await writeFile(script, child(path.join(folder, "hooks.mjs"), testCase));
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [script]);
  return { result: JSON.parse(stdout), imported: stderr.includes("re2js imported by") };
}

describe("loading the regex engine in process", () => {
  it.each(REGEX_FREE.map((testCase, index) => [testCase.name, testCase, index] as const))(
    "never happens for %s",
    async (_name, testCase, index) => {
      const { result, imported } = await runChild(testCase, index);
      expect(result).toEqual({ output: testCase.output });
      expect(imported).toBe(false);
    },
  );

  it.each(WITH_REGEX.map((testCase, index) => [testCase.name, testCase, index + 100] as const))(
    "happens before %s is used",
    async (_name, testCase, index) => {
      const { result, imported } = await runChild(testCase, index);
      expect(result).toEqual({ output: testCase.output });
      expect(imported).toBe(true);
    },
  );
});

describe("loading the regex engine in an isolated child", () => {
  // Each case gets a new child (children are pooled by heap limit), where nothing loaded the engine yet.
  it.each(WITH_REGEX.map((testCase, index) => [testCase.name, testCase, index] as const))(
    "happens before %s is used",
    async (_name, testCase, index) => {
      const result = await run(testCase.source, {
        mode: "isolated",
        tools: testCase.tools ? new Function(`return ${testCase.tools}`)() : {},
        params: testCase.params ? new Function(`return ${testCase.params}`)() : {},
        limits: { memoryMb: 200 + index },
      });
      expect(result.error).toBeNull();
      expect(result.output).toEqual(testCase.output);
    },
  );
});
