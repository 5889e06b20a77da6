import { validateProgram, type ValidatedProgram } from "@lackpy/lang";
import { run } from "@lackpy/run";
import type { BenchSuite } from "./harness.js";

/** A source file of about 10 KB: imports, assignments, calls, TODO comments. */
const TEXT = Array.from(
  { length: 200 },
  (_, index) =>
    [
      `import { part${index} } from "./module-${index}"`,
      `const value${index} = compute(${index}, "x${index * 7}") // TODO check ${index}`,
      `export function run${index}(input) { return value${index} + input }`,
    ][index % 3],
).join("\n");

/** Six typical regex operations of a program that reads code. */
const REGEX_OPS = `const hasTodo = /todo/i.test(text)
const numbers = text.match(/\\d+/g)
const squashed = text.replace(/\\s+/g, " ")
const lines = text.split(/\\r?\\n/)
const first = /^import .* from ["'](.+)["']/m.exec(text)
const calls = text.matchAll(/(\\w+)\\(/g)
const out = [hasTodo, len(numbers), len(squashed), len(lines), first[1], len(calls)]
out`;

/** The same statements with string methods only: the interpreter's share of the cost. */
const STRING_OPS = `const hasTodo = text.includes("TODO")
const numbers = text.split("1")
const squashed = text.replaceAll("  ", " ")
const lines = text.split("\\n")
const first = text.indexOf("import")
const calls = text.split("(")
const out = [hasTodo, len(numbers), len(squashed), len(lines), first, len(calls)]
out`;

function native(text: string): unknown[] {
  const hasTodo = /todo/i.test(text);
  const numbers = text.match(/\d+/g);
  const squashed = text.replace(/\s+/g, " ");
  const lines = text.split(/\r?\n/);
  const first = /^import .* from ["'](.+)["']/m.exec(text);
  const calls = [...text.matchAll(/(\w+)\(/g)];
  return [hasTodo, numbers?.length, squashed.length, lines.length, first?.[1], calls.length];
}

function validated(source: string): ValidatedProgram {
  const { program, validation } = validateProgram(source, { params: ["text"] });
  if (!program) throw new Error(`bench program is invalid: ${validation.errors[0]?.message}`);
  return program;
}

const REGEX_PROGRAM = validated(REGEX_OPS);
const STRING_PROGRAM = validated(STRING_OPS);

async function expectSame(program: ValidatedProgram, expected?: unknown): Promise<void> {
  const result = await run(program, { params: { text: TEXT } });
  if (!result.success) throw new Error(`bench run failed: ${JSON.stringify(result.error)}`);
  if (expected !== undefined && JSON.stringify(result.output) !== JSON.stringify(expected))
    throw new Error(`guest regex disagrees with V8: ${JSON.stringify(result.output)}`);
}

/** Guest regular expressions (re2js, linear time) against V8's backtracking engine on typical patterns. */
export const suite: BenchSuite = {
  name: "regex",
  // Checks once that both engines agree before anything is measured.
  setup: () => expectSame(REGEX_PROGRAM, native(TEXT)),
  tasks: () => [
    { name: "native: 6 regex operations on 10 KB (V8)", fn: () => native(TEXT) },
    { name: "run: 6 regex operations on 10 KB (re2js)", fn: () => expectSame(REGEX_PROGRAM) },
    { name: "run: 6 string operations on 10 KB", fn: () => expectSame(STRING_PROGRAM) },
  ],
  ratios: [
    {
      name: "guest regex program / native regex",
      task: "run: 6 regex operations on 10 KB (re2js)",
      baseline: "native: 6 regex operations on 10 KB (V8)",
    },
    {
      name: "cost of one guest regex operation beyond a string method",
      task: "run: 6 regex operations on 10 KB (re2js)",
      baseline: "run: 6 string operations on 10 KB",
      per: 6,
      kind: "overhead_us",
    },
  ],
};
