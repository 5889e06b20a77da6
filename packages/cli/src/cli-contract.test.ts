import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cp, mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { colorEnabled, memoryIo } from "./io/cli-io.js";
import { main } from "./main.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
const BIN = fileURLToPath(new URL("../bin/lackpy.js", import.meta.url));
const ESCAPE = String.fromCharCode(27);
/** The environment of a user's shell: no test or CI variables (citty drops colour for those). */
const PLAIN_ENV = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) => !/^(TEST|CI|VITEST.*|NO_COLOR|FORCE_COLOR)$/.test(key),
  ),
);
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-contract-"));
  await cp(EXAMPLE, path.join(root, "ws"), { recursive: true });
  await writeFile(path.join(root, "ws", "bad.js"), "var x = 1\n");
  await writeFile(path.join(root, "a-file.txt"), "not a folder\n");
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function lackpy(args: string[], options: { stdin?: string; cwd?: string } = {}) {
  const io = memoryIo({ cwd: options.cwd ?? path.join(root, "ws"), stdin: options.stdin });
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
}

/** Runs the built binary; resolves with the exit code and both streams, never rejects. */
function binary(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; closeStdout?: boolean; cwd?: string } = {},
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? path.join(root, "ws"),
      env: options.env ?? PLAIN_ENV,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    // The reader goes away at once, as `lackpy … | true` does.
    if (options.closeStdout) child.stdout.destroy();
    else child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

describe("--json prints exactly one JSON document on stdout", () => {
  it.each([
    [["validate", "missing.js"], 2, "usage"],
    [["run"], 2, "usage"],
    [["frob"], 2, "usage"],
    [["kit"], 2, "usage"],
    [["validate", "bad.js", "--frob"], 2, "usage"],
    [["run", "bad.js", "--timeout-ms", "-3"], 2, "usage"],
    [["validate", "bad.js", "--workspace", "../nowhere"], 2, "usage"],
    [["validate", "bad.js", "--kit", "nope"], 2, "unknown_kit"],
    [["delegate", "   "], 2, "empty_intent"],
    [["generate", ""], 2, "empty_intent"],
    [["toolbox", "show", "nope"], 2, "unknown_tool"],
    [["kit", "info", "nope"], 2, "unknown_kit"],
    [["template", "show", "nope"], 2, "unknown_template"],
    [["template", "restore", "nope"], 2, "unknown_template"],
    [["template", "restore", "../x"], 2, "invalid_name"],
  ])("for %j: exit %i, error code %s, nothing on stderr", async (args, exitCode, code) => {
    const { code: exit, out, err } = await lackpy([...args, "--json"]);
    expect(exit).toBe(exitCode);
    expect(err).toBe("");
    const document = JSON.parse(out);
    expect(document).toMatchObject({ success: false, error: { code } });
    expect(document.error.message.length).toBeGreaterThan(10);
    expect(out).not.toContain(ESCAPE);
  });

  it.each([
    [["run", "bad.js"], 1],
    [["validate", "bad.js"], 1],
    [["delegate", "list all python files"], 0],
    [["status"], 0],
    [["template", "list"], 0],
  ])("for %j: the command's own document (exit %i)", async (args, exitCode) => {
    const { code, out, err } = await lackpy([...args, "--json"]);
    expect(code).toBe(exitCode);
    expect(err).toBe("");
    expect(() => JSON.parse(out)).not.toThrow();
  });

  it("stays one document when the Ollama server answers an error without JSON", async () => {
    const stub = await plainErrorServer();
    const workspace = path.join(root, "ollama-500");
    await cp(EXAMPLE, workspace, { recursive: true });
    await mkdir(path.join(workspace, ".lackpy"));
    await writeFile(
      path.join(workspace, ".lackpy", "config.toml"),
      `[inference]\norder = ["ollama"]\nmax_attempts = 1\n[inference.providers.ollama]\nhost = "${stub.url}"\nmodel = "tiny:1b"\n`,
    );
    try {
      const { code, out, err } = await binary(["delegate", "summarise the project", "--json"], {
        cwd: workspace,
      });
      expect(code).toBe(1);
      const document = JSON.parse(out);
      expect(document.error.tiers).toEqual([
        {
          provider: "ollama",
          reason: `Ollama at ${stub.url} answered HTTP 500 for model tiny:1b: upstream exploded`,
        },
      ]);
      expect(err).toBe("");
    } finally {
      stub.server.close();
    }
  });
});

describe("a closed pipe is not a crash", () => {
  it.each([
    [["status"]],
    [["spec"]],
    [["delegate", "list all typescript files"]],
    [["delegate", "list all typescript files", "--json"]],
  ])("lackpy %j | true exits 0 quietly", async (args) => {
    const { code, err } = await binary(args, { closeStdout: true });
    expect(err).not.toMatch(/EPIPE|Error|at /);
    expect(code).toBe(0);
  });
});

describe("colour", () => {
  it.each([
    [true, {}, true],
    [false, {}, false],
    [true, { NO_COLOR: "1" }, false],
    [true, { NO_COLOR: "" }, true],
    [true, { TERM: "dumb" }, false],
  ])("a terminal %s with env %j allows colour: %s", (terminal, env, expected) => {
    expect(colorEnabled(terminal, env)).toBe(expected);
  });

  it.each([[["--help"]], [["run", "--help"]], [["validate", "bad.js"]], [["frob"]]])(
    "lackpy %j writes no ANSI sequence when stdout is a pipe",
    async (args) => {
      const { out, err } = await binary(args);
      expect(out + err).not.toContain(ESCAPE);
      expect(out + err).not.toBe("");
    },
  );
});

describe("--workspace", () => {
  const COMMANDS = [
    ["validate", "x.js"],
    ["run", "x.js"],
    ["delegate", "list files"],
    ["generate", "list files"],
    ["create", "x.js", "--name", "n"],
    ["init"],
    ["status"],
    ["kit", "list"],
    ["kit", "info", "files"],
    ["kit", "create", "k", "--tools", "read_file"],
    ["toolbox", "list"],
    ["toolbox", "show", "read_file"],
    ["template", "list"],
    ["template", "show", "t"],
    ["template", "test", "t"],
    ["template", "restore", "t"],
    ["provider", "list"],
    ["provider", "add", "anthropic"],
    ["mcp", "serve"],
    ["mcp", "init"],
  ];

  it.each(COMMANDS)("lackpy %s … refuses a missing folder and creates nothing", async (...args) => {
    const { code, out, err } = await lackpy([...args, "--workspace", "missing/deeper"], {
      cwd: root,
    });
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toBe("lackpy: --workspace missing/deeper: no such folder.\n");
    await expect(stat(path.join(root, "missing"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it.each(COMMANDS)("lackpy %s … refuses a file", async (...args) => {
    const { code, err } = await lackpy([...args, "--workspace=a-file.txt"], { cwd: root });
    expect(code).toBe(2);
    expect(err).toBe("lackpy: --workspace a-file.txt is a file, not a folder.\n");
  });
});

describe("the program shown to a person is runnable", () => {
  it.each([["list all typescript files"], ["list all python files"], ["read README.md"]])(
    "generate %j prints bound values, and running that text gives delegate's output",
    async (intent) => {
      const generated = await lackpy(["generate", intent]);
      expect(generated.code).toBe(0);
      expect(generated.out).toMatch(/^const \w+ = "/);
      await writeFile(path.join(root, "ws", "saved.js"), generated.out);
      const ran = await lackpy(["run", "saved.js"]);
      const delegated = await lackpy(["delegate", intent]);
      expect(ran.code).toBe(0);
      expect(delegated.code).toBe(0);
      expect(ran.out).toBe(delegated.out);
      expect(ran.out.length).toBeGreaterThan(2);
      expect(delegated.err).toContain(generated.out);
    },
  );

  it("binds a template's captures the same way", async () => {
    await lackpy(["create", "-", "--name", "line-count", "--pattern", "count lines of {file}"], {
      stdin: `len(read_file(file).split("\\n"))`,
    });
    const generated = await lackpy(["generate", "count lines of README.md"]);
    expect(generated.out).toBe(`const file = "README.md"\nlen(read_file(file).split("\\n"))\n`);
    const ran = await lackpy(["run", "-"], { stdin: generated.out });
    expect(ran.out).toBe((await lackpy(["delegate", "count lines of README.md"])).out);
  });
});

describe("when no tier can answer", () => {
  it("names each tier's reason, Ollama's host and model, and the next steps; never an API key for Ollama", async () => {
    const workspace = path.join(root, "no-tier");
    await cp(EXAMPLE, workspace, { recursive: true });
    await mkdir(path.join(workspace, ".lackpy"));
    const host = await closedPort();
    await writeFile(
      path.join(workspace, ".lackpy", "config.toml"),
      `[inference.providers.ollama]\nhost = "${host}"\nmodel = "tiny:1b"\n`,
    );
    const { code, out, err } = await lackpy(["delegate", "summarise the project"], {
      cwd: workspace,
    });
    expect(code).toBe(1);
    expect(out).toBe("");
    expect(err).toBe(
      [
        `No tier could write a program for "summarise the project":`,
        "  templates: no match",
        "  rules: no match; no rule reads 'summarise'",
        `  ollama: not available: no answer from Ollama at ${host} for model tiny:1b: fetch failed (ECONNREFUSED)`,
        `No rule covers this request. To teach one, write the program and save it as a template: lackpy create <file> --name <name> --pattern "summarise the project" (lackpy rules lists what the rules answer).`,
        "Next steps:",
        `  - start Ollama (ollama serve, listening at ${host}) and pull the model: ollama pull tiny:1b`,
        "  - or use Anthropic: set ANTHROPIC_API_KEY, then run lackpy provider add anthropic",
        "  - or reword the request as one the rules answer without a model: lackpy rules lists them",
        `  - or write the program yourself: lackpy spec shows the language, lackpy run <file> runs it, lackpy create <file> --name <name> --pattern "<intent>" saves it as a template`,
        "",
      ].join("\n"),
    );
    const json = JSON.parse(
      (await lackpy(["generate", "summarise the project", "--json"], { cwd: workspace })).out,
    );
    expect(json.error.hint).toContain(`ollama pull tiny:1b`);
    expect(json.error.didYouMean).toMatch(/^No rule covers this request\./);
    expect(json.error.tiers[2].reason).not.toMatch(/key/i);
  });
});

describe("broken user files and small contracts", () => {
  it("lists a junk .kit file as an error with its file name in kit list and status", async () => {
    const workspace = path.join(root, "junk-kit");
    await cp(EXAMPLE, workspace, { recursive: true });
    await mkdir(path.join(workspace, ".lackpy", "kits"), { recursive: true });
    await writeFile(path.join(workspace, ".lackpy", "kits", "junk.kit"), "{{ not a kit\n");
    const listed = await lackpy(["kit", "list"], { cwd: workspace });
    expect(listed.out).toMatch(/^junk +workspace error: \.lackpy\/kits\/junk\.kit:1: /m);
    const status = await lackpy(["status"], { cwd: workspace });
    expect(status.out).toMatch(/^problems {3}\.lackpy\/kits\/junk\.kit:1: /m);
    const json = JSON.parse((await lackpy(["status", "--json"], { cwd: workspace })).out);
    expect(json.problems).toEqual([
      {
        file: ".lackpy/kits/junk.kit",
        message: expect.stringMatching(/^\.lackpy\/kits\/junk\.kit:1: /),
      },
    ]);
  });

  it("lists every config problem, one per line", async () => {
    const workspace = path.join(root, "bad-config");
    await mkdir(path.join(workspace, ".lackpy"), { recursive: true });
    await writeFile(
      path.join(workspace, ".lackpy", "config.toml"),
      `[run]\nmode = "fast"\nmax_steps = 0\n[kit]\ndefualt = "x"\n`,
    );
    const { code, err } = await lackpy(["status"], { cwd: workspace });
    expect(code).toBe(2);
    const file = path.join(workspace, ".lackpy", "config.toml");
    expect(err).toBe(
      [
        `lackpy: ${file} has 3 problems: [invalid_config]`,
        `  ${file}:2: run.mode: must be one of "isolated", "in-process", not "fast"`,
        `  ${file}:3: run.max_steps: must be at least 1`,
        `  ${file}:5: kit.defualt: unknown key; known keys here: default`,
        "  hint: fix or remove each key; see docs/architecture.md for the config keys",
        "",
      ].join("\n"),
    );
  });

  it.each([
    [["create", "-", "--name", "twice"], `find_files("*")`],
    [["kit", "create", "twice", "--tools", "read_file"], ""],
  ])("names --force as typed when %j already exists", async (args, stdin) => {
    expect((await lackpy(args, { stdin })).code).toBe(0);
    const { code, err } = await lackpy(args, { stdin });
    expect(code).toBe(2);
    expect(err).toContain("  hint: choose another name, or add --force to replace it\n");
    expect((await lackpy([...args, "--force"], { stdin })).code).toBe(0);
  });
});

async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** An Ollama stand-in whose chat answers HTTP 500 with a plain-text body (the case the client logs about). */
async function plainErrorServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume();
    if (request.url === "/api/tags") {
      response.writeHead(200, { "content-type": "application/json" });
      return void response.end(JSON.stringify({ models: [{ name: "tiny:1b" }] }));
    }
    response.writeHead(500, { "content-type": "text/plain" });
    response.end("upstream exploded");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("help", () => {
  it.each([
    [["--help"]],
    [["run", "--help"]],
    [["template", "--help"]],
    [["mcp", "init", "--help"]],
  ])(
    "lackpy %s has no trailing spaces and no line over 80 columns off a terminal",
    async (args) => {
      const { code, out } = await lackpy(args);
      expect(code).toBe(0);
      for (const line of out.split("\n")) {
        expect(line, JSON.stringify(line)).not.toMatch(/ $/);
        expect(line.length, line).toBeLessThanOrEqual(80);
      }
    },
  );

  it("wraps to the terminal's width when it says one", async () => {
    const io = { ...memoryIo({ cwd: path.join(root, "ws") }), columns: 60 };
    expect(await main(["run", "--help"], io)).toBe(0);
    expect(Math.max(...io.out.split("\n").map((line) => line.length))).toBeLessThanOrEqual(60);
  });
});

describe("lackpy template test", () => {
  it("names each placeholder without a --param value, and how to give it", async () => {
    await lackpy(["create", "-", "--name", "show-kb", "--pattern", "show the kb {kb}"], {
      stdin: "read_file(kb)",
    });
    const missing = await lackpy(["template", "test", "show-kb"]);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(
      "lackpy: Template 'show-kb' reads 'kb', which no --param gives.\n" +
        "  hint: give each a value: lackpy template test show-kb --param kb=…\n",
    );
    const given = await lackpy(["template", "test", "show-kb", "--param", "kb=README.md"]);
    expect(given.code).toBe(0);
    expect(given.out).toContain("# ");
  });
});
