import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspaceView, FILE_TOOL_SPECS } from "@lackpy/kit/node";
import type { WorkspaceView } from "@lackpy/kit";
import { retrieveExamples } from "../prompt/build-prompt.js";
import { matchRules } from "./match-rules.js";

/**
 * Requests are data: a word that names a property every JavaScript object has ("constructor",
 * "__proto__", "toString") is a word like any other in every table the rules and the prompt look
 * words up in, never the property (it crashed delegate: "function is not iterable").
 */
const WORDS = Object.getOwnPropertyNames(Object.prototype);
const SHAPES = [
  (word: string) => `where is ${word} defined`,
  (word: string) => `list ${word} files`,
  (word: string) => `how many ${word} files`,
  (word: string) => `files over 5 ${word}`,
  (word: string) => `what does ${word} export`,
  (word: string) => `${word} the readme`,
  (word: string) => `show ${word}'s dependencies`,
];

let root: string;
let view: WorkspaceView;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-prototype-words-"));
  await mkdir(path.join(root, "src"));
  await writeFile(path.join(root, "README.md"), "# x\n");
  await writeFile(path.join(root, "src/a.ts"), "export const constructor = 1\n");
  view = createWorkspaceView(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("words that name Object.prototype's properties", () => {
  it("are read as words by every rule, with no crash", async () => {
    expect(WORDS).toContain("__proto__");
    const tools = new Set(FILE_TOOL_SPECS.map((spec) => spec.name));
    for (const word of WORDS)
      for (const shape of SHAPES) {
        const built = await matchRules(shape(word), { tools, workspace: view });
        expect(built === null || typeof built === "object", shape(word)).toBe(true);
      }
  });

  it("pick no tool examples by themselves", () => {
    for (const word of WORDS)
      expect(() => retrieveExamples(`${word} ${word} list`, FILE_TOOL_SPECS), word).not.toThrow();
  });
});
