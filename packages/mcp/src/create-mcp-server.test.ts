import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { LackpyService } from "@lackpy/service";
import { closeWorkerPool } from "@lackpy/run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "./create-mcp-server.js";
import { writeMcpConfig } from "./write-mcp-config.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
const CLI = fileURLToPath(new URL("../../cli/bin/lackpy.js", import.meta.url));
let root: string;
let client: Client;

type Result = {
  isError?: boolean;
  structuredContent?: any;
  content: { type: string; text: string }[];
};
const call = (name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }) as Promise<Result>;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-mcp-"));
  await cp(EXAMPLE, root, { recursive: true });
  const service = await LackpyService.open({ workspace: root });
  const server = createMcpServer(service);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  client = new Client({ name: "test", version: "0" });
  await client.connect(clientTransport);
});

afterAll(async () => {
  await client.close();
  await closeWorkerPool();
  await rm(root, { recursive: true, force: true });
});

describe("MCP server (in memory)", () => {
  it("lists every tool with a JSON Schema input", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "apply_changes",
      "config",
      "create",
      "delegate",
      "describe_tool",
      "docs_index",
      "generate",
      "kit_create",
      "kit_info",
      "kit_list",
      "language_spec",
      "provider_list",
      "resolve_doc",
      "run_program",
      "search_tools",
      "toolbox_list",
      "undo",
      "validate",
    ]);
    expect(tools.find((tool) => tool.name === "delegate")?.inputSchema).toMatchObject({
      type: "object",
      required: ["intent"],
    });
    expect(tools.find((tool) => tool.name === "delegate")?.description).toContain(
      "Delegate a task",
    );
  });

  it.each([
    [
      "delegate",
      { intent: "list all typescript files" },
      (result: any) => expect(result.output).toEqual(["src/inventory.ts", "src/report.ts"]),
    ],
    [
      "generate",
      { intent: "list all python files" },
      (result: any) =>
        expect(result).toMatchObject({
          tier: "rules",
          program: "find_files(pattern, { hidden: true })",
        }),
    ],
    [
      "run_program",
      { program: `len(find_files("**/*"))` },
      (result: any) => expect(result.output).toBe(6),
    ],
    [
      "validate",
      { program: `read_file("README.md")`, kit: "readonly" },
      (result: any) => expect(result.valid).toBe(true),
    ],
    [
      "create",
      { program: `find_files("**/*.md")`, name: "markdown", pattern: "markdown files" },
      (result: any) => expect(result.name).toBe("markdown"),
    ],
    [
      "kit_info",
      { kit: ["read_file"] },
      (result: any) => expect(result.grade).toEqual({ w: 1, d: 0 }),
    ],
    [
      "kit_list",
      {},
      (result: any) => expect(result.kits.map((kit: any) => kit.name)).toContain("files"),
    ],
    [
      "kit_create",
      { name: "mine", tools: ["read_file"] },
      (result: any) => expect(result.path).toContain(path.join(".lackpy", "kits", "mine.kit")),
    ],
    ["toolbox_list", {}, (result: any) => expect(result.tools).toHaveLength(16)],
    ["docs_index", { kit: "files" }, (result: any) => expect(result.docs).toHaveLength(16)],
    [
      "resolve_doc",
      { path: "read_file.md" },
      (result: any) => expect(result.text).toContain("## Signature"),
    ],
    ["config", {}, (result: any) => expect(result.kit.default).toBe("readonly")],
    [
      "provider_list",
      {},
      (result: any) =>
        expect(result.providers.map((provider: any) => provider.key)).toContain("rules"),
    ],
  ])("calls %s", async (name, args, check) => {
    const result = await call(name, args);
    expect(result.isError ?? false).toBe(false);
    check(result.structuredContent);
  });

  it.each(["delegate", "generate"])(
    "%s that no tier answers says what comes close and what an agent can do next",
    async (name) => {
      const result = await call(name, { intent: "list the files in klingon" });
      expect(result.isError).toBe(true);
      const hint = result.structuredContent.error.hint as string;
      expect(result.structuredContent.error.didYouMean).toContain("No rule covers this request.");
      expect(hint).toMatch(/^write the program yourself and call run_program /);
      expect(hint).toContain("; or ask the person to set up a model tier");
      expect(result.content[0].text).toContain(`\nhint: ${hint}`);
    },
  );

  it("names the kit that has a tool the kit lacks, and the kit argument to pass", async () => {
    const program = 'write_file("notes.md", "x")';
    for (const [tool, result] of [
      ["validate", await call("validate", { program })],
      ["run_program", await call("run_program", { program })],
    ] as const) {
      expect(result.isError, tool).toBe(true);
      const errors =
        tool === "validate"
          ? result.structuredContent.errors
          : result.structuredContent.error.errors;
      expect(errors[0]).toMatchObject({
        code: "unknown_function",
        message: "'write_file' is not a tool of this kit; it is in kit files.",
        hint: 'call again with the argument "kit": "files"',
      });
    }
  });

  it("returns the language spec as markdown", async () => {
    expect((await call("language_spec")).content[0].text).toContain("# The lackpy language");
  });

  it.each([
    ["run_program", { program: "var x = 1" }, "invalid_program"],
    ["delegate", { intent: "anything", kit: "nope" }, "unknown_kit"],
    ["resolve_doc", { path: "../../etc/passwd" }, "path_outside_root"],
    ["run_program", { program: "read_file('x')", params: { read_file: 1 } }, "invalid_param"],
  ])("returns %s errors as tool errors with the code", async (name, args, code) => {
    const result = await call(name, args);
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.structuredContent)).toContain(code);
  });

  it.each([
    ["delegate", {}],
    ["generate", { intent: 5 }],
    ["run_program", { program: ["x"] }],
    ["validate", {}],
    ["create", { program: "1" }],
    ["kit_info", {}],
    ["kit_list", { extra: 1 }],
    ["kit_create", { name: "k", tools: [] }],
    ["toolbox_list", { extra: 1 }],
    ["docs_index", { kit: 5 }],
    ["resolve_doc", {}],
    ["config", { extra: 1 }],
    ["provider_list", { extra: 1 }],
    ["language_spec", { extra: 1 }],
  ])("answers invalid input to %s without crashing", async (name, args) => {
    const result = await call(name, args).catch(
      (error: Error) =>
        ({ isError: true, content: [{ type: "text", text: error.message }] }) as Result,
    );
    const accepted = result.isError !== true;
    if (!accepted) expect(result.content[0].text.length).toBeGreaterThan(0);
    expect((await call("kit_list")).isError ?? false).toBe(false);
  });

  it("survives malformed input and unknown tools", async () => {
    const malformed = await call("delegate", { intent: 42 }).catch(
      (error: Error) =>
        ({ isError: true, content: [{ type: "text", text: error.message }] }) as Result,
    );
    expect(malformed.isError).toBe(true);
    const unknown = await call("fly", {}).catch(
      (error: Error) =>
        ({ isError: true, content: [{ type: "text", text: error.message }] }) as Result,
    );
    expect(unknown.isError).toBe(true);
    expect((await call("kit_list")).isError ?? false).toBe(false);
  });

  it("answers concurrent calls", async () => {
    const results = await Promise.all(
      ["list all typescript files", "list all python files", "read README.md"].map((intent) =>
        call("delegate", { intent }),
      ),
    );
    expect(results.map((result) => result.structuredContent.success)).toEqual([true, true, true]);
  });

  it("gives a delegate's reading, and a failed delegate's did-you-mean and an agent's next steps", async () => {
    const answered = await call("delegate", { intent: "list all python files" });
    expect(answered.structuredContent.reading).toBe("Python files (**/*.py)");
    expect(answered.content[0]!.text).toContain("reading: Python files (**/*.py)\n");
    const failed = await call("delegate", {
      intent: "how many python files do we have right here",
    });
    expect(failed.structuredContent.error).toMatchObject({
      code: "generation_failed",
      didYouMean: `Did you mean "how many python files do we have here"? No rule reads 'right'; without it, rule count-files reads the request as: the number of Python files (**/*.py).`,
      hint: expect.stringMatching(
        /^reword the request as didYouMean says \(a request worded like a rule is answered without a model\); or write the program yourself and call run_program /,
      ),
    });
    expect(failed.content[0]!.text).toContain(
      'Did you mean "how many python files do we have here"?',
    );
    expect(failed.content[0]!.text).toContain("hint: ");
  });

  it("exposes the language spec as a resource", async () => {
    const resource = await client.readResource({ uri: "lackpy://language-spec" });
    expect((resource.contents[0] as { text: string }).text).toContain("## Helper builtins");
  });
});

describe("MCP server over stdio (lackpy mcp serve)", () => {
  it("starts from the built CLI and answers a real client", async () => {
    const stdioClient = new Client({ name: "stdio-test", version: "0" });
    await stdioClient.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, "mcp", "serve", "--workspace", root],
      }),
    );
    try {
      const result = (await stdioClient.callTool({
        name: "delegate",
        arguments: { intent: "list all python files" },
      })) as Result;
      expect(result.structuredContent.output).toEqual(["src/cli.py"]);
    } finally {
      await stdioClient.close();
    }
  });
});

describe("writeMcpConfig", () => {
  it("writes an entry, keeps other servers, and refuses a different entry without force", async () => {
    await writeFile(
      path.join(root, ".mcp.json"),
      JSON.stringify({ mcpServers: { other: { command: "x", args: [] } } }),
    );
    const entry = { command: process.execPath, args: [CLI, "mcp", "serve", "--workspace", root] };
    expect((await writeMcpConfig({ workspace: root, entry })).changed).toBe(true);
    expect((await writeMcpConfig({ workspace: root, entry })).changed).toBe(false);
    await expect(
      writeMcpConfig({ workspace: root, entry: { command: "node", args: [] } }),
    ).rejects.toMatchObject({ code: "entry_exists" });
    await writeMcpConfig({ workspace: root, entry: { command: "node", args: [] }, force: true });
    const config = JSON.parse(await readFile(path.join(root, ".mcp.json"), "utf8"));
    expect(Object.keys(config.mcpServers)).toEqual(["other", "lackpy"]);
  });
});
