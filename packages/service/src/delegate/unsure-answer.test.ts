import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG, type LackpyConfig } from "../config/config-types.js";
import { LackpyService } from "../lackpy-service.js";
import { startOllamaStub, type OllamaStub } from "../__fixtures__/ollama-stub.js";
import { unsureAnswer } from "./unsure-answer.js";

let root: string;
let stub: OllamaStub;
/** The last message of each chat the stub answered: the request, with any hint. */
const prompts: string[] = [];

/** The shipped config with no model (templates, then rules), or with a loopback model after them. */
function config(model: boolean): LackpyConfig {
  const copy = structuredClone(DEFAULT_CONFIG);
  copy.run.mode = "in-process";
  copy.inference.order = model ? ["templates", "rules", "ollama"] : ["templates", "rules"];
  if (model) copy.inference.providers.ollama = { plugin: "ollama", host: stub.url, model: "stub" };
  return copy;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-unsure-"));
  await mkdir(path.join(root, "src"));
  await writeFile(path.join(root, "src/main.ts"), "export const main = 1;\n");
  await writeFile(path.join(root, "notes.md"), "# notes\n");
  // The only files that mention "push" are hidden: the file tools list their names, never their text.
  await writeFile(path.join(root, ".deploy.yml"), "on: push\n");
  await writeFile(path.join(root, ".tooling.yaml"), "x: 1\n");
  stub = await startOllamaStub((intent) => {
    prompts.push(intent);
    return "```\nlen(find_files(pattern))\n```".replace("pattern", '"**/*.md"');
  });
});

afterAll(async () => {
  await stub.close();
  await rm(root, { recursive: true, force: true });
});

describe("an offline answer of none while the run left files out", () => {
  it("is no answer when hidden files may be what was asked for", async () => {
    const service = new LackpyService({ workspace: root, config: config(false) });
    try {
      for (const intent of ["which files mention push", "how many files mention push"]) {
        const result = await service.delegate(intent, { dryRun: true });
        expect(result, intent).toMatchObject({ success: false, output: null });
        expect(result.error?.code, intent).toBe("generation_failed");
        expect(result.error?.message, intent).toMatch(/left out \d+ hidden path/);
        expect(result.skipped, intent).toContainEqual({
          reason: "hidden paths",
          count: expect.any(Number),
        });
      }
      // A definition the parser could not see is not "defined nowhere".
      expect(
        await service.delegate("where is neverWritten defined", { dryRun: true }),
      ).toMatchObject({ success: false, error: { message: /found nothing/ } });
      // An answer that found something, or none where nothing was left out, stands.
      expect(await service.delegate("list the markdown files", { dryRun: true })).toMatchObject({
        success: true,
        tier: "rules",
        output: ["notes.md"],
      });
      // Names are not text: a list or count of files has the hidden ones, as find and git
      // ls-files count them, and leaves nothing out.
      expect(await service.delegate("list all yaml files", { dryRun: true })).toMatchObject({
        success: true,
        tier: "rules",
        output: [".deploy.yml", ".tooling.yaml"],
      });
      const count = await service.delegate("how many files are there", { dryRun: true });
      expect(count).toMatchObject({ success: true, tier: "rules", output: 4 });
      expect(count.skipped ?? []).toEqual([]);
      expect(
        await service.delegate("how many python files are in src", { dryRun: true }),
      ).toMatchObject({
        success: true,
        tier: "rules",
        output: 0,
      });
    } finally {
      await service.close();
    }
  });

  it("goes to the model when one is configured", async () => {
    const service = new LackpyService({ workspace: root, config: config(true) });
    try {
      const chats = stub.chats;
      const result = await service.delegate("which files mention push", { dryRun: true });
      expect(stub.chats).toBe(chats + 1);
      expect(result).toMatchObject({ success: true, tier: "ollama", output: 1 });
      // The model is told how the rule read the request, and why its answer was not given.
      const prompt = prompts.at(-1)!;
      expect(prompt).toMatch(/^which files mention push\n/);
      expect(prompt).toContain("whose text contains “push”");
      expect(prompt).toMatch(
        /its answer was not given: the answer was \[\], but the run left out 2 hidden paths/,
      );
    } finally {
      await service.close();
    }
  });
});

describe("unsureAnswer", () => {
  it("judges only answers of none, and only what a request does not mean to leave out", () => {
    const hidden = [{ reason: "hidden paths", count: 1 }];
    for (const none of [[], 0, null, {}, "", false])
      expect(unsureAnswer(none, hidden), JSON.stringify(none)).toMatch(/1 hidden path/);
    for (const some of [["a.yml"], 3, { a: 1 }, "x", true])
      expect(unsureAnswer(some, hidden)).toBeNull();
    expect(unsureAnswer([], [{ reason: "files under node_modules", count: 9 }])).toBeNull();
    expect(unsureAnswer([], [{ reason: "gitignored files", count: 9 }])).toBeNull();
    expect(unsureAnswer(0, [{ reason: "files over 10 MiB", count: 1 }])).toMatch(/over 10 MiB/);
    expect(unsureAnswer([], [{ reason: "protected paths", count: 2 }])).toMatch(
      /2 protected paths/,
    );
    expect(unsureAnswer([], undefined)).toBeNull();
    expect(unsureAnswer([], undefined, true)).toMatch(/found nothing/);
    // A rule may say what its none means ("which file defines X" when several files do).
    expect(unsureAnswer(null, undefined, "it found two files")).toMatch(
      /which says only that it found two files$/,
    );
    expect(unsureAnswer([{ file: "a.js" }], undefined, true)).toBeNull();
  });

  it("takes a checked empty list as an answer, but never null, nor a list a run left files out of", () => {
    // "where is fooBarBaz defined": `[]` only after no file mentioned the name.
    expect(unsureAnswer([], undefined, true, true)).toBeNull();
    expect(unsureAnswer(null, undefined, true, true)).toMatch(/found nothing/);
    expect(unsureAnswer([], [{ reason: "protected paths", count: 2 }], true, true)).toMatch(
      /2 protected paths/,
    );
  });
});
