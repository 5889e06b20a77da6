import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { GenerationContext, Provider } from "@lackpy/infer";
import { closeWorkerPool } from "@lackpy/run/node";
import { startOllamaStub, type OllamaStub } from "./__fixtures__/ollama-stub.js";
import { DEFAULT_CONFIG, type LackpyConfig } from "./config/config-types.js";
import { loadConfig } from "./config/load-config.js";
import { LackpyService } from "./lackpy-service.js";
import { ServiceError } from "./service-error.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
const workspaces: string[] = [];

async function workspace(): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "lackpy-service-"));
  workspaces.push(directory);
  await cp(EXAMPLE, directory, { recursive: true });
  return directory;
}

function config(change: (config: LackpyConfig) => void): LackpyConfig {
  const copy = structuredClone(DEFAULT_CONFIG);
  copy.run.mode = "in-process";
  change(copy);
  return copy;
}

afterAll(async () => {
  await closeWorkerPool();
  await Promise.all(workspaces.map((directory) => rm(directory, { recursive: true, force: true })));
});

describe("LackpyService", () => {
  let root: string;
  beforeEach(async () => {
    root = await workspace();
  });

  it("validates against the default kit with its grade", async () => {
    const service = await LackpyService.open({ workspace: root });
    const result = await service.validate(`len(find_files("**/*.ts"))`);
    expect(result).toMatchObject({
      valid: true,
      calls: ["len", "find_files"],
      grade: { w: 1, d: 0 },
    });
    expect((await service.validate(`write_file("a", "b")`)).errors[0].code).toBe(
      "unknown_function",
    );
  });

  it("follows a changed [kit] default in config.toml, and nothing else of it", async () => {
    await mkdir(path.join(root, ".lackpy"), { recursive: true });
    const file = path.join(root, ".lackpy", "config.toml");
    await writeFile(file, '[kit]\ndefault = "readonly"\n\n[run]\nmode = "in-process"\n');
    const service = await LackpyService.open({ workspace: root });
    try {
      expect(service.defaultKit()).toBe("readonly");
      expect((await service.validate('write_file("a.txt", "x")')).valid).toBe(false);
      await writeFile(file, '[kit]\ndefault = "files"\n\n[run]\nmode = "isolated"\n');
      expect(service.defaultKit()).toBe("files");
      expect((await service.validate('write_file("a.txt", "x")')).valid).toBe(true);
      expect((await service.resolveKit()).name).toBe("files");
      expect(service.config().run.mode).toBe("in-process");
      // A config that no longer parses, or that names other code, changes nothing.
      await writeFile(file, '[kit]\ndefault = "readonly"\nbogus = 1\n');
      expect(service.defaultKit()).toBe("files");
      await writeFile(
        file,
        '[kit]\ndefault = "readonly"\n\n[tools.hello]\nmodule = "./hello.mjs"\n',
      );
      expect(service.defaultKit()).toBe("files");
    } finally {
      await service.close();
    }
  });

  it("keeps the default kit of a config the app passed", async () => {
    const service = new LackpyService({ workspace: root, config: config(() => undefined) });
    await mkdir(path.join(root, ".lackpy"), { recursive: true });
    await writeFile(path.join(root, ".lackpy", "config.toml"), '[kit]\ndefault = "files"\n');
    expect(service.defaultKit()).toBe("readonly");
  });

  it("runs a program in isolated mode by default over the workspace", async () => {
    const service = await LackpyService.open({ workspace: root });
    const result = await service.runProgram(
      await readFile(path.join(EXAMPLE, "..", "count-todos.js"), "utf8"),
    );
    expect(result.error).toBeNull();
    expect(result.output).toEqual([
      { file: "src/cli.py", todos: 1 },
      { file: "src/inventory.ts", todos: 1 },
      { file: "src/report.ts", todos: 1 },
    ]);
    expect(result.filesRead).toEqual(["src/cli.py", "src/inventory.ts", "src/report.ts"]);
  });

  it("delegates an intent a rule answers, with no model server", async () => {
    const service = new LackpyService({ workspace: root, config: config(() => undefined) });
    const result = await service.delegate("list all typescript files");
    expect(result).toMatchObject({
      success: true,
      tier: "rules",
      provider: "rules",
      program: "find_files(pattern, { hidden: true })",
      params: { pattern: "**/*.{ts,tsx,mts,cts}" },
      output: ["src/inventory.ts", "src/report.ts"],
      grade: { w: 1, d: 0 },
    });
  });

  it("saves a template, answers with it, and counts successes and failures", async () => {
    const service = new LackpyService({ workspace: root, config: config(() => undefined) });
    const created = await service.create(`len(read_file(file).split("\\n"))`, {
      name: "count-lines",
      pattern: "count lines in {file}",
    });
    expect(created.path).toBe(path.join(root, ".lackpy", "templates", "count-lines.tmpl"));
    const hit = await service.delegate("Count lines in README.md");
    expect(hit).toMatchObject({
      success: true,
      tier: "templates",
      output: 4,
      params: { file: "README.md" },
    });
    const miss = await service.delegate("count lines in nope.txt");
    expect(miss).toMatchObject({
      success: false,
      tier: "templates",
      error: { code: "tool_error" },
    });
    // The request named a file that does not exist: its own fault, counted against no template.
    expect(await service.template("count-lines")).toMatchObject({
      successCount: 1,
      failCount: 0,
      origin: "person",
    });
    const broken = await service.create(`read_file(file + ".bak")`, {
      name: "backup",
      pattern: "open the backup of {file}",
    });
    expect(broken.origin).toBe("person");
    await service.delegate("open the backup of README.md");
    expect(await service.template("backup")).toMatchObject({ successCount: 0, failCount: 1 });
    // Nothing is left to write once the test deletes the workspace.
    await service.flush();
  });

  it("keeps the tiers of its delegates for status only in a workspace that has .lackpy", async () => {
    const service = new LackpyService({ workspace: root, config: config(() => undefined) });
    expect(await service.delegate("list all markdown files")).toMatchObject({ tier: "rules" });
    await service.flush();
    expect(await readdir(root)).not.toContain(".lackpy");
    expect((await service.status()).ratchet.recent.delegates).toBe(0);
    await mkdir(path.join(root, ".lackpy"));
    await service.delegate("list all markdown files");
    await service.flush();
    expect((await readdir(path.join(root, ".lackpy"))).sort()).toEqual([
      ".gitignore",
      "ratchet.json",
    ]);
    expect((await service.status()).ratchet.recent).toMatchObject({
      delegates: 1,
      byTier: [{ tier: "rules", delegates: 1, failed: 0 }],
    });
  });

  it("refuses an invalid template and a duplicate name", async () => {
    const service = new LackpyService({ workspace: root, config: config(() => undefined) });
    await expect(service.create(`var x = 1`, { name: "bad" })).rejects.toMatchObject({
      code: "invalid_program",
    });
    await service.create(`find_files("*")`, { name: "all" });
    await expect(service.create(`find_files("*")`, { name: "all" })).rejects.toMatchObject({
      code: "template_exists",
    });
    await expect(service.create(`find_files("*")`, { name: "../escape" })).rejects.toMatchObject({
      code: "invalid_name",
    });
  });

  it("refuses a kit above the policy's grade before anything runs", async () => {
    const service = new LackpyService({
      workspace: root,
      config: config((c) => (c.policy.maxGradeW = 1)),
    });
    await expect(
      service.runProgram(`write_file("x.txt", "y")`, { kit: "files" }),
    ).rejects.toBeInstanceOf(ServiceError);
    await expect(readFile(path.join(root, "x.txt"))).rejects.toThrow();
  });

  it("never shows secret params in results", async () => {
    const service = new LackpyService({ workspace: root, config: config(() => undefined) });
    const result = await service.runProgram(`print("token is", token)\ntoken + "!"`, {
      params: { token: { value: "s3cr3t-value", secret: true } },
    });
    expect(JSON.stringify(result)).not.toContain("s3cr3t-value");
    expect(result.error?.code).toBe("invalid_program");
    expect(result.error?.errors?.map((error) => (error as { code: string }).code)).toEqual([
      "secret_access",
      "secret_access",
    ]);
  });

  it("refuses params that collide with tools or helpers", async () => {
    const service = new LackpyService({ workspace: root, config: config(() => undefined) });
    await expect(service.runProgram(`1`, { params: { read_file: 1 } })).rejects.toMatchObject({
      code: "invalid_param",
    });
    await expect(service.runProgram(`1`, { params: { len: 1 } })).rejects.toMatchObject({
      code: "invalid_param",
    });
  });

  it("reports a bad config.toml with file and line when opened", async () => {
    await mkdir(path.join(root, ".lackpy"), { recursive: true });
    await writeFile(path.join(root, ".lackpy", "config.toml"), '[run]\nmode = "fast"\n');
    await expect(LackpyService.open({ workspace: root })).rejects.toThrow(
      `${path.join(root, ".lackpy", "config.toml")}:2: run.mode: must be one of "isolated", "in-process", not "fast".`,
    );
  });

  it("cancels a run when the caller aborts", async () => {
    const settings = await loadConfig(root);
    // A run that would go on for ever: the workspace lets a request ask for that many steps.
    settings.run.maxima.maxSteps = 1e12;
    const service = new LackpyService({ workspace: root, config: settings });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const result = await service.runProgram(`for (const i of range(1e12)) {}`, {
      signal: controller.signal,
      limits: { maxSteps: 1e12, timeoutMs: 60_000 },
    });
    expect(result.error?.code).toBe("cancelled");
  });

  it("demotes a ratchet template that keeps failing, renaming it aside, and says so", async () => {
    const service = new LackpyService({
      workspace: root,
      config: config((c) => (c.ratchet.demoteAfterFailures = 2)),
    });
    await service.create(`read_file(file + ".bak")`, {
      name: "reader",
      pattern: "open {file}",
      origin: "ratchet",
    });
    expect((await service.delegate("open README.md")).demoted).toBeNull();
    expect((await service.templates()).map((template) => template.name)).toEqual(["reader"]);
    const second = await service.delegate("open notes.md");
    expect(second.demoted).toEqual({
      template: "reader",
      reason: expect.stringMatching(
        /^it failed 2 times and succeeded 0 \(demote_after_failures = 2\); last error: tool_error: Tool read_file failed: No file 'notes\.md\.bak'/,
      ),
      successCount: 0,
      failCount: 2,
      path: expect.stringMatching(/reader\.tmpl\.demoted-\d+$/),
      hint: "lackpy template restore reader brings it back",
    });
    expect(await service.templates()).toEqual([]);
    const files = await readdir(path.join(root, ".lackpy", "templates"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^reader\.tmpl\.demoted-\d+$/);
    await service.flush();
  });

  it("uses injected providers and toolbox tools, and hands the generation settings to them", async () => {
    const seen: GenerationContext[] = [];
    const provider: Provider = {
      name: "scripted",
      tier: "ollama",
      retries: true,
      available: async () => true,
      generate: async (_intent, context) => {
        seen.push(context);
        return { raw: 'shout(read_file("README.md")).slice(0, 9)', model: "scripted-1" };
      },
    };
    const service = await LackpyService.open({
      workspace: root,
      config: config((settings) => {
        settings.inference.order = ["rules", "scripted"];
      }),
      providers: { scripted: provider },
      extendToolbox: (toolbox) => {
        toolbox.registerProvider({
          name: "local",
          resolve: async () => (text: string) => text.toUpperCase(),
        });
        toolbox.registerTool({
          name: "shout",
          provider: "local",
          args: [{ name: "text", type: "string" }],
          returns: "string",
        });
      },
    });
    const result = await service.delegate("shout the readme", {
      kit: ["read_file", "shout"],
      generation: { variant: "baseline", intentId: "shout-1", temperature: 0 },
    });
    expect(result).toMatchObject({
      success: true,
      tier: "ollama",
      provider: "scripted",
      model: "scripted-1",
      output: "# INVENTO",
    });
    expect(seen[0]).toMatchObject({ variant: "baseline", intentId: "shout-1", temperature: 0 });
  });

  it("runs many delegates at once without sharing run state", async () => {
    const service = new LackpyService({ workspace: root, config: config(() => undefined) });
    const intents = [
      "list all typescript files",
      "list all python files",
      "list all markdown files",
      "read README.md",
    ];
    const results = await Promise.all(intents.map((intent) => service.delegate(intent)));
    expect(results.map((result) => result.success)).toEqual([true, true, true, true]);
    expect(results[1].output).toEqual(["src/cli.py"]);
    expect(results[3].output).toContain("# inventory");
  });
});

describe("the ratchet", () => {
  let stub: OllamaStub;
  let url: string;
  beforeEach(async () => {
    // "... in FILE" names the file; "flaky" requests get every other answer about another file.
    stub = await startOllamaStub((intent, chats) => {
      const named = /in (\S+)$/.exec(intent)?.[1] ?? "README.md";
      const file = intent.startsWith("flaky") && chats % 2 === 0 ? "src/report.ts" : named;
      return '```js\nconst text = read_file("' + file + '")\nlen(text.split("\\n"))\n```';
    });
    url = stub.url;
    return () => stub.close();
  });

  it("promotes a model program after min_successes, binding the varying part as a parameter", async () => {
    const root = await workspace();
    const service = new LackpyService({
      workspace: root,
      config: config((c) => {
        c.inference.providers.ollama = { plugin: "ollama", host: url, model: "stub" };
        c.ratchet.auto = true;
        c.ratchet.minSuccesses = 2;
      }),
    });
    // "pieces", not "lines": the rules answer line counts of a file without a model.
    const first = await service.delegate("how many pieces in README.md");
    expect(first).toMatchObject({ success: true, tier: "ollama", output: 4 });
    const second = await service.delegate("how many pieces in README.md");
    expect(second.promoted).toMatchObject({
      template: expect.stringMatching(/^auto-how-many-pieces-in-readme-md-/),
      agreeingRuns: 2,
    });
    const templates = await service.templates();
    expect(templates).toHaveLength(1);
    expect(templates[0].pattern).toBe("how many pieces in {arg1}");
    expect(templates[0].program).toBe('const text = read_file(arg1)\nlen(text.split("\\n"))');
    const before = stub.chats;
    const third = await service.delegate("how many pieces in src/report.ts");
    expect(third).toMatchObject({
      success: true,
      tier: "templates",
      output: 7,
      params: { arg1: "src/report.ts" },
    });
    expect(stub.chats).toBe(before);
    // The history is written behind: on flush (and close, and at exit).
    await service.flush();
    expect(await readdir(path.join(root, ".lackpy"))).toContain("ratchet.json");
  });

  it("does not promote while the model's answers to the same request disagree", async () => {
    const root = await workspace();
    const service = new LackpyService({
      workspace: root,
      config: config((c) => {
        c.inference.providers.ollama = { plugin: "ollama", host: url, model: "stub" };
        c.ratchet.auto = true;
        c.ratchet.minSuccesses = 2;
      }),
    });
    const outputs = [];
    for (let index = 0; index < 6; index++) {
      const result = await service.delegate("flaky: how many lines in README.md");
      expect(result).toMatchObject({ success: true, tier: "ollama" });
      expect(result.promoted).toBeNull();
      outputs.push(result.output);
    }
    // Both programs ran successfully twice or more, but they answer differently.
    expect(new Set(outputs)).toEqual(new Set([4, 7]));
    expect(await service.templates()).toEqual([]);
    await service.flush();
  });
});
