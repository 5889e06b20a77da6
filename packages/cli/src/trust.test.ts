import { execFile } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  appendFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  markerToolModule,
  nodeMarkerServer,
} from "../../service/src/__fixtures__/marker-servers.mjs";
import {
  startHttpFixture,
  type HttpFixture,
} from "../../kit/src/__fixtures__/mcp-fixture-http.mjs";

const BIN = fileURLToPath(new URL("../bin/lackpy.js", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));

let state: string;
let scratch: string;
let http: HttpFixture;

beforeAll(async () => {
  state = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-trust-state-"));
  scratch = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-trust-"));
  http = await startHttpFixture();
});

afterAll(async () => {
  await http.close();
  await rm(state, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

/** Runs the real bin, as a person would, with its own trust store. */
function lackpy(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      {
        cwd: scratch,
        timeout: 60_000,
        env: { ...process.env, XDG_STATE_HOME: state, NO_COLOR: "1" },
      },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number((error as { code?: number }).code ?? 1) : 0,
          stdout,
          stderr,
        }),
    );
  });
}

let count = 0;
async function clone(files: Record<string, string>): Promise<{ root: string; marker: string }> {
  const root = path.join(scratch, `ws-${++count}`);
  const marker = path.join(scratch, `marker-${count}.txt`);
  for (const [file, content] of Object.entries(files)) {
    const text = content.replaceAll("MARKER", marker);
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  await writeFile(path.join(root, "program.js"), files["program.js"] ?? "1 + 1");
  return { root, marker };
}

const marked = (marker: string) => readFile(marker, "utf8").catch(() => "");

/** Cloned workspaces whose config names code the default kit reaches. */
const CLONED: [string, () => Record<string, string>, string, string][] = [
  [
    "a module tool",
    () => ({
      ".lackpy/config.toml": `[kit]\ndefault = "mine"\n\n[tools.hello]\nprovider = "module"\nmodule = "./tools/hello.mjs"\nargs = ["name: string"]\n`,
      ".lackpy/kits/mine.kit": "hello\nread_file\n",
      "tools/hello.mjs": markerToolModule("MARKER"),
      "program.js": `hello("you")`,
    }),
    "tools/hello.mjs",
    "module tool  hello: ./tools/hello.mjs (export hello); code: tools/",
  ],
  [
    "a stdio MCP server",
    () => ({
      ".lackpy/config.toml": `[kit]\ndefault = "mine"\n\n[mcp_servers.m]\ncommand = "node"\nargs = ["server/index.mjs"]\n`,
      ".lackpy/kits/mine.kit": "m_hello\nread_file\n",
      "server/index.mjs": nodeMarkerServer("MARKER"),
      "program.js": `m_hello("you")`,
    }),
    "server/index.mjs",
    "stdio server m: node server/index.mjs; code: server/, package.json",
  ],
  [
    "a Streamable HTTP MCP server",
    () => ({
      ".lackpy/config.toml": `[kit]\ndefault = "mine"\n\n[mcp_servers.web]\nurl = "${http.url}"\nprefix = "w_"\n`,
      ".lackpy/kits/mine.kit": "w_echo\n",
      "program.js": `w_echo("hello you").text`,
    }),
    "",
    `http server  web: ${"URL"}`,
  ],
];

describe("lackpy trust, end to end", () => {
  it.each(CLONED)(
    "runs nothing %s names before lackpy trust, then runs it",
    async (name, files, changed, listed) => {
      const { root, marker } = await clone(files());
      const requests = http.headers.length;
      const trustCommand = `lackpy trust --workspace ${root}`;

      for (const args of [
        ["run", path.join(root, "program.js"), "--workspace", root],
        ["run", path.join(root, "program.js"), "--workspace", root, "--mode", "in-process"],
        ["delegate", "read README.md", "--workspace", root],
      ]) {
        const refused = await lackpy(args);
        expect(refused.code).toBe(2);
        expect(refused.stdout).toBe("");
        expect(refused.stderr).toContain("[untrusted_config]");
        expect(refused.stderr).toContain(
          `  hint: review .lackpy/config.toml and the code it names, then run: ${trustCommand}\n`,
        );
        expect(refused.stderr).not.toMatch(/\n\s+at /);
      }
      const json = await lackpy([
        "run",
        path.join(root, "program.js"),
        "--workspace",
        root,
        "--json",
      ]);
      expect(json.code).toBe(2);
      expect(JSON.parse(json.stdout)).toEqual({
        success: false,
        error: {
          code: "untrusted_config",
          message: expect.stringContaining(".lackpy/config.toml names code to run"),
          hint: `review .lackpy/config.toml and the code it names, then run: ${trustCommand}`,
        },
      });

      const status = await lackpy(["status", "--workspace", root]);
      expect(status.code).toBe(0);
      expect(status.stdout).toContain(
        `trust      untrusted: review .lackpy/config.toml and the code it names, then run: ${trustCommand}\n`,
      );
      const statusJson = JSON.parse(
        (await lackpy(["status", "--workspace", root, "--json"])).stdout,
      );
      expect(statusJson.trust).toMatchObject({
        state: "untrusted",
        decidedBy: "store",
        trustedAt: null,
      });
      expect(await marked(marker)).toBe("");
      expect(http.headers.length).toBe(requests);

      const trusted = await lackpy(["trust", "--workspace", root]);
      expect(trusted.code).toBe(0);
      expect(trusted.stdout).toContain(
        `trusted ${root}\n  config       .lackpy/config.toml\n  kits         .lackpy/kits/\n`,
      );
      expect(trusted.stdout).toContain(listed.replace("URL", http.url));
      expect(trusted.stderr).toMatch(/^recorded in .+\.json; lackpy trust --revoke undoes it\n$/);

      const ran = await lackpy([
        "run",
        path.join(root, "program.js"),
        "--workspace",
        root,
        "--json",
      ]);
      expect(ran.code).toBe(0);
      expect(JSON.parse(ran.stdout)).toMatchObject({ success: true, output: "hello you" });
      expect((await lackpy(["status", "--workspace", root])).stdout).toMatch(
        /trust {6}trusted \(\d{4}-/,
      );
      if (name.includes("HTTP")) {
        expect(http.headers.length).toBeGreaterThan(requests);
        return;
      }
      expect(await marked(marker)).not.toBe("");

      // A pull changes the code: refused again, naming the file.
      await appendFile(path.join(root, changed), "\n// changed\n");
      const after = await lackpy([
        "run",
        path.join(root, "program.js"),
        "--workspace",
        root,
        "--json",
      ]);
      expect(after.code).toBe(2);
      expect(JSON.parse(after.stdout).error).toMatchObject({
        code: "untrusted_config",
        message: expect.stringContaining(`${changed} changed since the workspace was trusted`),
        hint: `review ${changed}, then run: ${trustCommand}`,
      });
      const statusAfter = JSON.parse(
        (await lackpy(["status", "--workspace", root, "--json"])).stdout,
      );
      expect(statusAfter.trust.items.filter((item: { trusted: boolean }) => !item.trusted)).toEqual(
        [expect.objectContaining({ file: changed, reason: expect.stringContaining(changed) })],
      );

      // Trusted again, then revoked: refused once more.
      expect((await lackpy(["trust", "--workspace", root])).code).toBe(0);
      expect((await lackpy(["run", path.join(root, "program.js"), "--workspace", root])).code).toBe(
        0,
      );
      const revoked = await lackpy(["trust", "--revoke", "--workspace", root]);
      expect(revoked).toMatchObject({
        code: 0,
        stdout: `revoked trust of ${root}: nothing its config names runs until lackpy trust\n`,
      });
      expect((await lackpy(["run", path.join(root, "program.js"), "--workspace", root])).code).toBe(
        2,
      );
    },
  );

  it("starts nothing from any command before lackpy trust, and answers those that need nothing", async () => {
    const { root, marker } = await clone(CLONED[1][1]());
    const gated = [
      ["run", path.join(root, "program.js")],
      ["delegate", "read README.md"],
      ["generate", "read README.md"],
      ["validate", path.join(root, "program.js"), "--kit", "mine"],
      ["create", path.join(root, "program.js"), "--name", "t"],
      ["kit", "info", "mine"],
      ["kit", "create", "more", "--tools", "m_hello"],
      ["toolbox", "list"],
      ["toolbox", "show", "m_hello"],
    ];
    for (const args of gated) {
      const refused = await lackpy([...args, "--workspace", root, "--json"]);
      expect([args[0], refused.code]).toEqual([args[0], 2]);
      expect(JSON.parse(refused.stdout).error.code).toBe("untrusted_config");
    }
    for (const args of [
      ["status"],
      ["kit", "list"],
      ["template", "list"],
      ["provider", "list"],
      ["validate", path.join(root, "program.js"), "--kit", "readonly"],
    ]) {
      const answered = await lackpy([...args, "--workspace", root]);
      expect([args.join(" "), answered.code === 2]).toEqual([args.join(" "), false]);
    }
    expect(await marked(marker)).toBe("");
  }, 120_000);

  it("prints one JSON document for lackpy trust --json and --revoke --json", async () => {
    const { root } = await clone(CLONED[1][1]());
    const trusted = await lackpy(["trust", "--workspace", root, "--json"]);
    expect(trusted.code).toBe(0);
    const report = JSON.parse(trusted.stdout);
    expect(report).toEqual({
      workspace: root,
      trusted: true,
      needed: true,
      templates: [],
      recordPath: expect.stringContaining(path.join(state, "lackpy", "trust")),
      trustedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      items: [
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
      ],
    });
    const revoked = await lackpy(["trust", "--revoke", "--workspace", root, "--json"]);
    expect(JSON.parse(revoked.stdout)).toEqual({
      workspace: root,
      trusted: false,
      revoked: true,
      recordPath: report.recordPath,
    });
  });

  it("keeps a trusted workspace trusted across lackpy's own config edit, and an untrusted one untrusted", async () => {
    const { root } = await clone(CLONED[0][1]());
    const { root: untrusted } = await clone(CLONED[0][1]());
    expect((await lackpy(["trust", "--workspace", root])).code).toBe(0);
    for (const workspace of [root, untrusted])
      expect((await lackpy(["provider", "add", "anthropic", "--workspace", workspace])).code).toBe(
        0,
      );
    const states = await Promise.all(
      [root, untrusted].map(
        async (workspace) =>
          JSON.parse((await lackpy(["status", "--workspace", workspace, "--json"])).stdout).trust
            .state,
      ),
    );
    expect(states).toEqual(["trusted", "untrusted"]);
    expect(await readFile(path.join(root, ".lackpy/config.toml"), "utf8")).toContain(
      "[inference.providers.anthropic]",
    );
  });

  it.each([
    [
      "a module tool in the workspace root",
      {
        ".lackpy/config.toml": `[tools.hello]\nprovider = "module"\nmodule = "./hello.mjs"\n`,
        "hello.mjs": "export function hello() {}\n",
      },
      'move hello.mjs into a folder of its own (e.g. tools/hello.mjs) and set module = "./tools/hello.mjs" under [tools.hello] in .lackpy/config.toml',
    ],
    [
      "an invalid config",
      { ".lackpy/config.toml": `[tools.hello]\nprovider = "module"\nmodule = 3\n` },
      "fix or remove each key; see docs/architecture.md for the config keys",
    ],
  ])("refuses to trust %s, with exit code 2", async (_name, files, hint) => {
    const { root } = await clone(files);
    const refused = await lackpy(["trust", "--workspace", root, "--json"]);
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout)).toMatchObject({
      success: false,
      error: { code: "invalid_config", hint },
    });
  });

  it("needs no trust step for the quick start's workspace, and lackpy init trusts what it writes", async () => {
    const quick = await lackpy(["status", "--workspace", EXAMPLE]);
    expect(quick.stdout).toContain(
      "trust      not needed (the config names no module tool, MCP server, model host off this machine or hidden path to open)\n",
    );
    const delegated = await lackpy([
      "delegate",
      "list all typescript files",
      "--workspace",
      EXAMPLE,
      "--json",
    ]);
    expect(delegated.code).toBe(0);

    const root = path.join(scratch, "fresh");
    await mkdir(root);
    const init = await lackpy(["init", "--workspace", root]);
    expect(init.stdout).toContain("created .lackpy/config.toml\n");
    expect(init.stdout).toContain("trusted .lackpy/config.toml (lackpy wrote it)\n");
    const status = JSON.parse((await lackpy(["status", "--workspace", root, "--json"])).stdout);
    expect(status.trust).toMatchObject({ state: "not_needed", trustedAt: expect.any(String) });
    const again = JSON.parse((await lackpy(["init", "--workspace", root, "--json"])).stdout);
    expect(again).toMatchObject({ created: [], trusted: false });
  });

  it("gates lackpy mcp serve: an MCP client's run_program starts nothing before trust", async () => {
    const { root, marker } = await clone(CLONED[1][1]());
    const client = new Client({ name: "trust-test", version: "0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, "mcp", "serve", "--workspace", root],
        env: { XDG_STATE_HOME: state },
        stderr: "ignore",
      }),
    );
    try {
      const refused = (await client.callTool({
        name: "run_program",
        arguments: { program: `m_hello("mcp")` },
      })) as { isError?: boolean; structuredContent?: { error?: Record<string, string> } };
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent?.error).toMatchObject({
        code: "untrusted_config",
        hint: `review .lackpy/config.toml and the code it names, then run: lackpy trust --workspace ${root}`,
      });
      const listed = (await client.callTool({ name: "toolbox_list", arguments: {} })) as {
        isError?: boolean;
        structuredContent?: { error?: { code: string } };
      };
      expect(listed.structuredContent?.error?.code).toBe("untrusted_config");
      expect(await marked(marker)).toBe("");

      expect((await lackpy(["trust", "--workspace", root])).code).toBe(0);
      const ran = (await client.callTool({
        name: "run_program",
        arguments: { program: `m_hello("mcp")` },
      })) as { isError?: boolean; structuredContent?: { output?: unknown } };
      expect(ran.isError).toBeFalsy();
      expect(ran.structuredContent?.output).toBe("hello mcp");
      expect(await marked(marker)).toBe("server started\n");
    } finally {
      await client.close();
    }
  });
});

/**
 * What a clone can plant in `.lackpy/` that lackpy acts on before any trust: run records and
 * journals (recovery runs at every start), locks, and kit links. `OUTSIDE` is a folder next to
 * the clone with a secret and a folder that must survive.
 */
const PLANTED: [string, Record<string, string>, Record<string, string>][] = [
  [
    "a journal whose run id climbs out to a folder recovery removes",
    {
      ".lackpy/runs/20990101-000000-abcd/journal.json": JSON.stringify({
        runId: "../../../OUTSIDE_NAME/victim",
        at: "2099-01-01T00:00:00.000Z",
        source: "run",
        label: "x",
        phase: "landing",
        tokens: [],
        files: [],
        beforeBytes: 0,
        undoable: true,
      }),
    },
    {},
  ],
  [
    "a record whose before-image is a link to a secret, for undo --force",
    {
      ".lackpy/runs/20990101-000000-abcd/record.json": JSON.stringify({
        runId: "20990101-000000-abcd",
        at: "2099-01-01T00:00:00.000Z",
        source: "run",
        label: "x",
        files: [
          {
            path: "stolen.txt",
            action: "modify",
            before: { exists: true, hash: "0".repeat(64) },
            after: { exists: false },
            blob: "before/0",
            createdFolder: null,
          },
        ],
        beforeBytes: 1,
        undoable: true,
      }),
    },
    { ".lackpy/runs/20990101-000000-abcd/before/0": "OUTSIDE/secret.txt" },
  ],
  [
    "a landing lock that is a link to standard input",
    {},
    { ".lackpy/runs/apply.lock": "/dev/stdin" },
  ],
  ["a ratchet lock that is a link to standard input", {}, { ".lackpy/write.lock": "/dev/stdin" }],
  [
    "the default kit linked to a credential file",
    {},
    { ".lackpy/kits/readonly.kit": "OUTSIDE/secret.txt" },
  ],
];

describe.skipIf(process.platform === "win32")("what a clone plants in .lackpy/", () => {
  it.each(PLANTED)(
    "touches nothing outside, shows no secret and never stalls: %s",
    async (_name, files, links) => {
      const { root } = await clone({ "README.md": "# clone\n" });
      const outside = `${root}-outside`;
      await mkdir(path.join(outside, "victim"), { recursive: true });
      await writeFile(path.join(outside, "victim", "data.txt"), "precious\n");
      await writeFile(path.join(outside, "secret.txt"), "ghp_S3cretTokenValue\n");
      for (const [file, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(root, file)), { recursive: true });
        await writeFile(
          path.join(root, file),
          text.replace("OUTSIDE_NAME", path.basename(outside)),
        );
      }
      for (const [link, target] of Object.entries(links)) {
        await mkdir(path.dirname(path.join(root, link)), { recursive: true });
        await symlink(target.replace("OUTSIDE", outside), path.join(root, link));
      }
      const outputs: string[] = [];
      for (const args of [
        ["status"],
        ["run", path.join(root, "program.js"), "--kit", "readonly"],
        ["run", path.join(root, "program.js")],
        ["undo", "--force"],
      ]) {
        const result = await lackpy([...args, "--workspace", root]);
        outputs.push(result.stdout, result.stderr);
      }
      // A landing, under the lock, then the ratchet's write at exit.
      await writeFile(path.join(root, "write.js"), `write_file("landed.txt", "ok")`);
      const landed = await lackpy([
        "run",
        path.join(root, "write.js"),
        "--kit",
        "files",
        "--workspace",
        root,
      ]);
      expect(landed.code).toBe(0);
      expect(await readFile(path.join(root, "landed.txt"), "utf8")).toBe("ok");
      expect(outputs.join("\n")).not.toContain("S3cret");
      expect(await readFile(path.join(outside, "victim", "data.txt"), "utf8")).toBe("precious\n");
      expect((await readdir(root)).filter((name) => name === "stolen.txt")).toEqual([]);
    },
    60_000,
  );
});

describe("a cloned config's [files] globs", () => {
  it("open no hidden path to a program before lackpy trust, and what they name after", async () => {
    const { root } = await clone({
      ".lackpy/config.toml": `[files]\nallow_read = [".idea/**"]\n`,
      ".idea/dataSources.local.xml": "<password>hunter2</password>",
      "program.js": `read_file(".idea/dataSources.local.xml")`,
    });
    const program = path.join(root, "program.js");
    const before = await lackpy(["run", program, "--workspace", root, "--kit", "files"]);
    expect(before.code).not.toBe(0);
    expect(before.stdout + before.stderr).toContain("is hidden");
    expect(before.stdout + before.stderr).not.toContain("hunter2");
    expect(before.stderr).toContain("(lackpy trust)");
    const status = await lackpy(["status", "--workspace", root]);
    expect(status.stdout).toContain("[files] globs: not trusted yet");
    const trusted = await lackpy(["trust", "--workspace", root]);
    expect(trusted.stdout).toContain('files        files: allow_read [".idea/**"]');
    const after = await lackpy(["run", program, "--workspace", root, "--kit", "files"]);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain("hunter2");
  });
});

describe("a cloned template that names a cloned module tool", () => {
  it("runs nothing through lackpy delegate before lackpy trust, and the tool after", async () => {
    const { root, marker } = await clone({
      ...CLONED[0][1](),
      ".lackpy/templates/greet.tmpl": `---\nname: greet\npattern: "greet the team"\nsuccess_count: 9\nfail_count: 0\n---\nhello("team")\n`,
    });
    const before = await lackpy(["delegate", "greet the team", "--workspace", root, "--json"]);
    expect(before.code).not.toBe(0);
    expect(before.stdout + before.stderr).toContain("untrusted_config");
    expect(await marked(marker)).toBe("");
    expect((await lackpy(["trust", "--workspace", root])).code).toBe(0);
    const after = await lackpy(["delegate", "greet the team", "--workspace", root, "--json"]);
    expect(after.code).toBe(0);
    expect(await marked(marker)).not.toBe("");
  });
});

/** A loopback Ollama stub that counts every request (health checks included). */
async function countingOllama(): Promise<{
  url: string;
  requests: number;
  close(): Promise<void>;
}> {
  const stub = { url: "", requests: 0, close: async (): Promise<void> => undefined };
  const server = createServer((request, response) => {
    stub.requests++;
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        request.url === "/api/tags"
          ? JSON.stringify({ models: [] })
          : JSON.stringify({
              model: "stub",
              message: { role: "assistant", content: "1" },
              done: true,
            }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return stub;
}

describe("a workspace config's model provider off this machine, end to end", () => {
  let ollama: Awaited<ReturnType<typeof countingOllama>>;
  beforeAll(async () => {
    ollama = await countingOllama();
  });
  afterAll(() => ollama.close());

  /** 0.0.0.0 is not a loopback name, so it needs trust, yet it reaches the loopback stub. */
  const remoteHost = () => `http://0.0.0.0:${new URL(ollama.url).port}`;
  const listed = async (root: string) =>
    (
      JSON.parse((await lackpy(["provider", "list", "--workspace", root, "--json"])).stdout) as {
        key: string;
        available: boolean;
        detail?: string;
      }[]
    ).find((provider) => provider.key === "remote")!;

  it("contacts nothing a cloned config names before lackpy trust, and the provider after", async () => {
    const { root } = await clone({
      ".lackpy/config.toml": `[inference]\norder = ["templates", "rules", "remote"]\n\n[inference.providers.remote]\nplugin = "ollama"\nmodel = "stub"\nhost = "${remoteHost()}"\n`,
    });
    const before = ollama.requests;
    const status = JSON.parse((await lackpy(["status", "--workspace", root, "--json"])).stdout);
    expect(status.trust.state).toBe("untrusted");
    const refused = await listed(root);
    expect(refused.available).toBe(false);
    expect(refused.detail).toContain("Provider 'remote' was not used");
    expect(refused.detail).toContain("lackpy trust");
    const shown = await lackpy(["trust", "--workspace", root]);
    expect(shown.stdout).toContain(`provider`);
    expect(shown.stdout).toContain(remoteHost());
    expect(ollama.requests).toBe(before);
    expect((await listed(root)).available).toBe(true);
    expect(ollama.requests).toBeGreaterThan(before);
  });

  it("lackpy provider add trusts what it writes, and never trusts what a clone brought", async () => {
    const fresh = path.join(scratch, `fresh-${++count}`);
    await mkdir(fresh);
    const { root: cloned } = await clone(CLONED[0][1]());
    const add = (workspace: string) =>
      lackpy([
        "provider",
        "add",
        "remote",
        "--plugin",
        "ollama",
        "--model",
        "stub",
        "--host",
        remoteHost(),
        "--workspace",
        workspace,
      ]);
    const before = ollama.requests;
    const untrusted = await add(cloned);
    expect(untrusted.code).toBe(0);
    expect(untrusted.stderr).toContain("Provider 'remote' was not used");
    expect(ollama.requests).toBe(before);
    const trusted = await add(fresh);
    expect(trusted.code).toBe(0);
    expect(ollama.requests).toBeGreaterThan(before);
    const states = await Promise.all(
      [fresh, cloned].map(
        async (workspace) =>
          JSON.parse((await lackpy(["status", "--workspace", workspace, "--json"])).stdout).trust
            .state,
      ),
    );
    expect(states).toEqual(["trusted", "untrusted"]);
    expect(await marked(path.join(scratch, `marker-${count}.txt`))).toBe("");
  });
});
