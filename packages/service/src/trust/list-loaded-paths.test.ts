import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { McpServerConfig } from "@lackpy/kit/node";
import {
  DEFAULT_CONFIG,
  type LackpyConfig,
  type ModuleToolConfig,
} from "../config/config-types.js";
import { listLoadedPaths } from "./list-loaded-paths.js";

const FILES: Record<string, string> = {
  "tools/x.mjs": `import { helper } from "./helper.mjs";\nimport "./lib/util";\nexport { y } from './missing.mjs';\nexport function x() { return helper; }\n`,
  "tools/helper.mjs": `export const helper = await import("../shared/deep.mjs");\n`,
  "tools/lib/util.js": `module.exports = require("./more");\n`,
  "tools/lib/more.js": "module.exports = 1;\n",
  "shared/deep.mjs": "export default 1;\n",
  "tools/plain.py": "print(1)\n",
  "node_modules/my-tools/package.json": `{"name":"my-tools","main":"index.js"}`,
  "node_modules/my-tools/index.js": "exports.t = () => 1;\n",
  "node_modules/@scope/kit/package.json": `{"name":"@scope/kit","main":"lib/index.js"}`,
  "node_modules/@scope/kit/lib/index.js": "exports.k = () => 1;\n",
  "package.json": `{"name":"self-tools","exports":{".":"./self.mjs"},"imports":{"#own":"./own.mjs"}}`,
  "self.mjs": "export const s = 1;\n",
  "own.mjs": "export const o = 1;\n",
  "mcp/server.mjs": `import "./handlers.mjs";\n`,
  "mcp/handlers.mjs": "\n",
  "mcp/conf.json": "{}",
  "bin/serve": "#!/bin/sh\n",
  "README.md": "# hi\n",
};

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-loaded-"));
  for (const [file, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  await symlink("tools/plain.py", path.join(root, "link.py"));
});

afterAll(() => rm(root, { recursive: true, force: true }));

function tool(module: string): ModuleToolConfig {
  return { provider: "module", module, export: "x" };
}

async function listed(
  change: Partial<Pick<LackpyConfig, "tools" | "mcpServers">> & { kit?: string },
) {
  const config = {
    tools: change.tools ?? {},
    mcpServers: change.mcpServers ?? {},
    kit: { default: change.kit ?? DEFAULT_CONFIG.kit.default },
  };
  return (await listLoadedPaths(config, { workspace: root })).map((entry) => entry.path);
}

const server = (config: McpServerConfig) => ({ demo: config });

describe("listLoadedPaths", () => {
  it.each<[string, Parameters<typeof listed>[0], string[]]>([
    ["nothing for the default config", {}, []],
    [
      "a module tool and the modules it imports by relative path, missing ones too",
      { tools: { x: tool("./tools/x.mjs") } },
      [
        "shared/deep.mjs",
        "tools/helper.mjs",
        "tools/lib/more.js",
        "tools/lib/util.js",
        "tools/missing.mjs",
        "tools/x.mjs",
      ],
    ],
    ["a ./ module that does not exist yet", { tools: { x: tool("./later.mjs") } }, ["later.mjs"]],
    [
      "a module through a symlink, and its target",
      { tools: { x: tool("./link.py") } },
      ["link.py", "tools/plain.py"],
    ],
    ["nothing for a file: URL that is not absolute", { tools: { x: tool("file:TOOLS") } }, []],
    ["a bare package", { tools: { t: tool("my-tools") } }, ["node_modules/my-tools"]],
    ["a scoped package", { tools: { k: tool("@scope/kit") } }, ["node_modules/@scope/kit"]],
    [
      "a package that is not installed, and the package.json that could name it",
      { tools: { n: tool("not-installed/sub") } },
      ["node_modules/not-installed", "package.json"],
    ],
    [
      "the workspace's own package, by its name",
      { tools: { s: tool("self-tools") } },
      ["node_modules/self-tools", "package.json", "self.mjs"],
    ],
    ["a package.json import", { tools: { o: tool("#own") } }, ["own.mjs", "package.json"]],
    ["a module outside the workspace", { tools: { o: tool("../elsewhere.mjs") } }, []],
    [
      "an MCP script, its imports and a path option",
      {
        mcpServers: server({
          command: "node",
          args: ["mcp/server.mjs", "--config=./mcp/conf.json", "--stdio", "-v"],
        }),
      },
      ["mcp/conf.json", "mcp/handlers.mjs", "mcp/server.mjs"],
    ],
    [
      "an MCP command that is a path",
      { mcpServers: server({ command: "./bin/serve", args: ["serve"] }) },
      ["bin/serve"],
    ],
    [
      "MCP paths relative to the server's cwd",
      { mcpServers: server({ command: "node", args: ["server.mjs", "conf.json"], cwd: "mcp" }) },
      ["mcp/conf.json", "mcp/handlers.mjs", "mcp/server.mjs"],
    ],
    [
      "no MCP command on PATH, URL, bare word, the root, or a path outside",
      {
        mcpServers: server({
          command: "npx",
          args: [
            "-y",
            "some-server",
            "https://example.com/x.json",
            ".",
            "..",
            "../x.mjs",
            "--flag=on",
          ],
        }),
      },
      [],
    ],
    [
      "nothing for an HTTP MCP server",
      { mcpServers: server({ url: "http://127.0.0.1:1/mcp" }) },
      [],
    ],
    ["a default kit given as a path", { kit: "kits/mine.kit" }, ["kits/mine.kit"]],
  ])("lists %s", async (_name, change, expected) => {
    expect(await listed(change)).toEqual(expected);
  });

  it("resolves a file: URL module", async () => {
    const url = pathToFileURL(path.join(root, "tools/plain.py")).href;
    expect(await listed({ tools: { x: tool(url) } })).toEqual(["tools/plain.py"]);
  });

  it("says what loads each path", async () => {
    const entries = await listLoadedPaths(
      {
        tools: { x: tool("./tools/helper.mjs"), t: tool("my-tools") },
        mcpServers: server({ command: "node", args: ["mcp/server.mjs"] }),
        kit: { default: "readonly" },
      },
      { workspace: root },
    );
    expect(entries).toMatchInlineSnapshot(`
      [
        {
          "path": "mcp/handlers.mjs",
          "reason": "a module imported by an argument of MCP server 'demo' ([mcp_servers.demo] in .lackpy/config.toml)",
        },
        {
          "path": "mcp/server.mjs",
          "reason": "an argument of MCP server 'demo' ([mcp_servers.demo] in .lackpy/config.toml)",
        },
        {
          "path": "node_modules/my-tools",
          "reason": "the package of tool 't' ([tools.t] in .lackpy/config.toml)",
        },
        {
          "path": "shared/deep.mjs",
          "reason": "a module imported by the module of tool 'x' ([tools.x] in .lackpy/config.toml)",
        },
        {
          "path": "tools/helper.mjs",
          "reason": "the module of tool 'x' ([tools.x] in .lackpy/config.toml)",
        },
      ]
    `);
  });
});
