import { describe, expect, it } from "vitest";
import { callsIn } from "./calls-in-module.js";
import { parseModule } from "./parse-module.js";

function calls(text: string, name: string, file = "m.js") {
  const parsed = parseModule(text, file);
  if (!parsed.ok) throw new Error(parsed.message);
  return callsIn(parsed.program, name).map((call) => `${call.line}:${call.kind}`);
}

describe("callsIn", () => {
  it("finds calls, method calls and new, never a definition, import, mention or value", () => {
    const text = [
      "import { parseDate as other } from './parse.js'", // 1
      "function parseDate(s) { return s }", // 2
      "const a = parseDate('x')", // 3
      "const b = util.parseDate?.('y')", // 4
      "// parseDate('in a comment')", // 5
      "const c = 'parseDate(1)'", // 6
      "list.map(parseDate)", // 7
      "const d = new parseDate()", // 8
      "parseDate.call(null, 'z')", // 9
      "parseDate.length", // 10
      "const e = { parseDate() {} }", // 11
    ].join("\n");
    expect(calls(text, "parseDate", "m.mjs")).toEqual(["3:call", "4:method", "8:new", "9:call"]);
  });

  it("matches a dotted name as the end of the callee's member chain", () => {
    const text = [
      "process.nextTick(done)", // 1
      "global.process.nextTick(done)", // 2
      "queue.nextTick(done)", // 3
      "nextTick(done)", // 4
    ].join("\n");
    expect(calls(text, "process.nextTick")).toEqual(["1:method", "2:method"]);
    expect(calls(text, "nextTick")).toEqual(["1:method", "2:method", "3:method", "4:call"]);
  });

  it("reads TypeScript", () => {
    expect(calls("const x = format<Date>(now) as string\n", "format", "m.ts")).toEqual(["1:call"]);
  });
});
