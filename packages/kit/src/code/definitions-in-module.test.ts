import { describe, expect, it } from "vitest";
import { definitionLines, definitionsIn } from "./definitions-in-module.js";
import { parseModule } from "./parse-module.js";

function lines(text: string, name: string, file = "m.js"): number[] {
  const parsed = parseModule(text, file);
  if (!parsed.ok) throw new Error(parsed.message);
  return definitionLines(parsed.program, name);
}

describe("definitionLines", () => {
  it("finds declarations, variables, members, object methods and assigned functions", () => {
    const text = [
      "function connect() {}", // 1
      "const connect2 = require('./connect')", // 2
      "class Client {", // 3
      "  connect() {}", // 4
      "  static connect = 1", // 5
      "}", // 6
      "Client.prototype.connect = function () {}", // 7
      "exports.connect = function () {}", // 8
      "module.exports.connect = () => {}", // 9
      "const api = { connect() {}, other: connect }", // 10
      "const tools = { connect: function () {} }", // 11
      "connect()", // 12
      "{ let { connect: renamed, connect } = api }", // 13: destructured, defined elsewhere
      "pool.connect = function named() {}", // 14
      "exports.connect = connect", // 15
    ].join("\n");
    expect(lines(text, "connect")).toEqual([1, 4, 5, 7, 8, 9, 10, 11, 14]);
  });

  it("never takes an import, a require or a mention for a definition", () => {
    const text = [
      "import { depValid } from './dep-valid.js'",
      "const depValid2 = 1",
      "{ const depValid = require('./dep-valid.js') }",
      "{ const { depValid: x } = require('./x') }",
      "const y = depValid(1)",
      "// function depValid() {}",
      "const s = 'function depValid() {}'",
    ].join("\n");
    expect(lines(text, "depValid", "m.mjs")).toEqual([]);
  });

  it("finds TypeScript declarations, declare forms and class members", () => {
    const text = [
      "export interface Query {}", // 1
      "export type Key = string", // 2
      "export enum Status { On }", // 3
      "declare function fetchQuery(): void", // 4
      "export abstract class Base {", // 5
      "  abstract fetchQuery(): void", // 6
      "  private fetchQuery2 = 1", // 7
      "}", // 8
      "namespace Query {}", // 9
    ].join("\n");
    expect(lines(text, "Query", "m.ts")).toEqual([1, 9]);
    expect(lines(text, "fetchQuery", "m.ts")).toEqual([4, 6]);
    expect(
      lines("export declare class Cache {\n  get(key: string): number;\n}", "get", "m.d.ts"),
    ).toEqual([2]);
  });

  it("counts lines as the file tools do, by \\n only", () => {
    expect(lines("const a = 1 /*\u2028*/\nfunction late() {}", "late")).toEqual([2]);
  });

  it("marks what a closure that wraps the whole file defines as bundled, and reads an export's alias", () => {
    const definitions = (text: string, name: string) => {
      const parsed = parseModule(text, "m.js");
      if (!parsed.ok) throw new Error(parsed.message);
      return definitionsIn(parsed.program, name);
    };
    const bundle = [
      '"use strict";', // 1
      "(() => {", // 2
      "  function tally() {}", // 3
      "  const shared = { tally() {} }", // 4
      "})()", // 5
    ].join("\n");
    expect(definitions(bundle, "tally")).toEqual([
      { line: 3, kind: "function", bundled: true },
      { line: 4, kind: "method", bundled: true },
    ]);
    // A module with its own top-level code: a helper inside a function is its own definition.
    const module = [
      "function outer() {", // 1
      "  function tally() {}", // 2
      "}", // 3
      "export { counter as tally } from './counter.js'", // 4
      "export { outer as other }", // 5
    ].join("\n");
    expect(definitions(module, "tally")).toEqual([
      { line: 2, kind: "function" },
      { line: 4, kind: "alias" },
    ]);
    expect(definitions(module, "outer")).toEqual([{ line: 1, kind: "function" }]);
    // An import's alias brings a name in: never a definition.
    expect(lines("import { a as tally } from './a.js'", "tally", "m.mjs")).toEqual([]);
  });
});
