import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileTools } from "./create-file-tools.js";

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-declarations-"));
  const files: Record<string, string> = {
    "lib/events.js": [
      "const util = require('util')",
      "class Event {",
      "  #target = null",
      "  constructor(type) { this.type = type }",
      "  get target() { return this.#target }",
      "  static create() {}",
      "  [Symbol.iterator]() {}",
      "}",
      "const CloseEvent = class extends Event {}",
      "function helper() { function inner() {} }",
      "const arrow = () => 1",
      "const { a, b } = util",
      "module.exports = { Event, CloseEvent }",
      "",
    ].join("\n"),
    "src/types.ts": [
      "import type { X } from './x'",
      "export interface Patch { op: string }",
      "export type Producer = () => void",
      "export enum Mode { A }",
      "export default class Store { items: string[] = []; add(x: string): void {} }",
      "declare namespace NS {}",
      "",
    ].join("\n"),
    "lib/broken.js": "class {\n",
    "notes.md": "# notes\n",
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

const shown = (rows: { name: string; kind: string; line: number; of?: string }[]) =>
  rows.map((row) => `${row.of ? `${row.of}.` : ""}${row.name}:${row.kind}@${row.line}`);

describe("declarations_in", () => {
  it("lists a script's top-level declarations and its classes' members, never its requires", async () => {
    const found = await createFileTools(root).declarations_in("lib/events.js");
    expect(shown(found)).toEqual([
      "Event:class@2",
      "Event.#target:property@3",
      "Event.constructor:method@4",
      "Event.target:method@5",
      "Event.create:method@6",
      "CloseEvent:class@9",
      "helper:function@10",
      "arrow:function@11",
      "a:variable@12",
      "b:variable@12",
    ]);
  });

  it("reads TypeScript through its exports: interfaces, types, enums, classes and namespaces", async () => {
    const found = await createFileTools(root).declarations_in("src/types.ts");
    expect(shown(found)).toEqual([
      "Patch:interface@2",
      "Producer:type@3",
      "Mode:enum@4",
      "Store:class@5",
      "Store.items:property@5",
      "Store.add:method@5",
      "NS:namespace@6",
    ]);
  });

  it.each([
    ["lib/broken.js", "not_a_module"],
    ["notes.md", "not_a_module"],
    [42, "invalid_argument"],
  ])("refuses %j with %s", async (file, code) => {
    await expect(createFileTools(root).declarations_in(file)).rejects.toMatchObject({ code });
  });
});
