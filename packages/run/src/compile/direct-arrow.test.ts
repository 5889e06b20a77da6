import { parseProgram, validateProgram, type Node } from "@lackpy/lang";
import { beforeAll, describe, expect, it } from "vitest";
import { compileProgram } from "./compile-program.js";
import { directArrow } from "./direct-arrow.js";
import { finishResult } from "../finish-result.js";
import { resolveLimits, type Limits } from "../limits.js";
import { loadRegexEngine } from "../regex/regex-engine.js";
import { RunContext } from "../run-context.js";
import { toErrorValue } from "../run-program.js";

const LINES = ["a TODO here", "", "  # comment", "plain", "TODO", "x".repeat(40), "tab\tTODO"];

/** Programs whose callbacks have a direct shape, over items of every kind (strings, numbers, null, a namespace, arrays). */
const PROGRAMS = [
  `lines.filter(line => line.includes("TODO")).length`,
  `lines.filter(line => !line.startsWith("#")).map(line => line.trim())`,
  `lines.map(line => line.indexOf("T", 1))`,
  `lines.some(l => l.endsWith("TODO"))`,
  `lines.every(l => l.length)`,
  `lines.filter(l => /^\\s*#/.test(l))`,
  `lines.map(l => "TODO here".includes(l))`,
  `lines.findIndex(l => l.startsWith("x"))`,
  `lines.flatMap(l => l.split("O"))`,
  `lines.map(l => -l.indexOf("O"))`,
  `[1, 2.5, null, "TODO"].map(x => x.toFixed(1))`,
  `[Math, "a"].map(x => x.includes("a"))`,
  `[[1, 2], [3]].filter(x => x.includes(2))`,
  `[" a ", "b "].map(s => s.trim()).join("|")`,
  `lines.map(l => l.replace("TODO", "done"))`,
  `lines.map(l => l.at(-1))`,
  `lines.filter(l => l.constructor)`,
  `lines.map(l => l.includes(null))`,
  `lines.map(l => [l.indexOf(true), l.at(l)])`,
  `lines.map(l => "TODO".startsWith(l))`,
];

let engineReady = false;

beforeAll(async () => {
  await loadRegexEngine();
  engineReady = true;
});

/** Runs a program compiled with or without direct arrows: its result as data, the steps included. */
async function runCompiled(source: string, direct: boolean, limits: Partial<Limits> = {}) {
  expect(engineReady).toBe(true);
  // Programs the validator refuses (a namespace or a forbidden key as data) compile unvalidated.
  const { program } = validateProgram(source, { params: { lines: null } });
  const parsed = program ? null : parseProgram(source);
  if (parsed && !parsed.ok) throw new Error(parsed.message);
  const compiled = compileProgram(program?.ast ?? (parsed as { ast: Node }).ast, {
    tools: [],
    params: ["lines"],
    ...(program ? { cells: program.names.cells } : {}),
    directArrows: direct,
  });
  const context = new RunContext({
    toolNames: [],
    tools: {},
    params: [LINES],
    limits: resolveLimits(limits),
  });
  const frame = compiled.frame();
  let output: unknown = null;
  let error = null;
  try {
    output = compiled.run(context, frame);
    if (output instanceof Promise) output = await output;
  } catch (thrown) {
    error = toErrorValue(thrown, context);
  }
  const result = finishResult(context, compiled, frame, output, error);
  return { output: result.output, error: result.error, steps: result.stats.steps };
}

describe("directArrow", () => {
  it.each(PROGRAMS)("gives what the compiled arrow gives, step for step: %s", async (source) => {
    const compiled = await runCompiled(source, false);
    expect(await runCompiled(source, true)).toEqual(compiled);
    // Stopped at every step count up to the whole run: the same error at the same node.
    for (let maxSteps = 1; maxSteps <= compiled.steps; maxSteps++)
      expect(await runCompiled(source, true, { maxSteps }), `maxSteps ${maxSteps}`).toEqual(
        await runCompiled(source, false, { maxSteps }),
      );
  });

  it("charges the same work: a run stopped by its deadline ends alike", async () => {
    const source = `lines.filter(line => line.includes("TODO")).length`;
    for (const timeoutMs of [1, 2, 5])
      expect((await runCompiled(source, true, { timeoutMs })).error?.code).toBe(
        (await runCompiled(source, false, { timeoutMs })).error?.code,
      );
  });

  it.each([
    ["a block body", `x => { const y = x; return y.includes("a") }`],
    ["two parameters", `(x, i) => x.includes("a")`],
    ["a free variable", `x => x.includes(y)`],
    ["a computed key", `x => x["includes"]("a")`],
    ["an optional call", `x => x?.includes("a")`],
    ["a call of a call", `x => x.trim().includes("a")`],
    ["typeof", `x => typeof x.trim()`],
    ["a destructured parameter", `({ a }) => a.includes("b")`],
    ["a forbidden key", `x => x.constructor("a")`],
  ])("leaves %s to the compiled code", (_name, arrow) => {
    const node: Node = parseArrow(arrow);
    expect(directArrow(node)).toBeNull();
  });
});

function parseArrow(source: string): Node {
  const parsed = parseProgram(`[].map(${source})`);
  if (!parsed.ok) throw new Error(`cannot parse: ${source}`);
  return parsed.ast.body[0].expression.arguments[0];
}
