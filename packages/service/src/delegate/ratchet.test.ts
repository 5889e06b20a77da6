import { cp, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG, type LackpyConfig } from "../config/config-types.js";
import { CONFIG_TEMPLATE } from "../config/init-workspace.js";
import { parseConfig } from "../config/load-config.js";
import { LackpyService } from "../lackpy-service.js";
import { failedOnRequestValues } from "./ratchet.js";
import { templateNameFor } from "./template-name.js";
import { startOllamaStub, type OllamaStub } from "../__fixtures__/ollama-stub.js";

const EXAMPLE = fileURLToPath(new URL("../../../../examples/workspace", import.meta.url));
const workspaces: string[] = [];
let stub: OllamaStub;
let answer: (intent: string) => string;

beforeEach(async () => {
  answer = () => '```js\n"capital of " + country\n```';
  stub = await startOllamaStub((intent) => answer(intent));
});
afterEach(() => stub.close());
const opened: LackpyService[] = [];
afterAll(async () => {
  // Write what is pending before the workspaces go.
  for (const lackpy of opened) await lackpy.flush();
  await Promise.all(workspaces.map((directory) => rm(directory, { recursive: true, force: true })));
});

async function service(change: (config: LackpyConfig) => void = () => undefined) {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-ratchet-e2e-"));
  workspaces.push(root);
  await cp(EXAMPLE, root, { recursive: true });
  const config = structuredClone(DEFAULT_CONFIG);
  config.run.mode = "in-process";
  config.inference.providers.ollama = { plugin: "ollama", host: stub.url, model: "stub" };
  config.ratchet.auto = true;
  change(config);
  const lackpy = new LackpyService({ workspace: root, config });
  opened.push(lackpy);
  return lackpy;
}

const INTENT = "name the capital of the country";

describe("the ratchet, through the service", () => {
  it("promotes a request that reads a param after the default number of agreeing runs, then answers it from tier 0 with no model request", async () => {
    const lackpy = await service();
    const runs = DEFAULT_CONFIG.ratchet.minSuccesses;
    for (let run = 1; run < runs; run++) {
      const result = await lackpy.delegate(INTENT, { params: { country: "FR" } });
      expect(result).toMatchObject({ success: true, tier: "ollama", output: "capital of FR" });
      expect(result.promoted).toBeNull();
    }
    const promoting = await lackpy.delegate(INTENT, { params: { country: "FR" } });
    expect(promoting.promoted).toEqual({ template: templateNameFor(INTENT), agreeingRuns: runs });
    expect(stub.chats).toBe(runs);
    expect(await lackpy.templates()).toMatchObject([
      {
        name: templateNameFor(INTENT),
        pattern: INTENT,
        params: ["country"],
        program: '"capital of " + country',
      },
    ]);
    for (const [intent, country] of [
      ["Name the capital of the COUNTRY.", "DE"],
      ["  name   the capital of the country?!", "IT"],
      [INTENT, "FR"],
    ]) {
      const served = await lackpy.delegate(intent, { params: { country } });
      expect(served).toMatchObject({
        success: true,
        tier: "templates",
        output: `capital of ${country}`,
        promoted: null,
      });
    }
    expect(stub.chats).toBe(runs);
    expect((await lackpy.template(templateNameFor(INTENT))).successCount).toBe(3);
    // Without the param the template does not fit, so it is not served.
    const without = await lackpy.delegate(INTENT);
    expect(without.tier).not.toBe("templates");
    expect(stub.chats).toBeGreaterThan(runs);
    await lackpy.close();
  });

  it("shows its progress in status: the request on its way with its successes of the number needed, then the tiers that answered", async () => {
    const lackpy = await service();
    const needed = DEFAULT_CONFIG.ratchet.minSuccesses;
    expect((await lackpy.status()).ratchet).toEqual({
      auto: true,
      minSuccesses: needed,
      demoteAfterFailures: DEFAULT_CONFIG.ratchet.demoteAfterFailures,
      candidates: [],
      candidateCount: 0,
      demoted: [],
      recent: { delegates: 0, window: 50, byTier: [] },
    });
    for (let run = 1; run < needed; run++) {
      await lackpy.delegate(`Name the capital of the country.`, { params: { country: "FR" } });
      expect((await lackpy.status()).ratchet).toMatchObject({
        candidates: [
          {
            intent: INTENT,
            kit: "readonly",
            successes: run,
            needed,
            program: '"capital of " + country',
            lastSuccessAt: expect.stringMatching(/^\d{4}-/),
          },
        ],
        candidateCount: 1,
      });
    }
    expect((await lackpy.delegate(INTENT, { params: { country: "FR" } })).promoted).not.toBeNull();
    await lackpy.delegate(INTENT, { params: { country: "DE" } });
    answer = () => 'read_file("nope.txt")';
    expect(await lackpy.delegate("read the notes")).toMatchObject({
      success: false,
      tier: "ollama",
    });
    const status = (await lackpy.status()).ratchet;
    expect(status.candidates).toEqual([]);
    expect(status.recent).toEqual({
      delegates: needed + 2,
      window: 50,
      byTier: [
        { tier: "ollama", delegates: needed + 1, failed: 1 },
        { tier: "templates", delegates: 1, failed: 0 },
      ],
    });
    // The promoted file says who wrote it.
    expect(await lackpy.template(templateNameFor(INTENT))).toMatchObject({ origin: "ratchet" });
    const text = await readFile(
      path.join(lackpy.workspace, ".lackpy", "templates", `${templateNameFor(INTENT)}.tmpl`),
      "utf8",
    );
    expect(text).toContain("\norigin: ratchet\n");
  });

  it("counts one request per param value: other values do not break the agreement", async () => {
    answer = () => 'read_file("README.md").length + country.length';
    const lackpy = await service((config) => (config.ratchet.minSuccesses = 2));
    expect((await lackpy.delegate(INTENT, { params: { country: "FR" } })).promoted).toBeNull();
    expect((await lackpy.delegate(INTENT, { params: { country: "DEU" } })).promoted).toBeNull();
    expect((await lackpy.delegate(INTENT, { params: { country: "FR" } })).promoted).toMatchObject({
      agreeingRuns: 2,
    });
  });

  it.each([
    ["a comment", "// nothing to do here", "// nothing to do here"],
    ["empty statements", ";;", ";;"],
    ["an empty fence", "```js\n\n```", ""],
  ])("never promotes an empty program (%s)", async (_name, raw, program) => {
    answer = () => raw;
    const lackpy = await service((config) => (config.ratchet.minSuccesses = 1));
    for (let run = 0; run < 4; run++) {
      const result = await lackpy.delegate("do nothing at all");
      expect(result.promoted ?? null).toBeNull();
    }
    expect(await lackpy.templates()).toEqual([]);
    expect(await lackpy.templateProblems()).toEqual([]);
    await expect(lackpy.create(program, { name: "empty" })).rejects.toMatchObject({
      code: "invalid_program",
      message: "The program is empty, so it was not saved.",
    });
  });

  it("records a failed promotion where status and the template problems show it, and keeps it across processes", async () => {
    const lackpy = await service((config) => (config.ratchet.minSuccesses = 1));
    // Another program already has the name the promotion wants.
    await lackpy.create(`"something else"`, { name: templateNameFor(INTENT) });
    const result = await lackpy.delegate(INTENT, { params: { country: "FR" } });
    expect(result).toMatchObject({ success: true, tier: "ollama", promoted: null });
    const problems = [
      {
        code: "template_exists",
        intent: INTENT,
        template: templateNameFor(INTENT),
        message: `promoting '${INTENT}' to ${templateNameFor(INTENT)} failed: A template named '${templateNameFor(INTENT)}' already exists.`,
        hint: "choose another name, or pass force to replace it",
      },
    ];
    expect(await lackpy.templateProblems()).toMatchObject(problems);
    expect((await lackpy.status()).templateProblems).toMatchObject(problems);
    await lackpy.close();
    const again = await LackpyService.open({
      workspace: lackpy.workspace,
      config: lackpy.config(),
    });
    expect((await again.status()).templateProblems).toMatchObject(problems);
  });

  it("promotes nothing while auto is off, and writes no history", async () => {
    const lackpy = await service((config) => (config.ratchet.auto = false));
    for (let run = 0; run < 4; run++)
      expect((await lackpy.delegate(INTENT, { params: { country: "FR" } })).promoted).toBeNull();
    await lackpy.close();
    // The workspace has no .lackpy folder: not even the tiers that answered are kept.
    await expect(
      readFile(path.join(lackpy.workspace, ".lackpy", "ratchet.json")),
    ).rejects.toThrow();
  });

  it("counts no program while auto is off, only the tiers that answered, in a workspace with .lackpy", async () => {
    const lackpy = await service((config) => (config.ratchet.auto = false));
    await mkdir(path.join(lackpy.workspace, ".lackpy"));
    for (let run = 0; run < 4; run++)
      expect((await lackpy.delegate(INTENT, { params: { country: "FR" } })).promoted).toBeNull();
    await lackpy.close();
    const history = JSON.parse(
      await readFile(path.join(lackpy.workspace, ".lackpy", "ratchet.json"), "utf8"),
    );
    expect(history).toMatchObject({ programs: {}, answers: {}, failures: {} });
    expect(history.recent).toHaveLength(4);
    expect((await lackpy.status()).ratchet).toMatchObject({
      auto: false,
      candidates: [],
      recent: { delegates: 4, byTier: [{ tier: "ollama", delegates: 4, failed: 0 }] },
    });
  });
});

describe("failedOnRequestValues", () => {
  const call = (tool: string, args: unknown[], success = false) => ({
    step: 1,
    tool,
    args,
    result: null,
    durationMs: 0,
    success,
    error: success ? null : "failed",
  });
  const toolError = {
    code: "tool_error" as const,
    message: "x",
    tool: "read_file",
    retriable: true,
  };
  it.each([
    ["a missing file the request named", toolError, [call("read_file", ["READNE.md"])], true],
    [
      "the last failed call, after a successful one",
      toolError,
      [call("find_files", ["*.md"], true), call("read_file", ["docs/nope.md"])],
      true,
    ],
    [
      "a path the template built from the value",
      toolError,
      [call("read_file", ["READNE.md.bak"])],
      false,
    ],
    ["a path the template wrote itself", toolError, [call("read_file", ["fixed.txt"])], false],
    [
      "an error the tool does not call retriable",
      { ...toolError, retriable: undefined },
      [call("read_file", ["READNE.md"])],
      false,
    ],
    [
      "a run error that is not a tool's",
      { code: "runtime_error" as const, message: "x" },
      [call("read_file", ["READNE.md"])],
      false,
    ],
    ["a failed call of another tool", toolError, [call("find_files", ["READNE.md"])], false],
    ["no failed call", toolError, [call("read_file", ["READNE.md"], true)], false],
  ])("%s", (_name, error, trace, expected) => {
    expect(failedOnRequestValues({ error, trace }, ["READNE.md", "docs/nope.md", "", 3])).toBe(
      expected,
    );
  });
});

describe("the config lackpy init writes", () => {
  it("turns the ratchet on, with the default threshold and demotion", () => {
    expect(parseConfig(CONFIG_TEMPLATE).ratchet).toEqual({
      ...DEFAULT_CONFIG.ratchet,
      auto: true,
    });
  });
});
