import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DEFAULT_ANTHROPIC_MODEL } from "@lackpy/infer";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG, DEFAULT_LIMIT_MAXIMA } from "./config-types.js";
import { CONFIG_TEMPLATE } from "./init-workspace.js";
import { loadConfig, locateKey, parseConfig } from "./load-config.js";
import { ServiceError } from "../service-error.js";

function problemOf(text: string): ServiceError {
  try {
    parseConfig(text, "/ws/.lackpy/config.toml");
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error("expected the config to be refused");
}

describe("parseConfig", () => {
  it("returns the defaults for an empty file", () => {
    expect(parseConfig("")).toEqual(DEFAULT_CONFIG);
  });

  it("defaults to infer's current Anthropic model, in the config init writes too", () => {
    expect(DEFAULT_CONFIG.inference.providers.anthropic.model).toBe(DEFAULT_ANTHROPIC_MODEL);
    expect(CONFIG_TEMPLATE).toContain(`# model = "${DEFAULT_ANTHROPIC_MODEL}"`);
    // The defaults, except the ratchet, which lackpy init turns on.
    expect(parseConfig(CONFIG_TEMPLATE)).toEqual({
      ...DEFAULT_CONFIG,
      ratchet: { ...DEFAULT_CONFIG.ratchet, auto: true },
    });
  });

  it("reads every section of the spec", () => {
    const config = parseConfig(`
[inference]
order = ["templates", "rules", "local"]

[inference.providers.local]
plugin = "ollama"
model = "qwen2.5-coder:1.5b"
host = "http://127.0.0.1:11434"
temperature = 0.1
keep_alive = "5m"

[kit]
default = "files"

[run]
timeout_ms = 2000
max_steps = 5000
max_tool_calls = 10
mode = "in-process"
max_children = 3

[run.maxima]
timeout_ms = 30000

[ratchet]
auto = true
min_successes = 2

[policy]
max_grade_w = 1

[tools.word_count]
provider = "module"
module = "./tools.mjs"
export = "wordCount"
args = ["text: string"]
grade_w = 0
effects_ceiling = 0
accepts_secrets = true
`);
    expect(config.inference.order).toEqual(["templates", "rules", "local"]);
    expect(config.inference.providers.local).toEqual({
      plugin: "ollama",
      model: "qwen2.5-coder:1.5b",
      host: "http://127.0.0.1:11434",
      temperature: 0.1,
      keepAlive: "5m",
    });
    expect(config.kit.default).toBe("files");
    expect(config.run).toEqual({
      mode: "in-process",
      limits: { ...DEFAULT_CONFIG.run.limits, timeoutMs: 2000, maxSteps: 5000, maxToolCalls: 10 },
      maxima: { ...DEFAULT_LIMIT_MAXIMA, timeoutMs: 30_000 },
      maxChildren: 3,
    });
    expect(config.ratchet).toMatchObject({ auto: true, minSuccesses: 2 });
    expect(config.policy.maxGradeW).toBe(1);
    expect(config.tools.word_count).toEqual({
      provider: "module",
      module: "./tools.mjs",
      export: "wordCount",
      args: ["text: string"],
      gradeW: 0,
      effectsCeiling: 0,
      acceptsSecrets: true,
    });
  });

  it.each([
    ["no [run] keys: the built-in maxima", "", DEFAULT_LIMIT_MAXIMA.timeoutMs],
    ["a maximum of its own", "[run.maxima]\ntimeout_ms = 40000", 40_000],
    ["a default above the built-in maximum, which raises it", "[run]\ntimeout_ms = 90000", 90_000],
    [
      "both, the maximum above the default",
      "[run]\ntimeout_ms = 90000\n[run.maxima]\ntimeout_ms = 120000",
      120_000,
    ],
  ])("caps requests with %s", (_name, text, maximum) => {
    expect(parseConfig(text).run.maxima.timeoutMs).toBe(maximum);
  });

  it("refuses a maximum below the default it caps, naming the key and line", () => {
    expect(() =>
      parseConfig("[run]\nmax_steps = 5000\n\n[run.maxima]\nmax_steps = 100\n", "c.toml"),
    ).toThrow(
      "c.toml:5: run.maxima.max_steps: is 100, below the default max_steps of 5000; a maximum must be at least the default.",
    );
    expect(() => parseConfig("[run.maxima]\ntimeout_ms = 10\n", "c.toml")).toThrow(
      "c.toml:2: run.maxima.timeout_ms: is 10, below the default timeout_ms of 30000; a maximum must be at least the default.",
    );
  });

  it("reports an unknown key with file, line and the known keys", () => {
    const error = problemOf(`[run]\ntimeout_ms = 10\ntimout = 5\n`);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.code).toBe("invalid_config");
    expect(error.line).toBe(3);
    expect(error.message).toMatchInlineSnapshot(
      `"/ws/.lackpy/config.toml:3: run.timout: unknown key; known keys here: timeout_ms, tool_timeout_ms, max_steps, max_tool_calls, max_size, max_output_bytes, memory_mb, mode, max_children, maxima."`,
    );
  });

  it("reports bad values with their key", () => {
    expect(problemOf(`[run]\nmode = "fast"`).message).toContain(
      `run.mode: must be one of "isolated", "in-process", not "fast"`,
    );
    expect(problemOf(`[run]\nmax_steps = -1`).message).toContain(
      "run.max_steps: must be at least 1",
    );
    expect(problemOf(`[ratchet]\nauto = "yes"`).message).toContain(
      "ratchet.auto: must be true or false",
    );
    expect(problemOf(`[policy]\nmax_grade_w = 1.5`).message).toContain("must be a whole number");
    expect(problemOf(`kit = 3`).message).toContain("kit: must be a table");
  });

  it("lists every problem with its line, not only the first", () => {
    const error = problemOf(`[run]\nmode = 1\nmax_steps = "x"\n[nonsense]\n`);
    expect(error.message).toMatchInlineSnapshot(`
      "/ws/.lackpy/config.toml has 3 problems:
        /ws/.lackpy/config.toml:2: run.mode: must be a string
        /ws/.lackpy/config.toml:3: run.max_steps: must be a number
        /ws/.lackpy/config.toml:4: nonsense: unknown key; known keys here: inference, kit, run, ratchet, policy, files, tools, store, mcp_servers"
    `);
    expect((error as unknown as { problems: unknown[] }).problems).toHaveLength(3);
  });

  it("reports TOML syntax errors with the line", () => {
    const error = problemOf(`[run]\ntimeout_ms = \n`);
    expect(error.code).toBe("invalid_config");
    expect(error.line).toBe(2);
    expect(error.message).toMatch(/^\/ws\/\.lackpy\/config\.toml:2: not valid TOML/);
  });

  it("reads [files] protected globs and names a bad one with file, line and key", () => {
    expect(parseConfig(`[files]\nprotected = ["secrets/**", "**/*.pem"]\n`).files).toEqual({
      protected: ["secrets/**", "**/*.pem"],
      allowRead: [],
      allowWrite: [],
    });
    expect(parseConfig("").files).toEqual({ protected: [], allowRead: [], allowWrite: [] });
    const error = problemOf(`[files]\nprotected = ["ok/**", "../outside"]\n`);
    expect(error.line).toBe(2);
    expect(error.message).toMatchInlineSnapshot(
      `"/ws/.lackpy/config.toml:2: files.protected: the glob "../outside" uses .., which cannot match a workspace-relative path."`,
    );
    expect(problemOf(`[files]\nprotected = "secrets"\n`).message).toContain(
      "files.protected: must be a list of strings",
    );
    expect(
      problemOf(
        `[files]\nprotected = ["{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}"]\n`,
      ).message,
    ).toContain("is refused: The pattern's braces stand for more than 1024 patterns");
    expect(problemOf(`[files]\nprotect = []\n`).message).toContain(
      "files.protect: unknown key; known keys here: protected, allow_read, allow_write",
    );
  });

  it("reads [files] allow_read and allow_write, and names each bad glob with file, line and key", () => {
    expect(
      parseConfig(`[files]\nallow_read = [".vscode/settings.json"]\nallow_write = [".github/**"]\n`)
        .files,
    ).toEqual({
      protected: [],
      allowRead: [".vscode/settings.json"],
      allowWrite: [".github/**"],
    });
    const error = problemOf(
      `[files]\nallow_read = ["**", ".git/**"]\nallow_write = ["/abs", "**/.env"]\n`,
    );
    expect(error.line).toBe(2);
    expect(error.message).toMatchInlineSnapshot(`
      "/ws/.lackpy/config.toml has 3 problems:
        /ws/.lackpy/config.toml:2: files.allow_read: the glob ".git/**" names '.git', which lackpy never opens (version-control data, settings and hooks)
        /ws/.lackpy/config.toml:3: files.allow_write: the glob "/abs" is absolute; these globs are relative to the workspace root
        /ws/.lackpy/config.toml:3: files.allow_write: the glob "**/.env" names '.env', which lackpy never opens (environment secrets)"
    `);
    expect(problemOf(`[files]\nallow_write = ".github/**"\n`).message).toContain(
      "files.allow_write: must be a list of strings",
    );
    expect(problemOf(`[files]\nallow_read = [1]\n`).message).toContain(
      "files.allow_read: must be a list of strings",
    );
  });

  it("refuses an order that names an undefined provider", () => {
    expect(problemOf(`[inference]\norder = ["templates", "gpt"]`).message).toContain(
      "names provider 'gpt'",
    );
  });
});

describe("locateKey", () => {
  it("finds keys under nested table headers", () => {
    const text = `[inference]\norder = []\n[inference.providers.local]\nplugin = "ollama"\nmodel = "m"\n`;
    expect(locateKey(text, "inference.providers.local.model")).toBe(5);
    expect(locateKey(text, "inference.providers.local")).toBe(3);
  });
});

describe("loadConfig", () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it("uses the defaults when the workspace has no config", async () => {
    const workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-config-"));
    dirs.push(workspace);
    expect(await loadConfig(workspace)).toEqual(DEFAULT_CONFIG);
  });

  it("reads .lackpy/config.toml and names it in errors", async () => {
    const workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-config-"));
    dirs.push(workspace);
    await mkdir(path.join(workspace, ".lackpy"));
    await writeFile(path.join(workspace, ".lackpy", "config.toml"), `[kit]\ndefault = "files"\n`);
    expect((await loadConfig(workspace)).kit.default).toBe("files");
    await writeFile(path.join(workspace, ".lackpy", "config.toml"), `[kit]\ndefualt = "files"\n`);
    await expect(loadConfig(workspace)).rejects.toThrow(
      `${path.join(workspace, ".lackpy", "config.toml")}:2: kit.defualt: unknown key`,
    );
  });
});
