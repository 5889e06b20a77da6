import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG, type LackpyConfig } from "../config/config-types.js";
import { LackpyService } from "../lackpy-service.js";
import { parseConfig } from "../config/load-config.js";

const FIXTURES = fileURLToPath(new URL("../../../kit/src/__fixtures__/", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../../../../examples/workspace", import.meta.url));
const STDIO = { command: process.execPath, args: [path.join(FIXTURES, "mcp-fixture-stdio.mjs")] };

let root: string;
let httpServer: ChildProcess;
let httpUrl: string;
let service: LackpyService;

function config(change: (config: LackpyConfig) => void = () => undefined): LackpyConfig {
  const copy = structuredClone(DEFAULT_CONFIG);
  copy.run.mode = "in-process";
  copy.mcpServers = { fx: { ...STDIO }, web: { url: httpUrl, prefix: "w_" } };
  change(copy);
  return copy;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-mcp-servers-"));
  await cp(EXAMPLE, root, { recursive: true });
  await mkdir(path.join(root, ".lackpy", "kits"), { recursive: true });
  await writeFile(
    path.join(root, ".lackpy", "kits", "remote.kit"),
    "# tools of two MCP servers and a builtin\nfx_add\nfx_slow\nfx_fail\nfx_pid\nw_echo\nread_file\n",
  );
  httpServer = spawn(process.execPath, [path.join(FIXTURES, "mcp-fixture-http.mjs"), "--serve"]);
  const [chunk] = (await once(httpServer.stdout!, "data")) as [Buffer];
  httpUrl = chunk.toString("utf8").trim();
  service = await LackpyService.open({ workspace: root, config: config() });
});

afterAll(async () => {
  await service.close();
  httpServer.kill();
  await rm(root, { recursive: true, force: true });
});

describe("MCP servers as kit tools", () => {
  it("runs a program that calls the tools of two MCP servers", async () => {
    const result = await service.runProgram(
      `const total = fx_add(2, 3)\nconst echoed = w_echo("hi", total)\nconst answer = [total, echoed.text.length, echoed.times]\nanswer`,
      { kit: "remote" },
    );
    expect(result.error).toBeNull();
    expect(result.output).toEqual([5, 10, 5]);
    expect(result.trace.map((call) => call.tool)).toEqual(["fx_add", "w_echo"]);
  });

  it("catches a wrong arity at validation, with the typed signature as the hint", async () => {
    const validation = await service.validate(`fx_add(1)`, { kit: "remote" });
    expect(validation.valid).toBe(false);
    expect(validation.errors[0]).toMatchObject({
      code: "bad_arity",
      message: "fx_add takes 2 arguments but was called with 1.",
      hint: "call it as fx_add(a, b)",
    });
    const optional = await service.validate(`w_echo("a", 1, 2)`, { kit: "remote" });
    expect(optional.errors[0].message).toBe("w_echo takes 1 to 2 arguments but was called with 3.");
  });

  it("describes MCP tools in the kit with types and grades", async () => {
    const info = await service.kitInfo("remote");
    expect(info.grade).toEqual({ w: 1, d: 0 });
    expect(info.tools.find((tool) => tool.name === "w_echo")).toMatchObject({
      args: [
        { name: "text", type: "string" },
        { name: "times", type: "integer", optional: true },
      ],
    });
    const kit = await service.resolveKit("remote");
    expect(kit.kit.description).toContain("fx_add(a: number, b: number) -> any — Add two numbers.");
  });

  it("turns an isError result into tool_error with the server's message", async () => {
    const result = await service.runProgram(`fx_fail()`, { kit: "remote" });
    expect(result.error).toMatchObject({
      code: "tool_error",
      message: "Tool fx_fail failed: the fixture refused",
      tool: "fx_fail",
    });
  });

  it("stops a call at the run's tool time limit", async () => {
    const result = await service.runProgram(`fx_slow(10000)`, {
      kit: "remote",
      limits: { toolTimeoutMs: 300 },
    });
    expect(result.error).toMatchObject({ code: "limit_tool_time", tool: "fx_slow" });
  });

  it("gives a tool_error naming the server when it is killed mid-call, and reconnects after", async () => {
    const pid = (await service.runProgram(`fx_pid()`, { kit: "remote" })).output as number;
    const running = service.runProgram(`fx_slow(10000)`, { kit: "remote" });
    setTimeout(() => process.kill(pid, "SIGKILL"), 300);
    const result = await running;
    expect(result.error).toMatchObject({
      code: "tool_error",
      message: "Tool fx_slow failed: MCP server 'fx' closed the connection during slow.",
    });
    const again = await service.runProgram(`fx_add(1, 1)`, { kit: "remote" });
    expect(again.output).toBe(2);
    expect((await service.runProgram(`fx_pid()`, { kit: "remote" })).output).not.toBe(pid);
  });

  it("refuses a kit whose MCP tools' grade is over the policy", async () => {
    const strict = await LackpyService.open({
      workspace: root,
      config: config((settings) => (settings.policy.maxGradeW = 2)),
    });
    try {
      await expect(strict.runProgram(`fx_wipe()`, { kit: ["fx_wipe"] })).rejects.toMatchObject({
        code: "policy_refused",
      });
      expect((await strict.kitInfo(["fx_write_note"])).grade).toEqual({ w: 2, d: 2 });
    } finally {
      await strict.close();
    }
  });

  it("starts no server for a kit without MCP tools, and names a server that cannot start", async () => {
    const broken = await LackpyService.open({
      workspace: root,
      config: config((settings) => {
        settings.mcpServers = { gone: { command: "lackpy-no-such-server" } };
      }),
    });
    try {
      expect((await broken.runProgram(`len(find_files("src/*.py"))`)).output).toBe(1);
      const error = await broken.validate(`gone_x()`, { kit: ["gone_x"] }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "mcp_server_unavailable" });
      expect((error as Error).message).toMatch(
        /^Kit 'custom' names the unknown tool 'gone_x'\. MCP server 'gone' is unavailable: .*ENOENT/,
      );
      await expect(broken.toolboxList()).rejects.toMatchObject({ code: "mcp_server_unavailable" });
    } finally {
      await broken.close();
    }
  });

  it("lists MCP tools in the toolbox and ends stdio servers on close", async () => {
    const own = await LackpyService.open({ workspace: root, config: config() });
    const names = (await own.toolboxList()).map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(["read_file", "fx_add", "fx_write_note", "w_echo"]),
    );
    const pid = (await own.runProgram(`fx_pid()`, { kit: ["fx_pid"] })).output as number;
    expect(() => process.kill(pid, 0)).not.toThrow();
    await own.close();
    expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe("[mcp_servers] in config.toml", () => {
  it("reads stdio and HTTP servers", () => {
    const parsed = parseConfig(
      [
        "[mcp_servers.gh]",
        'command = "npx"',
        'args = ["-y", "some-server"]',
        'env = { GITHUB_ORG = "lackpy" }',
        'inherit_env = ["GITHUB_TOKEN"]',
        'prefix = "gh_"',
        "timeout_ms = 5000",
        "[mcp_servers.docs]",
        'url = "https://example.test/mcp"',
        'bearer_token_env = "DOCS_TOKEN"',
        "connect_timeout_ms = 2000",
      ].join("\n"),
    );
    expect(parsed.mcpServers).toEqual({
      gh: {
        command: "npx",
        args: ["-y", "some-server"],
        env: { GITHUB_ORG: "lackpy" },
        inheritEnv: ["GITHUB_TOKEN"],
        prefix: "gh_",
        timeoutMs: 5000,
      },
      docs: {
        url: "https://example.test/mcp",
        bearerTokenEnv: "DOCS_TOKEN",
        connectTimeoutMs: 2000,
      },
    });
  });

  it.each([
    [
      '[mcp_servers.a]\nprefix = "a_"',
      "config.toml:1: mcp_servers.a: needs command (a stdio server) or url (a Streamable HTTP server).",
    ],
    [
      '[mcp_servers.a]\ncommand = "x"\nurl = "http://h/mcp"',
      "config.toml:1: mcp_servers.a: has both command and url; give command (stdio) or url (Streamable HTTP).",
    ],
    [
      '[mcp_servers.a]\nurl = "ftp://h"',
      "config.toml:2: mcp_servers.a.url: must be an http:// or https:// URL.",
    ],
    [
      '[mcp_servers.a]\ncommand = "x"\nprefix = "9-"',
      'config.toml:3: mcp_servers.a.prefix: "9-" cannot start a tool name: use letters, digits and _ (e.g. "a_").',
    ],
    [
      '[mcp_servers.a]\ncommand = "x"\nenv = { A = 1 }',
      'config.toml:3: mcp_servers.a.env: must be a table of strings, e.g. { NAME = "value" }.',
    ],
    [
      '[mcp_servers.a]\ncommand = "x"\ntimeout = 5',
      "config.toml:3: mcp_servers.a.timeout: unknown key; known keys here: command, args, env, inherit_env, cwd, url, headers, bearer_token_env, prefix, timeout_ms, connect_timeout_ms, accepts_secrets, requires_approval.",
    ],
    [
      '[mcp_servers.a]\nurl = "http://h/mcp"\nargs = ["x"]',
      "config.toml:3: mcp_servers.a.args: applies to stdio servers only.",
    ],
    [
      '[mcp_servers.a]\ncommand = "x"\nbearer_token_env = "T"',
      "config.toml:3: mcp_servers.a.bearer_token_env: applies to HTTP servers only.",
    ],
  ])("reports %j with the file, line and key", (text, message) => {
    expect(() => parseConfig(text)).toThrow(message);
  });
});
