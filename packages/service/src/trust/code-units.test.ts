import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { McpServerConfig } from "@lackpy/kit/node";
import {
  DEFAULT_CONFIG,
  type LackpyConfig,
  type ModuleToolConfig,
} from "../config/config-types.js";
import { codeUnits, namesCode } from "./code-units.js";
import { relativeInside, type CodeUnit } from "./code-unit.js";

const FILES: Record<string, string> = {
  "tools/x.mjs": `import { h } from "./helper.mjs";\nimport "./lib";\nimport { d } from "../shared/deep.mjs";\nexport function x() { return h + d; }\n`,
  "tools/helper.mjs": "export const h = 1;\n",
  "tools/lib/index.js": "module.exports = 1;\n",
  "shared/deep.mjs": `export const d = require("./util");\n`,
  "shared/util.js": "module.exports = 1;\n",
  "root.mjs": "export function r() {}\n",
  "node_modules/my-tools/package.json": `{"name":"my-tools","main":"index.js"}`,
  "node_modules/my-tools/index.js": "exports.t = () => 1;\n",
  "package.json": `{"name":"self-tools","exports":{".":"./self.mjs"},"imports":{"#own":"./own/own.mjs"}}`,
  "self.mjs": "export const s = 1;\n",
  "own/own.mjs": "export const o = 1;\n",
  "mcp/server.mjs": `import "./handlers.mjs";\n`,
  "mcp/handlers.mjs": "\n",
  "py/main.py": "import helper\n",
  "py/helper.py": "\n",
  "server.py": "\n",
  "bin/serve": "#!/bin/sh\n",
  "src/data.txt": "data\n",
};

let root: string;
let outside: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-units-"));
  outside = await mkdtemp(path.join(os.tmpdir(), "lackpy-units-outside-"));
  for (const [file, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  await writeFile(path.join(outside, "tool.mjs"), "export function o() {}\n");
  await symlink(path.join(root, "tools"), path.join(root, "linked"));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

function tool(module: string): ModuleToolConfig {
  return { provider: "module", module, export: "x" };
}

/** A unit as the table reads it: each path workspace-relative (folders end with `/`), marked protected or fingerprinted only. */
function shown(unit: CodeUnit) {
  return {
    paths: unit.paths.map((entry) => {
      const relative = relativeInside(entry.absolute, { workspace: root });
      const where =
        relative === null ? `<outside>/${path.basename(entry.absolute)}` : relative || ".";
      return `${where}${entry.scope === "folder" ? "/" : ""} ${entry.protect ? "protected" : "fingerprinted"}`;
    }),
    ...(unit.problem ? { problem: unit.problem.message } : {}),
  };
}

async function unitOf(change: {
  tools?: Record<string, ModuleToolConfig>;
  servers?: Record<string, McpServerConfig>;
}) {
  const config: Pick<LackpyConfig, "tools" | "mcpServers" | "kit"> = {
    tools: change.tools ?? {},
    mcpServers: change.servers ?? {},
    kit: DEFAULT_CONFIG.kit,
  };
  const units = await codeUnits(config, { workspace: root, neutralDir: "/neutral" });
  return shown(units[2]);
}

describe("codeUnits", () => {
  it("lists the config and the kits first, and nothing needs trust without code", async () => {
    const units = await codeUnits(
      { tools: {}, mcpServers: {}, kit: { default: "kits/mine.kit" } },
      { workspace: root, neutralDir: "/neutral" },
    );
    expect(units.map((unit) => [unit.kind, shown(unit).paths])).toEqual([
      ["config", [".lackpy/config.toml fingerprinted"]],
      ["kits", [".lackpy/kits/ fingerprinted", "kits/mine.kit protected"]],
    ]);
    expect(namesCode(DEFAULT_CONFIG)).toBe(false);
    expect(namesCode({ tools: {}, mcpServers: { web: { url: "https://x/mcp" } } })).toBe(true);
  });

  it.each<[string, Parameters<typeof unitOf>[0], ReturnType<typeof shown>]>([
    [
      "a module tool: its whole folder, and imports outside it (with what would win over them)",
      { tools: { x: tool("./tools/x.mjs") } },
      {
        paths: [
          "tools/ protected",
          "shared/deep.mjs protected",
          "shared/util protected",
          "shared/util.js protected",
        ],
      },
    ],
    [
      "a module through a symlinked folder, and where it leads",
      { tools: { x: tool("./linked/helper.mjs") } },
      { paths: ["linked/ protected"] },
    ],
    [
      "a module in the workspace root: refused",
      { tools: { x: tool("./root.mjs") } },
      {
        paths: ["root.mjs protected"],
        problem:
          "Tool 'x' ([tools.x] in .lackpy/config.toml): the module 'root.mjs' lies in the workspace root; lackpy keeps the whole folder of the code it runs out of programs' reach, and cannot do that for the workspace root.",
      },
    ],
    [
      "a module in .lackpy/: refused",
      { tools: { x: tool("./.lackpy/x.mjs") } },
      {
        paths: [".lackpy/x.mjs protected"],
        problem:
          "Tool 'x' ([tools.x] in .lackpy/config.toml): the module '.lackpy/x.mjs' lies in .lackpy/; lackpy keeps the whole folder of the code it runs out of programs' reach, and cannot do that for .lackpy/.",
      },
    ],
    [
      "a module outside the workspace: the file alone",
      { tools: { o: tool("OUTSIDE/tool.mjs") } },
      { paths: ["<outside>/tool.mjs fingerprinted"] },
    ],
    [
      "a package: its folder",
      { tools: { t: tool("my-tools") } },
      { paths: ["node_modules/my-tools/ protected"] },
    ],
    [
      "a package that is not installed, and the package.json that could name it",
      { tools: { n: tool("not-installed") } },
      { paths: ["node_modules/not-installed/ protected", "package.json fingerprinted"] },
    ],
    [
      "the workspace's own package by name: its module is in the root, refused",
      { tools: { s: tool("self-tools") } },
      {
        paths: ["self.mjs protected", "package.json fingerprinted"],
        problem:
          "Tool 's' ([tools.s] in .lackpy/config.toml): the module 'self.mjs' lies in the workspace root; lackpy keeps the whole folder of the code it runs out of programs' reach, and cannot do that for the workspace root.",
      },
    ],
    [
      "a package.json import in a folder",
      { tools: { o: tool("#own") } },
      { paths: ["own/ protected", "package.json fingerprinted"] },
    ],
    [
      "a node server: the script's folder, and the package.json files that change how it loads",
      {
        servers: { demo: { command: "node", args: ["mcp/server.mjs", "--config=./src/data.txt"] } },
      },
      { paths: ["mcp/ protected", "package.json fingerprinted"] },
    ],
    [
      "a Python server: the script's folder (its sibling modules), no manifests",
      { servers: { py: { command: "python3", args: ["py/main.py"] } } },
      { paths: ["py/ protected"] },
    ],
    [
      "python -m from a folder of its own",
      { servers: { py: { command: "python3", args: ["-m", "main"], cwd: "py" } } },
      { paths: ["py/ protected"] },
    ],
    [
      "python -m from the workspace root: refused",
      { servers: { py: { command: "python3", args: ["-m", "server"] } } },
      {
        paths: [". protected"],
        problem:
          "MCP server 'py' ([mcp_servers.py] in .lackpy/config.toml): the folder python3 -m imports from is the workspace root; lackpy keeps the whole folder of the code it runs out of programs' reach, and cannot do that for the workspace root.",
      },
    ],
    [
      "a script in the workspace root: refused",
      { servers: { py: { command: "python3", args: ["server.py"] } } },
      {
        paths: ["server.py protected"],
        problem:
          "MCP server 'py' ([mcp_servers.py] in .lackpy/config.toml): the script 'server.py' lies in the workspace root; lackpy keeps the whole folder of the code it runs out of programs' reach, and cannot do that for the workspace root.",
      },
    ],
    [
      "a command by path",
      { servers: { bin: { command: "./bin/serve", args: ["src"] } } },
      { paths: ["bin/ protected"] },
    ],
    [
      "a package runner: no path, its data arguments neither",
      {
        servers: {
          files: {
            command: "npx",
            args: ["-y", "@modelcontextprotocol/server-filesystem", "ROOT/src", "./src"],
          },
        },
      },
      { paths: [] },
    ],
    [
      "a package runner with a cwd: refused",
      { servers: { files: { command: "npx", args: ["-y", "some-server"], cwd: "src" } } },
      {
        paths: [],
        problem:
          "MCP server 'files' is started by the package runner npx, which lackpy starts in a neutral folder outside the workspace so that the package never resolves to the workspace's own; [mcp_servers.files] cwd cannot change that.",
      },
    ],
    [
      "a project runner in the workspace root: refused",
      { servers: { run: { command: "npm", args: ["run", "mcp"] } } },
      {
        paths: [". protected"],
        problem:
          "MCP server 'run' ([mcp_servers.run] in .lackpy/config.toml): the project npm runs is the workspace root; lackpy keeps the whole folder of the code it runs out of programs' reach, and cannot do that for the workspace root.",
      },
    ],
    [
      "a program on PATH: its arguments are data",
      { servers: { git: { command: "mcp-server-git", args: ["--repository", "src"] } } },
      { paths: [] },
    ],
    [
      "an HTTP server: no path",
      { servers: { web: { url: "http://127.0.0.1:1/mcp" } } },
      { paths: [] },
    ],
    [
      "a Node builtin as a module: nothing on disk",
      { tools: { x: tool("node:os") } },
      { paths: [] },
    ],
    [
      "an env file node reads (it can set NODE_OPTIONS)",
      { servers: { demo: { command: "node", args: ["--env-file=.env", "mcp/server.mjs"] } } },
      { paths: ["mcp/ protected", ".env fingerprinted", "package.json fingerprinted"] },
    ],
    [
      "a module its env preloads (NODE_OPTIONS)",
      {
        servers: {
          demo: {
            command: "node",
            args: ["mcp/server.mjs"],
            env: { NODE_OPTIONS: "--require ./py/helper.py" },
          },
        },
      },
      { paths: ["mcp/ protected", "py/ protected", "package.json fingerprinted"] },
    ],
    [
      "a PYTHONPATH of the workspace root: refused",
      { servers: { py: { command: "python3", args: ["py/main.py"], env: { PYTHONPATH: "." } } } },
      {
        paths: ["py/ protected", ". protected"],
        problem:
          "MCP server 'py' ([mcp_servers.py] in .lackpy/config.toml): a path in its PYTHONPATH is the workspace root; lackpy keeps the whole folder of the code it runs out of programs' reach, and cannot do that for the workspace root.",
      },
    ],
    [
      "a PATH entry in the workspace, and none outside it",
      { servers: { bin: { command: "serve", env: { PATH: `./bin${path.delimiter}/usr/bin` } } } },
      { paths: ["bin/ protected"] },
    ],
    [
      "inline code runs in its working folder",
      { servers: { py: { command: "python3", args: ["-c", "import main"], cwd: "py" } } },
      { paths: ["py/ protected"] },
    ],
    [
      "inline code in the workspace root: refused",
      { servers: { sh: { command: "sh", args: ["-c", "node mcp/server.mjs"] } } },
      {
        paths: [". protected"],
        problem:
          "MCP server 'sh' ([mcp_servers.sh] in .lackpy/config.toml): the folder the inline code of sh -c runs in is the workspace root; lackpy keeps the whole folder of the code it runs out of programs' reach, and cannot do that for the workspace root.",
      },
    ],
  ])("lists %s", async (_name, change, expected) => {
    const replace = (value: string) => value.replace("OUTSIDE", outside).replace("ROOT", root);
    const tools = Object.fromEntries(
      Object.entries(change.tools ?? {}).map(([name, entry]) => [
        name,
        { ...entry, module: replace(entry.module) },
      ]),
    );
    const servers = Object.fromEntries(
      Object.entries(change.servers ?? {}).map(([name, entry]) => [
        name,
        { ...entry, ...(entry.args ? { args: entry.args.map(replace) } : {}) },
      ]),
    );
    expect(await unitOf({ tools, servers })).toEqual(expected);
  });

  it("starts a package runner in the neutral folder, with a PATH that holds no workspace folder", async () => {
    const [, , unit] = await codeUnits(
      {
        tools: {},
        mcpServers: { files: { command: "npx", args: ["-y", "x"], env: { A: "1" } } },
        kit: DEFAULT_CONFIG.kit,
      },
      {
        workspace: root,
        neutralDir: "/neutral",
        searchPath: [path.join(root, "node_modules/.bin"), "node_modules/.bin", "/usr/bin"].join(
          path.delimiter,
        ),
      },
    );
    expect(unit.start).toEqual({
      command: "npx",
      args: ["-y", "x"],
      cwd: "/neutral",
      env: { A: "1", PATH: "/usr/bin" },
    });
    expect(unit.runner).toEqual({ name: "npx", packages: ["x"] });
  });

  it("keeps a Python server from writing bytecode next to its code", async () => {
    const [, , unit] = await codeUnits(
      {
        tools: {},
        mcpServers: { py: { command: "python3", args: ["py/main.py"] } },
        kit: DEFAULT_CONFIG.kit,
      },
      { workspace: root, neutralDir: "/neutral", searchPath: "/usr/bin" },
    );
    expect(unit.start?.env).toEqual({ PATH: "/usr/bin", PYTHONDONTWRITEBYTECODE: "1" });
    expect(unit.start?.cwd).toBeUndefined();
  });
});
