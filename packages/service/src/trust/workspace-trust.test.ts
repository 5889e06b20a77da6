import { execFile } from "node:child_process";
import {
  appendFile,
  chmod,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import {
  startHttpFixture,
  type HttpFixture,
} from "../../../kit/src/__fixtures__/mcp-fixture-http.mjs";
import { LackpyService } from "../lackpy-service.js";
import { loadConfig } from "../config/load-config.js";
import {
  markerModule,
  markerToolModule,
  nodeMarkerServer,
  pythonMarkerServer,
} from "../__fixtures__/marker-servers.mjs";
import { trustRecordPath } from "./trust-store.js";

const execFileAsync = promisify(execFile);
const MODES = ["isolated", "in-process"] as const;

let state: string;
let markers: string;
let http: HttpFixture;
const previousState = process.env.XDG_STATE_HOME;
const cleanup: string[] = [];
const services: LackpyService[] = [];

beforeAll(async () => {
  state = await mkdtemp(path.join(os.tmpdir(), "lackpy-trust-state-"));
  markers = await mkdtemp(path.join(os.tmpdir(), "lackpy-trust-markers-"));
  process.env.XDG_STATE_HOME = state;
  http = await startHttpFixture();
  cleanup.push(state, markers);
});

afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

afterAll(async () => {
  if (previousState === undefined) delete process.env.XDG_STATE_HOME;
  else process.env.XDG_STATE_HOME = previousState;
  await http.close();
  await closeWorkerPool();
  await Promise.all(cleanup.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A fresh marker file path (outside every workspace): code that runs appends to it. */
let markerCount = 0;
function newMarker(): string {
  return path.join(markers, `marker-${++markerCount}.txt`);
}

async function markerLines(marker: string): Promise<string[]> {
  const text = await readFile(marker, "utf8").catch(() => "");
  return text.split("\n").filter(Boolean);
}

/** A cloned workspace: files as a repository would bring them. */
async function clone(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-trust-ws-"));
  cleanup.push(root);
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  return root;
}

async function open(root: string, options: Partial<Parameters<typeof LackpyService.open>[0]> = {}) {
  const service = await LackpyService.open({ workspace: root, ...options });
  services.push(service);
  return service;
}

/** Workspaces whose config names code: the files, the program that reaches it, and its answer. */
interface Cloned {
  files: (marker: string, extra: { url: string }) => Record<string, string>;
  program: string;
  output: unknown;
}

const CLONED: Record<string, Cloned> = {
  "a module tool the default kit names": {
    files: (marker) => ({
      ".lackpy/config.toml": `[kit]\ndefault = "mine"\n\n[tools.hello]\nprovider = "module"\nmodule = "./tools/hello.mjs"\nargs = ["name: string"]\n`,
      ".lackpy/kits/mine.kit": "hello\nread_file\n",
      "tools/hello.mjs": `import { greeting } from "../shared/greet.mjs";\n${markerToolModule(marker).replace('"hello " + name', "greeting + name")}`,
      "shared/greet.mjs": `export const greeting = "hello ";\n`,
      "README.md": "# a project\n",
    }),
    program: "1 + 1",
    output: 2,
  },
  "a stdio MCP server": {
    files: (marker) => ({
      ".lackpy/config.toml": `[kit]\ndefault = "mine"\n\n[mcp_servers.m]\ncommand = "node"\nargs = ["server/index.mjs"]\n`,
      ".lackpy/kits/mine.kit": "m_hello\n",
      "server/index.mjs": nodeMarkerServer(marker, { imports: ["./helper.mjs"] }),
      "server/helper.mjs": "export const helper = 1;\n",
      "package.json": `{"name":"a-project","type":"module"}\n`,
    }),
    program: `m_hello("x")`,
    output: "hello x",
  },
  "a Python stdio MCP server": {
    files: (marker) => ({
      ".lackpy/config.toml": `[kit]\ndefault = "mine"\n\n[mcp_servers.py]\ncommand = "python3"\nargs = ["server/main.py"]\n`,
      ".lackpy/kits/mine.kit": "py_hello\n",
      "server/main.py": pythonMarkerServer(marker),
      "server/helper.py": `def greet(name):\n    return "hello " + name\n`,
    }),
    program: `py_hello("x")`,
    output: "hello x",
  },
  "a Streamable HTTP MCP server": {
    files: (_marker, { url }) => ({
      ".lackpy/config.toml": `[kit]\ndefault = "mine"\n\n[mcp_servers.web]\nurl = "${url}"\nprefix = "w_"\n`,
      ".lackpy/kits/mine.kit": "w_add\n",
    }),
    program: "w_add(2, 3)",
    output: 5,
  },
};

describe.each(MODES)("the trust gate (%s)", (mode) => {
  it.each(Object.keys(CLONED))(
    "runs nothing of %s before lackpy trust, and all of it after",
    async (name) => {
      const cloned = CLONED[name];
      const marker = newMarker();
      const root = await clone(cloned.files(marker, { url: http.url }));
      const requestsBefore = http.headers.length;
      const service = await open(root);
      for (const attempt of [
        () => service.runProgram("1 + 1", { mode }),
        () => service.runProgram(cloned.program, { mode }),
        () => service.delegate("read README.md", { mode }),
        () => service.validate(cloned.program),
        // Listing tools starts every server; a module tool's spec needs no load.
        ...(name.includes("module") ? [] : [() => service.toolboxList()]),
      ]) {
        const error = await attempt().then(
          () => null,
          (thrown: unknown) => thrown,
        );
        expect(error).toMatchObject({
          code: "untrusted_config",
          file: ".lackpy/config.toml",
          hint: `review .lackpy/config.toml and the code it names, then run: lackpy trust --workspace ${root}`,
        });
        expect((error as Error).message).toMatch(
          /^(Tool 'hello' was not loaded|MCP server '\w+' was not (started|connected \(it would receive tool arguments\))): \.lackpy\/config\.toml names code to run \(\[(tools|mcp_servers)\.\w+\] in \.lackpy\/config\.toml\), and nobody has trusted this workspace yet/,
        );
      }
      expect(await markerLines(marker)).toEqual([]);
      expect(http.headers.length).toBe(requestsBefore);
      expect((await service.status()).trust.state).toBe("untrusted");

      const report = await service.trust();
      expect(report).toMatchObject({ workspace: root, trusted: true, needed: true });
      const result = await service.runProgram(cloned.program, { mode });
      expect(result.error).toBeNull();
      expect(result.output).toEqual(cloned.output);
      expect((await service.status()).trust.state).toBe("trusted");
      if (!name.includes("HTTP")) expect(await markerLines(marker)).toHaveLength(1);
      else expect(http.headers.length).toBeGreaterThan(requestsBefore);
    },
  );
});

/** Changes after the trust that a clone, a pull or a person could make, and the file each names. */
const CHANGES: [string, string, (root: string) => Promise<void>, string, RegExp][] = [
  [
    "the module tool's file",
    "a module tool the default kit names",
    (root) => appendFile(path.join(root, "tools/hello.mjs"), "// changed\n"),
    "tools/hello.mjs",
    /^Tool 'hello' was not loaded: tools\/hello\.mjs changed since the workspace was trusted \(in the folder of the module of tool 'hello'/,
  ],
  [
    "a module the tool imports from outside its folder",
    "a module tool the default kit names",
    (root) => writeFile(path.join(root, "shared/greet.mjs"), `export const greeting = "hi ";\n`),
    "shared/greet.mjs",
    /^Tool 'hello' was not loaded: shared\/greet\.mjs changed since the workspace was trusted \(a module imported by the module of tool 'hello'/,
  ],
  [
    "a new file next to the module tool",
    "a module tool the default kit names",
    (root) => writeFile(path.join(root, "tools/lib.js"), "module.exports = 1;\n"),
    "tools/lib.js",
    /^Tool 'hello' was not loaded: tools\/lib\.js was created since the workspace was trusted/,
  ],
  [
    "the config",
    "a module tool the default kit names",
    (root) => appendFile(path.join(root, ".lackpy/config.toml"), "# a comment\n"),
    ".lackpy/config.toml",
    /^Tool 'hello' was not loaded: \.lackpy\/config\.toml changed since the workspace was trusted\.$/,
  ],
  [
    "a kit",
    "a module tool the default kit names",
    (root) => writeFile(path.join(root, ".lackpy/kits/mine.kit"), "hello\nread_file\nfind_files\n"),
    ".lackpy/kits/mine.kit",
    /^Tool 'hello' was not loaded: \.lackpy\/kits\/mine\.kit changed since the workspace was trusted \(in the workspace's kits\)\.$/,
  ],
  [
    "a sibling module in the server's folder",
    "a stdio MCP server",
    (root) => writeFile(path.join(root, "server/helper.mjs"), "export const helper = 2;\n"),
    "server/helper.mjs",
    /^MCP server 'm' was not started: server\/helper\.mjs changed since the workspace was trusted \(in the folder of the script of MCP server 'm'/,
  ],
  [
    "the package.json above a Node server's script",
    "a stdio MCP server",
    (root) =>
      writeFile(
        path.join(root, "package.json"),
        `{"name":"a-project","imports":{"#x":"./evil.mjs"}}\n`,
      ),
    "package.json",
    /^MCP server 'm' was not started: package\.json changed since the workspace was trusted \(what node reads to load MCP server 'm'\)\.$/,
  ],
  [
    "a module shadowing Python's json next to the server",
    "a Python stdio MCP server",
    (root) => writeFile(path.join(root, "server/json.py"), `open("pwned", "w")\n`),
    "server/json.py",
    /^MCP server 'py' was not started: server\/json\.py was created since the workspace was trusted/,
  ],
  [
    "the Python server's sibling module",
    "a Python stdio MCP server",
    (root) => appendFile(path.join(root, "server/helper.py"), "import os\n"),
    "server/helper.py",
    /^MCP server 'py' was not started: server\/helper\.py changed since the workspace was trusted/,
  ],
  [
    "a removed file in the server's folder",
    "a stdio MCP server",
    (root) => rm(path.join(root, "server/helper.mjs")),
    "server/helper.mjs",
    /^MCP server 'm' was not started: server\/helper\.mjs was removed since the workspace was trusted/,
  ],
];

describe("the trust gate after lackpy trust", () => {
  it.each(CHANGES)(
    "refuses when %s changed, naming the file",
    async (_name, clonedName, change, file, message) => {
      const cloned = CLONED[clonedName];
      const marker = newMarker();
      const root = await clone(cloned.files(marker, { url: http.url }));
      await (await open(root)).trust();
      await change(root);
      const service = await open(root);
      const error = await service.runProgram(cloned.program, { mode: "in-process" }).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toMatchObject({
        code: "untrusted_config",
        file,
        hint: `review ${file}, then run: lackpy trust --workspace ${root}`,
      });
      expect((error as Error).message).toMatch(message);
      expect(await markerLines(marker)).toEqual([]);
      const status = await service.status();
      expect(status.trust.state).toBe("untrusted");
      expect(status.trust.items.find((item) => item.file === file)).toMatchObject({
        trusted: false,
      });
    },
  );

  it("status names the fix before trust when lackpy trust would refuse the config", async () => {
    const marker = newMarker();
    const root = await clone({
      ".lackpy/config.toml": `[kit]\ndefault = "mine"\n\n[mcp_servers.m]\ncommand = "node"\nargs = ["server.mjs"]\n`,
      ".lackpy/kits/mine.kit": "m_hello\n",
      "server.mjs": nodeMarkerServer(marker),
    });
    const service = await open(root);
    const refused = await service.trust().then(
      () => null,
      (thrown: unknown) => thrown as { code: string; hint: string },
    );
    expect(refused?.code).toBe("invalid_config");
    const { trust } = await service.status();
    expect(trust.state).toBe("untrusted");
    // The hint starts with trust's own fix, and never sends the person to a refused lackpy trust.
    expect(trust.hint).toContain(refused!.hint);
    expect(trust.hint).not.toMatch(/^review .*lackpy trust/);
  });

  it("runs again once the change is trusted", async () => {
    const marker = newMarker();
    const root = await clone(CLONED["a stdio MCP server"].files(marker, { url: http.url }));
    await (await open(root)).trust();
    await writeFile(path.join(root, "server/helper.mjs"), "export const helper = 2;\n");
    await (await open(root)).trust();
    const result = await (await open(root)).runProgram(`m_hello("x")`, { mode: "in-process" });
    expect(result.output).toBe("hello x");
    expect(await markerLines(marker)).toHaveLength(1);
  });

  it("asks for a restart when this process read the config before it was trusted", async () => {
    const root = await clone(
      CLONED["a module tool the default kit names"].files(newMarker(), http),
    );
    const early = await open(root);
    await appendFile(path.join(root, ".lackpy/config.toml"), "# reviewed\n");
    await (await open(root)).trust();
    await expect(early.runProgram("1 + 1")).rejects.toMatchObject({
      code: "untrusted_config",
      message:
        "Tool 'hello' was not loaded: this process read .lackpy/config.toml before its current version was trusted.",
      hint: "start lackpy again (for an MCP client: restart lackpy mcp serve) to load the trusted config",
    });
  });

  it("counts a revoke from another service at the next start, and checks every start", async () => {
    const marker = newMarker();
    const root = await clone(CLONED["a stdio MCP server"].files(marker, http));
    const service = await open(root);
    await service.trust();
    expect((await service.runProgram(`m_hello("a")`, { mode: "in-process" })).output).toBe(
      "hello a",
    );
    (await open(root)).revokeTrust();
    // The server runs on; once it closes, starting it again asks the store afresh.
    await service.close();
    const again = await service.runProgram(`m_hello("b")`, { mode: "in-process" });
    expect(again.error).toMatchObject({ code: "tool_error" });
    expect(again.error?.message).toContain(
      "MCP server 'm' was not started: .lackpy/config.toml names code to run",
    );
    expect(await markerLines(marker)).toHaveLength(1);
  });
});

describe("workspaces the gate never trusts as configured", () => {
  it.each([
    [
      "a module tool in the workspace root",
      `[tools.hello]\nprovider = "module"\nmodule = "./hello.mjs"\n`,
      { "hello.mjs": "export function hello() {}\n" },
      "hello",
      'move hello.mjs into a folder of its own (e.g. tools/hello.mjs) and set module = "./tools/hello.mjs" under [tools.hello] in .lackpy/config.toml',
    ],
    [
      "a server script in the workspace root",
      `[mcp_servers.m]\ncommand = "python3"\nargs = ["server.py"]\n`,
      { "server.py": "\n" },
      "m_hello",
      "move server.py (and the files it loads) into a folder of its own, e.g. mcp/server.py, and change [mcp_servers.m] in .lackpy/config.toml to start it there",
    ],
    [
      "python -m from the workspace root",
      `[mcp_servers.m]\ncommand = "python3"\nargs = ["-m", "server"]\n`,
      { "server/__init__.py": "\n" },
      "m_hello",
      "set cwd under [mcp_servers.m] in .lackpy/config.toml to a folder that holds only the server",
    ],
    [
      "a package runner given a cwd",
      `[mcp_servers.m]\ncommand = "npx"\nargs = ["-y", "some-server"]\ncwd = "src"\n`,
      {},
      "m_hello",
      "remove cwd from [mcp_servers.m] in .lackpy/config.toml, and give the server absolute paths as arguments",
    ],
  ])("refuses to trust or load %s", async (_name, config, files, tool, hint) => {
    const root = await clone({ ".lackpy/config.toml": config, ...files });
    const service = await open(root);
    await expect(service.trust()).rejects.toMatchObject({ code: "invalid_config", hint });
    await expect(service.runProgram("1", { kit: [tool] })).rejects.toMatchObject({
      code: "invalid_config",
      hint,
    });
    // Even an app that vouches for the config cannot make the folder safe.
    await expect(
      (await open(root, { trust: true })).runProgram("1", { kit: [tool] }),
    ).rejects.toMatchObject({ code: "invalid_config" });
    expect(await readFile(trustRecordPath(root), "utf8").catch(() => null)).toBeNull();
  });
});

describe("the package-runner routes", () => {
  /** A workspace whose package.json names a bin with the server's package name (an executable script). */
  const npxFiles = (marker: string, extra: Record<string, string> = {}) => ({
    ".lackpy/config.toml": `[mcp_servers.evil]\ncommand = "npx"\nargs = ["-y", "evil-mcp"]\nenv = { npm_config_offline = "true", npm_config_update_notifier = "false" }\nconnect_timeout_ms = 60000\n`,
    "package.json": `{"name":"evil-mcp","version":"1.0.0","bin":{"evil-mcp":"./scripts/evil.js"}}\n`,
    "scripts/evil.js": `#!/usr/bin/env node\nrequire("fs").appendFileSync(${JSON.stringify(marker)}, "workspace bin ran\\n");\n`,
    ...extra,
  });

  it("never lets npx pick the workspace's own package.json bin", async () => {
    const marker = newMarker();
    const root = await clone(npxFiles(marker));
    await chmod(path.join(root, "scripts/evil.js"), 0o755);
    // The route is real: npx started in the workspace runs the workspace's bin.
    await execFileAsync("npx", ["--offline", "-y", "evil-mcp"], { cwd: root, timeout: 60_000 });
    expect(await markerLines(marker)).toEqual(["workspace bin ran"]);
    await rm(marker);

    const service = await open(root);
    await service.trust();
    const error = await service.runProgram("1", { kit: ["evil_hello"] }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    // Started from the neutral folder, npx looks for the package in its cache (offline: not there).
    expect(error).toMatchObject({ code: "mcp_server_unavailable" });
    expect((error as Error).message).toMatch(/ENOTCACHED|only-if-cached/);
    expect(await markerLines(marker)).toEqual([]);
    const neutral = path.join(state, "lackpy", "neutral");
    expect(JSON.parse(await readFile(path.join(neutral, "package.json"), "utf8"))).toMatchObject({
      name: "lackpy-neutral",
      private: true,
    });
  });

  it("never runs an npx that a workspace's node_modules/.bin puts first on PATH", async () => {
    const marker = newMarker();
    const fake = `#!/bin/sh\necho "workspace npx ran" >> ${JSON.stringify(marker)}\n`;
    const root = await clone(npxFiles(newMarker(), { "node_modules/.bin/npx": fake }));
    await chmod(path.join(root, "node_modules/.bin/npx"), 0o755);
    const previousPath = process.env.PATH;
    process.env.PATH = [path.join(root, "node_modules/.bin"), previousPath].join(path.delimiter);
    try {
      const service = await open(root);
      await service.trust();
      await expect(service.runProgram("1", { kit: ["evil_hello"] })).rejects.toMatchObject({
        code: "mcp_server_unavailable",
      });
    } finally {
      process.env.PATH = previousPath;
    }
    expect(await markerLines(marker)).toEqual([]);
  });
});

describe.each(MODES)("what the gate guards stays out of programs' reach (%s)", (mode) => {
  it.each([
    [
      "a Python server's sibling module",
      `write_file("server/helper.py", "import os")`,
      "server/helper.py",
    ],
    [
      "a module shadowing Python's json",
      `write_file("server/json.py", "import os")`,
      "server/json.py",
    ],
    [
      "the server script",
      `edit_file("server/main.py", "import helper", "import os")`,
      "server/main.py",
    ],
    ["reading the server's code", `read_file("server/helper.py")`, "server/helper.py"],
  ])("refuses %s", async (_name, program, file) => {
    const marker = newMarker();
    const files = CLONED["a Python stdio MCP server"].files(marker, http);
    const root = await clone(files);
    const service = await open(root);
    await service.trust();
    const result = await service.runProgram(program, { kit: "files", mode });
    expect(result.error).toMatchObject({ code: "tool_error" });
    expect(result.error?.message).toContain(
      `'${file}' is protected (lackpy loads it: the folder of the script of MCP server 'py'`,
    );
    expect(await readFile(path.join(root, "server/helper.py"), "utf8")).toBe(
      files["server/helper.py"],
    );
    expect((await service.trustStatus()).state).toBe("trusted");
    expect(await markerLines(marker)).toEqual([]);
  });

  it("refuses the file a link in a code folder leads to", async () => {
    const marker = newMarker();
    const root = await clone({
      ...CLONED["a stdio MCP server"].files(marker, http),
      "lib/helper.mjs": "export const helper = 1;\n",
    });
    await rm(path.join(root, "server/helper.mjs"));
    await symlink(path.join(root, "lib/helper.mjs"), path.join(root, "server/helper.mjs"));
    const service = await open(root);
    await service.trust();
    const result = await service.runProgram(`write_file("lib/helper.mjs", "evil")`, {
      kit: "files",
      mode,
    });
    expect(result.error?.message).toContain(
      "'lib/helper.mjs' is protected (lackpy loads it: where a link in the folder of the script of MCP server 'm'",
    );
    expect(await readFile(path.join(root, "lib/helper.mjs"), "utf8")).toBe(
      "export const helper = 1;\n",
    );
  });

  it("leaves a server's data arguments readable and writable", async () => {
    const root = await clone({ "src/a.txt": "data\n" });
    await mkdir(path.join(root, ".lackpy"), { recursive: true });
    await writeFile(
      path.join(root, ".lackpy/config.toml"),
      `[mcp_servers.files]\ncommand = "npx"\nargs = ["-y", "@modelcontextprotocol/server-filesystem", ${JSON.stringify(path.join(root, "src"))}]\n`,
    );
    const service = await open(root);
    const result = await service.runProgram(
      `write_file("src/b.txt", read_file("src/a.txt"))\nfind_files("src/*")`,
      { kit: "files", mode },
    );
    expect(result.error).toBeNull();
    expect(result.output).toEqual(["src/a.txt", "src/b.txt"]);
  });
});

describe("workspaces without code, and the app's own decision", () => {
  it("needs no trust for a config that names no code", async () => {
    const root = await clone({
      ".lackpy/config.toml": `[inference.providers.ollama]\nhost = "http://127.0.0.1:1"\n[kit]\ndefault = "files"\n`,
      "a.txt": "a\n",
    });
    const service = await open(root);
    const result = await service.runProgram(`read_file("a.txt")`);
    expect(result.output).toBe("a\n");
    expect((await service.status()).trust).toEqual({
      state: "not_needed",
      decidedBy: "store",
      recordPath: trustRecordPath(root),
      trustedAt: null,
      items: [],
    });
  });

  it("runs a config the app vouches for (trust: true), and nothing with trust: false", async () => {
    const marker = newMarker();
    const root = await clone(CLONED["a module tool the default kit names"].files(marker, http));
    const vouched = await open(root, { trust: true });
    expect((await vouched.runProgram(`hello("x")`)).output).toBe("hello x");
    expect((await vouched.trustStatus()).decidedBy).toBe("option");
    const refused = await open(root, { trust: false });
    await expect(refused.runProgram("1")).rejects.toMatchObject({
      code: "untrusted_config",
      hint: 'open the service with trust: "store" (what lackpy trust recorded) or trust: true',
    });
  });

  it("keeps a config the app passes itself trusted unless told otherwise", async () => {
    const marker = newMarker();
    const root = await clone(CLONED["a module tool the default kit names"].files(marker, http));
    const config = (await open(root)).config();
    const given = await open(root, { config });
    expect((await given.runProgram(`hello("x")`)).output).toBe("hello x");
    const gated = await open(root, { config, trust: "store" });
    await expect(gated.runProgram("1")).rejects.toMatchObject({ code: "untrusted_config" });
  });

  it("gates a config loadConfig read from the workspace, as open does", async () => {
    const marker = newMarker();
    const root = await clone(CLONED["a module tool the default kit names"].files(marker, http));
    const loaded = await open(root, { config: await loadConfig(root) });
    await expect(loaded.runProgram(`hello("x")`)).rejects.toMatchObject({
      code: "untrusted_config",
    });
    expect((await loaded.trustStatus()).decidedBy).toBe("store");
    expect(await markerLines(marker)).toEqual([]);
  });

  it("keeps a trusted workspace trusted when lackpy writes a kit itself", async () => {
    const root = await clone(
      CLONED["a module tool the default kit names"].files(newMarker(), http),
    );
    const service = await open(root);
    await service.trust();
    await service.kitCreate("more", ["hello", "find_files"]);
    expect((await service.trustStatus()).state).toBe("trusted");
    expect((await (await open(root)).runProgram(`hello("y")`, { kit: "more" })).output).toBe(
      "hello y",
    );
  });

  it("reports what it trusted, and forgets it on revoke", async () => {
    const root = await clone(CLONED["a stdio MCP server"].files(newMarker(), http));
    const service = await open(root);
    const report = await service.trust();
    expect(report.recordPath).toBe(trustRecordPath(root));
    expect(report.items).toEqual([
      {
        kind: "config",
        name: "config",
        summary: ".lackpy/config.toml",
        paths: [".lackpy/config.toml"],
      },
      { kind: "kits", name: "kits", summary: ".lackpy/kits/", paths: [".lackpy/kits/"] },
      {
        kind: "stdio_server",
        name: "m",
        summary: "node server/index.mjs",
        paths: ["server/", "package.json"],
        command: "node",
        args: ["server/index.mjs"],
        envNames: [],
        cwd: ".",
      },
    ]);
    expect(service.revokeTrust()).toEqual({
      workspace: root,
      trusted: false,
      revoked: true,
      recordPath: trustRecordPath(root),
    });
    expect(service.revokeTrust().revoked).toBe(false);
    expect((await service.trustStatus()).state).toBe("untrusted");
  });

  it("refuses a trust store inside the workspace", async () => {
    const root = await clone(
      CLONED["a module tool the default kit names"].files(newMarker(), http),
    );
    process.env.XDG_STATE_HOME = path.join(root, "state");
    try {
      const service = await open(root);
      await expect(service.trust()).rejects.toMatchObject({ code: "untrusted_config" });
      await expect(service.runProgram("1")).rejects.toMatchObject({
        code: "untrusted_config",
        hint: "set XDG_STATE_HOME to a folder outside every workspace",
      });
    } finally {
      process.env.XDG_STATE_HOME = state;
    }
  });

  it("plants nothing when the marker module is only data", async () => {
    // A control for the markers themselves: importing one writes its line.
    const marker = newMarker();
    const root = await clone({ "m/x.mjs": markerModule(marker) });
    await import(pathToFileURL(path.join(root, "m/x.mjs")).href);
    expect(await markerLines(marker)).toEqual(["planted code ran"]);
  });
});
