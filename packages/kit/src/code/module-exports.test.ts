import { describe, expect, it } from "vitest";
import { moduleExports } from "./module-exports.js";
import { parseModule } from "./parse-module.js";

function read(text: string, file = "m.js") {
  const parsed = parseModule(text, file);
  if (!parsed.ok) throw new Error(parsed.message);
  const found = moduleExports(parsed.program);
  return {
    names: found.exports.map((entry) => `${entry.name}:${entry.kind}`).sort(),
    stars: found.stars.map((star) => star.from),
    unknown: found.unknown.map((entry) => entry.reason),
    whole: found.whole,
  };
}

describe("moduleExports", () => {
  it("reads ESM declarations, lists, defaults and namespaces", () => {
    const text = [
      "import { helper } from './helper.js'",
      "export function load() {}",
      "export const a = 1, { b, c: [d] } = obj",
      "export class Store {}",
      "const hidden = () => 1",
      "export { hidden as shown, helper }",
      "export { x as y } from './x.js'",
      "export * as ns from './ns.js'",
      "export * from './all.js'",
      "export default function () {}",
    ].join("\n");
    expect(read(text)).toEqual({
      names: [
        "Store:class",
        "a:variable",
        "b:variable",
        "d:variable",
        "default:function",
        "helper:value",
        "load:function",
        "ns:namespace",
        "shown:function",
        "y:value",
      ],
      stars: ["./all.js"],
      unknown: [],
    });
  });

  it("reads CommonJS: module.exports objects, exports.x, module.exports.x and defineProperty", () => {
    const text = [
      "'use strict';",
      "const { a } = require('./a');",
      "function run() {}",
      "Object.defineProperty(exports, '__esModule', { value: true });",
      "Object.defineProperty(exports, 'late', { get() { return 1 } });",
      "exports.first = function () {};",
      "module.exports.second = class {};",
      "exports['third-name'] = 3;",
      "exports.first();",
    ].join("\n");
    expect(read(text)).toEqual({
      names: ["first:function", "late:value", "second:class", "third-name:value"],
      stars: [],
      unknown: [],
    });
    expect(
      read(
        "module.exports = { run, load() {}, value: 1, ...require('./more') };\nfunction run() {}",
      ).names,
    ).toEqual(["load:function", "run:function", "value:value"]);
    expect(read("const api = { a: 1, b() {} };\nmodule.exports = api;").names).toEqual([
      "a:value",
      "b:function",
    ]);
    expect(read("module.exports = require('./lib/index.js');").stars).toEqual(["./lib/index.js"]);
  });

  it("reads compiled TypeScript and bundler output", () => {
    const compiled = [
      '"use strict";',
      'Object.defineProperty(exports, "__esModule", { value: true });',
      "exports.b = exports.a = void 0;",
      'tslib_1.__exportStar(require("./types"), exports);',
      "exports.a = 1;",
      "exports.b = 2;",
    ].join("\n");
    expect(read(compiled)).toEqual({
      names: ["a:value", "b:value"],
      stars: ["./types"],
      unknown: [],
    });
    const bundled = [
      "var src_exports = {};",
      "__export(src_exports, { alpha: () => alpha, beta: () => beta });",
      "module.exports = __toCommonJS(src_exports);",
      'Object.defineProperty(exports, Symbol.toStringTag, { value: "Module" });',
    ].join("\n");
    expect(read(bundled)).toMatchObject({
      names: ["alpha:function", "beta:function"],
      unknown: [],
    });
  });

  it("reads TypeScript exports: types, declare, export =, export import", () => {
    const text = [
      "export interface Options { a: string }",
      "export type Id = string",
      "export declare function make(): void",
      "export declare const version: string",
      "export enum Color { Red }",
      "export namespace Tools { export const x = 1 }",
      "export type { Other } from './other'",
      "import fs = require('fs')",
      "export import Paths = Tools.paths",
      "declare module 'elsewhere' { export const y: number }",
    ].join("\n");
    expect(read(text, "m.ts").names).toEqual([
      "Color:enum",
      "Id:type",
      "Options:interface",
      "Other:type",
      "Paths:value",
      "Tools:namespace",
      "make:function",
      "version:variable",
    ]);
    expect(
      read("declare namespace api { function run(): void; const x: 1 }\nexport = api;", "m.d.ts")
        .names,
    ).toEqual(["run:function", "x:variable"]);
  });

  it("names a whole value that is one named function or class", () => {
    const whole = (text: string, file?: string) => read(text, file).whole;
    expect(whole("module.exports = function load() {};")).toEqual({
      name: "load",
      kind: "function",
      line: 1,
    });
    expect(whole("class Rules {}\nmodule.exports = Rules;")).toMatchObject({
      name: "Rules",
      kind: "class",
      line: 2,
    });
    expect(whole("module.exports = class Application extends Emitter {};")).toMatchObject({
      name: "Application",
      kind: "class",
    });
    expect(whole("declare class Client {}\nexport = Client;", "m.d.ts")).toMatchObject({
      name: "Client",
    });
    expect(read("module.exports = function load() {};").unknown).toEqual([]);
  });

  it("reads the names set on a local name for the exported object, and symbol keys as none", () => {
    const text = [
      "const proto = module.exports = { inspect() { return this === proto; }, get header() {} };",
      "proto.extra = function extra() {};",
      "module.exports[util.inspect.custom] = module.exports.inspect;",
      "proto[Symbol.iterator] = function* () {};",
    ].join("\n");
    expect(read(text)).toMatchObject({
      names: ["extra:function", "header:function", "inspect:function"],
      unknown: [],
    });
  });

  it("reads the exported object set as its own property (postcss's list.default = list)", () => {
    const text = [
      "let list = {",
      "  comma(string) { return list.split(string) },",
      "  split(string) { return [string] },",
      "}",
      "module.exports = list",
      "list.default = list",
    ].join("\n");
    expect(read(text)).toMatchObject({
      names: ["comma:function", "default:variable", "split:function"],
      unknown: [],
    });
  });

  it("refuses when the exported object goes where names may be added unseen", () => {
    expect(
      read("const proto = module.exports = { a: 1 };\ndelegate(proto, 'response').method('b');")
        .unknown,
    ).toEqual(["proto, the exported object, is passed to delegate(), which may add names"]);
    expect(
      read("const api = { a: 1 };\nmodule.exports = api;\nconst other = api;").unknown,
    ).toEqual(["api, the exported object, is given another name"]);
    expect(read("const api = { a: 1 };\nmodule.exports = api;\napi[key] = 2;").unknown).toEqual([
      "an export set on api under a computed name",
    ]);
  });

  it("reads what TypeScript's CommonJS output exports after naming it with void 0", () => {
    const text = [
      '"use strict";',
      'Object.defineProperty(exports, "__esModule", { value: true });',
      "exports.readyHandler = exports.connectHandler = void 0;",
      "function connectHandler(self) {}",
      "exports.connectHandler = connectHandler;",
      "const readyHandler = (self) => () => {};",
      "exports.readyHandler = readyHandler;",
    ].join("\n");
    expect(read(text).names).toEqual(["connectHandler:function", "readyHandler:function"]);
  });

  it("says what it cannot follow instead of leaving it out", () => {
    expect(read("module.exports = function () {};").unknown).toEqual([
      "the module's whole value is a function, not an object of names",
    ]);
    expect(read("module.exports = 42;").unknown).toEqual([
      "the module's whole value is a value, not an object of names",
    ]);
    expect(read("Object.assign(module.exports, { a: 1 });").unknown).toEqual([
      "exports used in a way a static read does not follow",
    ]);
    expect(read("module.exports = { [key]: 1 };").unknown).toEqual(["a computed key"]);
    expect(read("declare const x: number;\nexport = x;", "m.d.ts").unknown).toHaveLength(1);
  });

  it("takes imports, requires and property names for nothing", () => {
    expect(
      read(
        "import a from 'a';\nconst b = require('b');\nconst o = { exports: 1 };\no.exports = 2;",
      ),
    ).toEqual({
      names: [],
      stars: [],
      unknown: [],
    });
  });

  it("reads a class compiled to ES5 as a class, in ESM and CommonJS", () => {
    const babel = [
      "var Dayjs = /*#__PURE__*/function () {",
      "  function Dayjs(cfg) {}",
      "  var _proto = Dayjs.prototype;",
      "  return Dayjs;",
      "}();",
      "var memo = (function () { function memo() {} return memo; })();",
      "export { Dayjs, memo };",
    ].join("\n");
    expect(read(babel).names).toEqual(["Dayjs:class", "memo:variable"]);
    const commonjs = [
      "function Client(config) {}",
      "Client.prototype.connect = function () {}",
      "function helper() {}",
      "module.exports = { Client, helper }",
    ].join("\n");
    expect(read(commonjs).names).toEqual(["Client:class", "helper:function"]);
  });
});
