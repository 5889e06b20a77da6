import path from "node:path";
import { describe, expect, it } from "vitest";
import { readServerCommand } from "./read-server-command.js";
import { readServerEnv } from "./read-server-env.js";

const CWD = path.resolve("/ws");

/** The reading with code paths relative to `/ws` (`..` outside it), for the table. */
function read(command: string, args: string[]) {
  const reading = readServerCommand(command, args, CWD);
  return {
    code: reading.code.map(
      (entry) => path.relative(CWD, entry.absolute).split(path.sep).join("/") || ".",
    ),
    ...(reading.runner ? { runner: reading.runner } : {}),
    ...(reading.settingFiles
      ? { settings: reading.settingFiles.map((file) => path.relative(CWD, file)) }
      : {}),
    ...(reading.python ? { python: true } : {}),
  };
}

describe("readServerCommand", () => {
  it.each<[string, string, string[], ReturnType<typeof read>]>([
    // Interpreters: the script argument is code; options before it are skipped.
    [
      "node runs its script",
      "node",
      ["mcp/server.mjs", "--port", "1"],
      { code: ["mcp/server.mjs"] },
    ],
    [
      "node skips its options",
      "node",
      ["--no-warnings", "--env-file", ".env", "mcp/s.js"],
      { code: ["mcp/s.js"], settings: [".env"] },
    ],
    [
      "node --require and --import load code",
      "node",
      ["-r", "./hook/r.cjs", "--import=./hook/i.mjs", "srv/main.js"],
      { code: ["hook/r.cjs", "hook/i.mjs", "srv/main.js"] },
    ],
    [
      "node -e: inline code runs in the working folder",
      "node",
      ["-e", "import('./x.mjs')", "x.js"],
      { code: ["."] },
    ],
    [
      "node from an absolute path",
      "/usr/bin/node",
      ["srv/a.js"],
      { code: ["../usr/bin/node", "srv/a.js"] },
    ],
    [
      "node.exe on Windows",
      "C:\\node\\node.exe",
      ["srv/a.js"],
      {
        code: [
          path.relative(CWD, path.resolve(CWD, "C:\\node\\node.exe")).split(path.sep).join("/"),
          "srv/a.js",
        ],
      },
    ],
    [
      "tsx",
      "tsx",
      ["--tsconfig", "tsconfig.json", "srv/main.ts"],
      { code: ["srv/main.ts"], settings: ["tsconfig.json"] },
    ],
    [
      "deno run",
      "deno",
      ["run", "-A", "--config", "deno.json", "srv/main.ts"],
      { code: ["srv/main.ts"], settings: ["deno.json"] },
    ],
    ["bun with a file", "bun", ["srv/index.ts"], { code: ["srv/index.ts"] }],
    ["bun run with a file", "bun", ["run", "srv/index.ts"], { code: ["srv/index.ts"] }],
    ["bun run of a package script: the project", "bun", ["run", "mcp"], { code: ["."] }],
    [
      "python runs its script",
      "python3",
      ["-u", "server/main.py"],
      { code: ["server/main.py"], python: true },
    ],
    [
      "python3.12 and -W value",
      "python3.12",
      ["-W", "ignore", "s/m.py"],
      { code: ["s/m.py"], python: true },
    ],
    [
      "python -m imports from the working folder",
      "python",
      ["-m", "mypkg.server"],
      { code: ["."], python: true },
    ],
    ["python -Bm clusters", "python3", ["-Bm", "mypkg"], { code: ["."], python: true }],
    [
      "python -c imports from the working folder",
      "python3",
      ["-c", "import srv"],
      { code: ["."], python: true },
    ],
    [
      "uv run with a script",
      "uv",
      ["run", "--with", "mcp", "--env-file=.env", "srv/main.py"],
      { code: ["srv/main.py"], settings: [".env"], python: true },
    ],
    ["uv run of a command: the project", "uv", ["run", "my-server"], { code: ["."], python: true }],
    [
      "uv run --directory",
      "uv",
      ["run", "--directory", "srv", "main.py"],
      { code: ["srv", "main.py"], python: true },
    ],
    ["bash runs its script", "bash", ["scripts/start.sh"], { code: ["scripts/start.sh"] }],
    ["sh -c runs in the working folder", "sh", ["-c", "exec node x.js"], { code: ["."] }],
    // A command given by path is code itself.
    ["a command by path", "./bin/serve", ["--stdio"], { code: ["bin/serve"] }],
    [
      "a venv's python by path",
      ".venv/bin/python",
      ["srv/main.py"],
      { code: [".venv/bin/python", "srv/main.py"], python: true },
    ],
    // Package runners: the package is fetched; the rest is data.
    [
      "npx",
      "npx",
      ["-y", "@modelcontextprotocol/server-filesystem", "/ws/src"],
      { code: [], runner: { name: "npx", packages: ["@modelcontextprotocol/server-filesystem"] } },
    ],
    [
      "npx --package",
      "npx",
      ["--package=@x/pkg", "-y", "bin-name"],
      { code: [], runner: { name: "npx", packages: ["@x/pkg", "bin-name"] } },
    ],
    [
      "npm exec",
      "npm",
      ["exec", "--yes", "some-server"],
      { code: [], runner: { name: "npm exec", packages: ["some-server"] } },
    ],
    [
      "pnpm dlx",
      "pnpm",
      ["dlx", "some-server@1.2.3"],
      { code: [], runner: { name: "pnpm dlx", packages: ["some-server@1.2.3"] } },
    ],
    [
      "yarn dlx",
      "yarn",
      ["dlx", "-p", "pkg", "bin"],
      { code: [], runner: { name: "yarn dlx", packages: ["pkg", "bin"] } },
    ],
    [
      "bunx",
      "bunx",
      ["some-server", "./data"],
      { code: [], runner: { name: "bunx", packages: ["some-server"] } },
    ],
    [
      "bun x",
      "bun",
      ["x", "some-server"],
      { code: [], runner: { name: "bun x", packages: ["some-server"] } },
    ],
    [
      "uvx --from",
      "uvx",
      ["--from", "git+https://x/y", "srv"],
      { code: [], runner: { name: "uvx", packages: ["git+https://x/y", "srv"] } },
    ],
    [
      "uv tool run",
      "uv",
      ["tool", "run", "mcp-server-git"],
      { code: [], runner: { name: "uv tool run", packages: ["mcp-server-git"] } },
    ],
    [
      "pipx run",
      "pipx",
      ["run", "--spec", "pkg==1", "srv"],
      { code: [], runner: { name: "pipx run", packages: ["pkg==1", "srv"] } },
    ],
    // A local package is code on disk, run as it is at each start: like a script.
    [
      "npx of a package folder by absolute path",
      "npx",
      ["-y", "/ws/mcp/server", "--port", "1"],
      { code: ["mcp/server"], runner: { name: "npx", packages: ["/ws/mcp/server"] } },
    ],
    [
      "npx --package of a file: URL",
      "npx",
      ["--package=file:///ws/pkg", "bin"],
      { code: ["pkg"], runner: { name: "npx", packages: ["file:///ws/pkg", "bin"] } },
    ],
    [
      "npm exec of a name@file: spec",
      "npm",
      ["exec", "srv@file:/ws/srv.tgz"],
      { code: ["srv.tgz"], runner: { name: "npm exec", packages: ["srv@file:/ws/srv.tgz"] } },
    ],
    [
      "uvx --from a local project",
      "uvx",
      ["--from", "/ws/py/server", "srv"],
      { code: ["py/server"], runner: { name: "uvx", packages: ["/ws/py/server", "srv"] } },
    ],
    [
      "pipx run --spec file:",
      "pipx",
      ["run", "--spec", "file:/other/pkg", "srv"],
      {
        code: ["../other/pkg"],
        runner: { name: "pipx run", packages: ["file:/other/pkg", "srv"] },
      },
    ],
    [
      "npx --userconfig (an npmrc can set node-options)",
      "npx",
      ["--userconfig", "/ws/conf/npmrc", "-y", "srv"],
      { code: [], runner: { name: "npx", packages: ["srv"] }, settings: ["conf/npmrc"] },
    ],
    [
      "uvx --with-requirements and --with-editable",
      "uvx",
      ["--with-requirements=/ws/req.txt", "--with-editable", "/ws/lib", "srv"],
      {
        code: ["lib"],
        runner: { name: "uvx", packages: ["/ws/lib", "srv"] },
        settings: ["req.txt"],
      },
    ],
    [
      "a relative spec (resolved in the neutral folder, outside): data",
      "npx",
      ["-y", "./srv"],
      { code: [], runner: { name: "npx", packages: ["./srv"] } },
    ],
    // Project runners run the project in the working folder.
    ["npm run", "npm", ["run", "mcp"], { code: ["."] }],
    ["npm start", "npm", ["start"], { code: ["."] }],
    ["make", "make", ["serve"], { code: ["."] }],
    ["cargo run", "cargo", ["run", "--release"], { code: ["."] }],
    // Anything else is found on PATH: its arguments are data.
    [
      "a program on PATH",
      "docker",
      ["run", "-i", "--rm", "-v", "/ws/src:/src", "mcp/fs"],
      { code: [] },
    ],
    ["a server installed on PATH", "mcp-server-git", ["--repository", "."], { code: [] }],
  ])("reads %s", (_name, command, args, expected) => {
    expect(read(command, args)).toEqual(expected);
  });

  it.each<[string, Record<string, string>, string[]]>([
    [
      "NODE_OPTIONS modules",
      {
        NODE_OPTIONS:
          "--max-old-space-size=64 --require ./hook/r.cjs --import=./hook/i.mjs -r dotenv/config",
      },
      ["hook/r.cjs", "hook/i.mjs"],
    ],
    [
      "PYTHONPATH folders",
      { PYTHONPATH: ["lib", "/opt/py"].join(path.delimiter) },
      ["lib", "../opt/py"],
    ],
    [
      "NODE_PATH and PATH folders",
      { NODE_PATH: "vendor", PATH: ["./bin", "/usr/bin"].join(path.delimiter) },
      ["vendor", "bin", "../usr/bin"],
    ],
    [
      "preloaded files",
      { LD_PRELOAD: "./lib/x.so /usr/lib/y.so", BASH_ENV: "./env.sh" },
      ["lib/x.so", "../usr/lib/y.so", "env.sh"],
    ],
    ["other variables are data", { DATA_DIR: "./src", GITHUB_TOKEN: "./x" }, []],
  ])("reads code in a server's env: %s", (_name, env, expected) => {
    expect(
      readServerEnv(env, CWD).map((code) =>
        path.relative(CWD, code.absolute).split(path.sep).join("/"),
      ),
    ).toEqual(expected);
  });
});
