import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DEFAULT_CONFIG } from "../config/config-types.js";
import { LackpyService } from "../lackpy-service.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdapterError } from "./adapter-error.js";
import type { LackpyToolOptions } from "./lackpy-tool-options.js";
import { prepareLackpy } from "./prepare-lackpy.js";
import { toolDescription } from "./tool-description.js";

let workspace: string;
let service: LackpyService;

beforeAll(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-prepare-"));
  await writeFile(path.join(workspace, "notes.txt"), "one\ntwo\n");
  service = await LackpyService.open({ workspace, env: {} });
});

afterAll(async () => {
  await service.close();
  await rm(workspace, { recursive: true, force: true });
});

describe("prepareLackpy", () => {
  it.each<[string, () => LackpyToolOptions, string]>([
    ["neither workspace nor service", () => ({}), "exactly one of workspace and service"],
    ["both", () => ({ workspace, service }), "exactly one of workspace and service"],
    ["an unknown mode", () => ({ service, mode: "chat" as never }), "'chat' is not a lackpy"],
    ["a zero result size", () => ({ service, maxResultChars: 0 }), "maxResultChars must be"],
    ["a fractional result size", () => ({ service, maxResultChars: 1.5 }), "not 1.5"],
    ["an unknown trace detail", () => ({ service, trace: "all" as never }), "'all' is not a trace"],
  ])("refuses %s with invalid_option", async (_, options, message) => {
    const error = await prepareLackpy(options()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AdapterError);
    expect(error).toMatchObject({ code: "invalid_option", hint: expect.any(String) });
    expect((error as Error).message).toContain(message);
  });

  it("refuses an unknown kit when the tool is built, naming the kits that exist", async () => {
    await expect(prepareLackpy({ service, kit: "everything" })).rejects.toMatchObject({
      code: "unknown_kit",
      hint: expect.stringContaining("readonly"),
    });
  });

  it("refuses a kit above the workspace's policy when the tool is built", async () => {
    const strict = new LackpyService({
      workspace,
      env: {},
      config: { ...structuredClone(DEFAULT_CONFIG), policy: { maxGradeW: 1 } },
    });
    await expect(prepareLackpy({ service: strict, kit: "files" })).rejects.toMatchObject({
      code: "policy_refused",
    });
  });

  it("uses the workspace's default kit and opens the workspace it is given", async () => {
    const lackpy = await prepareLackpy({ workspace });
    expect(lackpy.kitName).toBe(DEFAULT_CONFIG.kit.default);
    expect(lackpy.mode).toBe("program");
    expect(await lackpy.execute('read_file("notes.txt").split("\\n").length')).toEqual({
      success: true,
      output: 3,
      trace: [{ tool: "read_file", calls: 1, totalMs: expect.any(Number) }],
    });
    await lackpy.service.close();
  });

  it("passes params, rules and limits to every run", async () => {
    const lackpy = await prepareLackpy({
      service,
      kit: "readonly",
      params: { name: "notes.txt" },
      rules: ["no_loops"],
      limits: { maxToolCalls: 1 },
    });
    expect(await lackpy.execute("read_file(name).length")).toMatchObject({
      success: true,
      output: 8,
    });
    expect(await lackpy.execute("for (const i of range(2)) read_file(name)")).toMatchObject({
      success: false,
      error: { code: "invalid_program", errors: [{ code: "rule_violation" }] },
    });
    expect(await lackpy.execute("read_file(name)\nread_file(name)")).toMatchObject({
      success: false,
      error: { code: "limit_tool_calls", line: 2 },
      trace: [{ tool: "read_file", calls: 1 }],
    });
  });
});

describe("prepareLackpy's execute", () => {
  it("gives the model's mistake back as an error value with its hint, not a throw", async () => {
    const lackpy = await prepareLackpy({ service, kit: "readonly", mode: "delegate" });
    expect(lackpy.description).toContain("give the intent in words");
    expect(await lackpy.execute("  ")).toEqual({
      success: false,
      error: {
        code: "empty_intent",
        message: "The intent is empty: say what you want in words.",
        hint: 'e.g. "list all python files" or "count the TODO lines in src"',
      },
      trace: [],
    });
  });

  it("says a tool of another kit is the host's to give, not the model's", async () => {
    const lackpy = await prepareLackpy({ service, kit: "readonly" });
    const result = (await lackpy.execute('write_file("a.txt", "x")')) as {
      error: { errors: { message: string; hint: string }[] };
    };
    expect(result.error.errors[0]).toMatchObject({
      message: "'write_file' is not a tool of this kit; it is in kit files.",
      hint: `this tool's kit is set by its host (kit "files" has it): use only the tools listed in the description`,
    });
  });

  it.each([
    ["none", []],
    [
      "full",
      [expect.objectContaining({ tool: "read_file", args: ["notes.txt"], result: "one\ntwo\n" })],
    ],
  ] as const)("gives the trace %s when the options ask", async (trace, expected) => {
    const lackpy = await prepareLackpy({ service, kit: "readonly", trace });
    expect((await lackpy.execute('read_file("notes.txt")')).trace).toEqual(expected);
  });

  it("describes the kit with the one description builder", async () => {
    const lackpy = await prepareLackpy({ service, kit: "files" });
    expect(lackpy.description).toBe(toolDescription("program", await service.kitInfo("files")));
  });

  it("sizes results at maxResultChars with the service's markers", async () => {
    const lackpy = await prepareLackpy({ service, kit: "readonly", maxResultChars: 5 });
    expect(await lackpy.execute('read_file("notes.txt")')).toMatchObject({
      success: true,
      output: "one\nt…[truncated: 8 chars in full]",
      truncated: [{ part: "output", totalChars: 8, shownChars: 5 }],
    });
  });
});

describe("the README's agent example", () => {
  it("runs its program and gets the summarised result it names", async () => {
    const readme = await readFile(new URL("../../README.md", import.meta.url), "utf8");
    const [, program] = /await lackpy\.execute\('(.+)'\)/.exec(readme) ?? [];
    expect(program).toBe('len(find_files("**/*.ts"))');
    const lackpy = await prepareLackpy({ service, kit: "readonly" });
    expect(await lackpy.execute(program)).toMatchObject({
      success: true,
      output: 0,
      trace: [{ tool: "find_files", calls: 1 }],
    });
  });
});
