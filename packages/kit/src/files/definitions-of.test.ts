import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "../__fixtures__/create-workspace.js";
import { createFileTools } from "./create-file-tools.js";
import { definitionTest } from "./definitions-of.js";

describe("definitionTest", () => {
  it.each([
    "function load() {",
    "export function load(a: string): void {",
    "export default async function load() {",
    "export async function* load() {",
    "export const load = () => 1",
    "let load: Loader = make()",
    "var load=1",
    "export class load {",
    "export abstract class load<T> {",
    "interface load {",
    "export type load = string",
    "export const enum load {",
    "declare function load(): void;",
    "  async load(path: string): Promise<void> {",
    "  static load() {",
    "def load(path):",
    "    async def load(self):",
    "class load(Base):",
  ])("finds a definition in %j", (line) => {
    expect(definitionTest("load")(line)).toBe(true);
  });

  it.each([
    "load()",
    "const x = load()",
    "  return load(path)",
    "import { load } from './load'",
    "// function load() {",
    "function loader() {",
    "export const loaded = 1",
    "  load(path) ;",
    "  if (load) {",
  ])("finds no definition in %j", (line) => {
    expect(definitionTest("load")(line)).toBe(false);
  });

  it("does not take a control word for a method", () => {
    expect(definitionTest("if")("  if (x) {")).toBe(false);
  });
});

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-definitions-"));
  const files: Record<string, string> = {
    "src/load.ts": "// load things\nexport function load() {}\nload()\n",
    "scripts/load.py": "import os\n\ndef load(path):\n    return path\n",
    "docs/load.md": "function load() {\n",
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("definitions_of", () => {
  it("finds definitions in the source files, not in docs, calls or comments", async () => {
    const tools = createFileTools(root);
    expect(await tools.definitions_of("load")).toEqual([
      { file: "scripts/load.py", line: 3, text: "def load(path):", kind: "function" },
      { file: "src/load.ts", line: 2, text: "export function load() {}", kind: "function" },
    ]);
    expect(await tools.definitions_of("load", "**/*.md")).toEqual([
      { file: "docs/load.md", line: 1, text: "function load() {", kind: "function" },
    ]);
    expect(await tools.definitions_of("missing")).toEqual([]);
  });

  it("reads JavaScript and TypeScript from their syntax: requires are not definitions, prototype methods are", async () => {
    await writeFile(
      path.join(root, "src/client.js"),
      "const load = require('./load')\nfunction Client() {}\nClient.prototype.load = function () {\n  return load()\n}\n",
    );
    try {
      expect(await createFileTools(root).definitions_of("load", "src/client.js")).toEqual([
        {
          file: "src/client.js",
          line: 3,
          text: "Client.prototype.load = function () {",
          kind: "method",
        },
      ]);
    } finally {
      await rm(path.join(root, "src/client.js"));
    }
  });

  it("finds a binding declared after a comma without a value, and flags it", async () => {
    await writeFile(
      path.join(root, "src/document.js"),
      "let LazyResult, Processor\nclass Document {}\nmodule.exports = Document\n",
    );
    try {
      const tools = createFileTools(root);
      expect(await tools.definitions_of("Processor", "src/document.js")).toEqual([
        {
          file: "src/document.js",
          line: 1,
          text: "let LazyResult, Processor",
          kind: "variable",
          unassigned: true,
        },
      ]);
      expect(await tools.definitions_of("LazyResult", "src/document.js")).toEqual([
        {
          file: "src/document.js",
          line: 1,
          text: "let LazyResult, Processor",
          kind: "variable",
          unassigned: true,
        },
      ]);
    } finally {
      await rm(path.join(root, "src/document.js"));
    }
  });

  it.each(["", "load()", "a.b", "x y", 3, "(.*)"])("refuses the name %j", async (name) => {
    const error = await refusal(createFileTools(root).definitions_of(name));
    expect(error).toMatchObject({ code: "invalid_argument", retriable: true });
  });
});
