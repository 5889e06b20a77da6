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

  it("reads every property of the object the module exports, plain values too, and no other object's", () => {
    const text = [
      "const GUID_OF = 'b';", // 1
      "const options = { GUID: 'x' };", // 2
      "const proto = module.exports = {", // 3
      "  GUID: '258EAFA5',", // 4
      "  throw() {},", // 5
      "  GUID_OF,", // 6
      "  other: options.GUID,", // 7
      "};", // 8
      "function f() { module.exports = { GUID: 1 }; }", // 9
    ].join("\n");
    const parsed = parseModule(text, "m.js");
    if (!parsed.ok) throw new Error(parsed.message);
    expect(definitionsIn(parsed.program, "GUID")).toEqual([{ line: 4, kind: "property" }]);
    expect(definitionsIn(parsed.program, "throw")).toEqual([{ line: 5, kind: "method" }]);
    // A shorthand hands on the variable: line 1 is where it is defined.
    expect(lines(text, "GUID_OF")).toEqual([1]);
    expect(lines(text, "other")).toEqual([]);
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

  it("never takes TypeScript's CommonJS `exports.x = void 0` for a definition, alone or in a chain", () => {
    const text = [
      '"use strict";', // 1
      "exports.parse = exports.MAX = void 0;", // 2
      "exports.stringify = exports.other = value;", // 3
      "function parse(text) {}", // 4
      "exports.parse = parse;", // 5
    ].join("\n");
    expect(lines(text, "parse")).toEqual([4]);
    expect(lines(text, "MAX")).toEqual([]);
    // A chain that ends in a value defines every name in it (an alias: a name defined elsewhere).
    expect(lines(text, "stringify")).toEqual([]);
    expect(lines("exports.a = exports.b = 1;", "a")).toEqual([1]);
  });

  it("counts lines as the file tools do, by \\n only", () => {
    expect(lines("const a = 1 /*\u2028*/\nfunction late() {}", "late")).toEqual([2]);
  });

  it("marks what a function defines inside it as local, and no class member", () => {
    const parsed = parseModule(
      [
        "class Application {", // 1
        "  callback() {", // 2
        "    const handleRequest = (req, res) => {};", // 3
        "  }", // 4
        "  handleRequest(ctx) {}", // 5
        "}", // 6
      ].join("\n"),
      "m.js",
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(definitionsIn(parsed.program, "handleRequest")).toEqual([
      { line: 3, kind: "function", local: true },
      { line: 5, kind: "method" },
    ]);
  });

  it("marks a binding declared without a value as unassigned, and no declare form nor initialised one", () => {
    const definitions = (text: string, name: string, file = "m.ts") => {
      const parsed = parseModule(text, file);
      if (!parsed.ok) throw new Error(parsed.message);
      return definitionsIn(parsed.program, name);
    };
    const postcss = [
      "let LazyResult, Processor", // 1
      "class Document {}", // 2
      "Document.registerLazyResult = dependant => { LazyResult = dependant }", // 3
      "let Root = require('./root')", // 4
    ].join("\n");
    expect(definitions(postcss, "LazyResult", "m.js")).toEqual([
      { line: 1, kind: "variable", unassigned: true },
    ]);
    expect(definitions(postcss, "Processor", "m.js")).toEqual([
      { line: 1, kind: "variable", unassigned: true },
    ]);
    expect(definitions("var a = 1, b;\nfor (let c of [a]) {}", "a", "m.js")).toEqual([
      { line: 1, kind: "variable" },
    ]);
    expect(definitions("var a = 1, b;", "b", "m.js")).toEqual([
      { line: 1, kind: "variable", unassigned: true },
    ]);
    expect(definitions("export declare let VERSION: string;", "VERSION", "m.d.ts")).toEqual([
      { line: 1, kind: "variable" },
    ]);
    expect(definitions("let count: number;", "count")).toEqual([
      { line: 1, kind: "variable", unassigned: true },
    ]);
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
    // A local name for another object's member of the same name hands it on (lodash's fp/_baseConvert.js).
    const local = [
      "function convert(helpers) {",
      "  var isArray = helpers.isArray;",
      "}",
      "var isArray = Array.isArray;",
    ].join("\n");
    expect(definitions(local, "isArray")).toEqual([
      { line: 2, kind: "alias", local: true },
      { line: 4, kind: "variable" },
    ]);
    // lodash's wrapper starts and ends with an empty statement.
    const lodash = [";(function() {", "  function tally() {}", "}.call(this));"].join("\n");
    expect(definitions(lodash, "tally")).toEqual([{ line: 2, kind: "function", bundled: true }]);
    // A module with its own top-level code: a helper inside a function is its own definition.
    const module = [
      "function outer() {", // 1
      "  function tally() {}", // 2
      "}", // 3
      "export { counter as tally } from './counter.js'", // 4
      "export { outer as other }", // 5
    ].join("\n");
    expect(definitions(module, "tally")).toEqual([
      { line: 2, kind: "function", local: true },
      { line: 4, kind: "alias" },
    ]);
    expect(definitions(module, "outer")).toEqual([{ line: 1, kind: "function" }]);
    // An import's alias brings a name in: never a definition.
    expect(lines("import { a as tally } from './a.js'", "tally", "m.mjs")).toEqual([]);
  });

  describe("classes compiled to ES5", () => {
    const definitions = (text: string, name: string) => {
      const parsed = parseModule(text, "m.js");
      if (!parsed.ok) throw new Error(parsed.message);
      return definitionsIn(parsed.program, name);
    };

    it("reads Babel's closure as one class, at the line that binds it", () => {
      const babel = [
        "var Dayjs = /*#__PURE__*/function () {", // 1
        "  function Dayjs(cfg) {", // 2
        "    this.$L = cfg.locale;", // 3
        "  }", // 4
        "  var _proto = Dayjs.prototype;", // 5
        "  _proto.parse = function parse(cfg) {};", // 6
        "  return Dayjs;", // 7
        "}();", // 8
        "export default Dayjs;", // 9
      ].join("\n");
      expect(definitions(babel, "Dayjs")).toEqual([{ line: 1, kind: "class" }]);
    });

    it("reads TypeScript's closure, with or without a base class", () => {
      const typescript = [
        "var Base = /** @class */ (function () {", // 1
        "    function Base() {}", // 2
        "    Base.prototype.run = function () {};", // 3
        "    return Base;", // 4
        "}());", // 5
        "var Child = /** @class */ (function (_super) {", // 6
        "    __extends(Child, _super);", // 7
        "    function Child() { return _super.call(this) || this; }", // 8
        "    return Child;", // 9
        "}(Base));", // 10
        "exports.Child = Child;", // 11
      ].join("\n");
      expect(definitions(typescript, "Base")).toEqual([{ line: 1, kind: "class" }]);
      expect(definitions(typescript, "Child")).toEqual([{ line: 6, kind: "class" }]);
    });

    it("reads a constructor whose prototype the module builds, and Babel's _createClass", () => {
      const prototype = [
        "function Client(config) {", // 1
        "  this.config = config", // 2
        "}", // 3
        "Client.prototype.connect = function () {}", // 4
        "util.inherits(Pool, EventEmitter)", // 5
        "var Pool = function (options) {}", // 6
        "var Query = /*#__PURE__*/_createClass(function Query() {", // 7
        "  _classCallCheck(this, Query);", // 8
        "});", // 9
      ].join("\n");
      expect(definitions(prototype, "Client")).toEqual([{ line: 1, kind: "class" }]);
      expect(definitions(prototype, "Pool")).toEqual([{ line: 6, kind: "class" }]);
      expect(definitions(prototype, "Query")[0]).toEqual({ line: 7, kind: "class" });
    });

    it("keeps a closure that returns a plain function, and a prototype only read, functions", () => {
      const plain = [
        "var memo = (function () {", // 1
        "  var cache = {};", // 2
        "  function memo(key) { return cache[key]; }", // 3
        "  return memo;", // 4
        "})();", // 5
        "function slice(list) {", // 6
        "  return Array.prototype.slice.call(list);", // 7
        "}", // 8
        "var copy = slice.prototype.constructor;", // 9
      ].join("\n");
      expect(definitions(plain, "memo")).toEqual([
        { line: 1, kind: "variable" },
        { line: 3, kind: "function", local: true },
      ]);
      expect(definitions(plain, "slice")).toEqual([{ line: 6, kind: "function" }]);
    });
  });
});
