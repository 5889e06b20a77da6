import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { DEFAULT_CONFIG, LackpyService } from "@lackpy/service";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "./create-mcp-server.js";

const FILES = 40;
const FIND_TODOS = `const hits = []
for (const file of find_files("src/**/*.ts")) {
  for (const line of read_file(file).split("\\n")) {
    if (line.includes("TODO")) hits.push(file + ": " + line.trim())
  }
}
hits`;

let root: string;
let client: Client;
let service: LackpyService;

type Result = {
  isError?: boolean;
  structuredContent?: any;
  content: { type: string; text: string }[];
};
const call = (name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }) as Promise<Result>;
const bytes = (result: Result) => Buffer.byteLength(JSON.stringify(result));

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-mcp-size-"));
  await mkdir(path.join(root, "src"));
  // 40 files of about 3.6 KB, each with one TODO comment: the full trace carries about 145 KB.
  const filler = Array.from({ length: 150 }, (_, line) => `const value${line} = ${line} * 2;`);
  for (let index = 0; index < FILES; index++) {
    const lines = [...filler];
    lines.splice(index % 80, 0, `// TODO: task ${index}`);
    await writeFile(path.join(root, "src", `file${index}.ts`), lines.join("\n"));
  }
  const config = structuredClone(DEFAULT_CONFIG);
  config.run.mode = "in-process";
  config.inference.order = ["templates", "rules"];
  service = await LackpyService.open({ workspace: root, config });
  const server = createMcpServer(service);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  client = new Client({ name: "size-test", version: "0" });
  await client.connect(clientTransport);
  await service.create(FIND_TODOS, { name: "todos", pattern: "find all TODO comments" });
});

afterAll(async () => {
  await client.close();
  await service.close();
  await rm(root, { recursive: true, force: true });
});

describe("result sizes over MCP", () => {
  it.each([
    ["run_program", { program: FIND_TODOS }],
    ["delegate", { intent: "find all TODO comments" }],
  ])("%s returns the answer and a trace summary under 16 KB by default", async (name, args) => {
    const result = await call(name, args);
    expect(result.isError ?? false).toBe(false);
    expect(result.structuredContent.output).toHaveLength(FILES);
    expect(result.structuredContent.output[0]).toBe("src/file0.ts: // TODO: task 0");
    expect(bytes(result)).toBeLessThan(16 * 1024);
    // Each tool once, with its calls and their time; the files read are counted in the text.
    expect(result.structuredContent.trace).toEqual([
      { tool: "find_files", calls: 1, totalMs: expect.any(Number) },
      { tool: "read_file", calls: FILES, totalMs: expect.any(Number) },
    ]);
    expect(result.structuredContent).not.toHaveProperty("variables");
    expect(result.structuredContent).not.toHaveProperty("filesRead");
    expect(Object.keys(result.structuredContent).slice(0, 2)).toEqual(["success", "output"]);
    // The text is a short rendering: the answer first, then the call counts.
    const text = result.content[0].text;
    expect(text.startsWith('output:\n  ["src/file0.ts: // TODO: task 0"')).toBe(true);
    expect(text).toContain("src/file39.ts: // TODO: task 39");
    expect(text).toMatch(
      new RegExp(
        `tool calls: ${FILES + 1} \\(find_files ×1 in [\\d.]+ m?s, read_file ×${FILES} in [\\d.]+ m?s\\); files read: ${FILES}`,
      ),
    );
    expect(text).not.toContain('"durationMs"');
    expect(result.content).toHaveLength(1);
  });

  it.each(["run_program", "delegate"])(
    "%s with trace full still gives every call with its arguments and result",
    async (name) => {
      const args =
        name === "run_program"
          ? { program: FIND_TODOS, trace: "full" }
          : { intent: "find all TODO comments", trace: "full" };
      const result = await call(name, args);
      const trace = result.structuredContent.trace;
      expect(trace).toHaveLength(FILES + 1);
      expect(trace[1].result).toContain("// TODO: task 0");
      expect(trace[1].result.length).toBeGreaterThan(3000);
      expect(bytes(result)).toBeGreaterThan(FILES * 3000);
    },
  );

  it.each([
    ["run_program", { program: FIND_TODOS }],
    ["delegate", { intent: "find all TODO comments" }],
    ["run_program", { program: `for (const i of range(300)) file_size("src/file0.ts")\n"done"` }],
  ])("%s gives text and structured content of about the same size", async (name, args) => {
    const result = await call(name, args);
    const structured = Buffer.byteLength(JSON.stringify(result.structuredContent));
    const text = Buffer.byteLength(result.content[0].text);
    expect(structured / text).toBeGreaterThan(0.5);
    expect(structured / text).toBeLessThan(2);
  });

  it("drops the trace for trace none", async () => {
    const result = await call("run_program", { program: FIND_TODOS, trace: "none" });
    expect(result.structuredContent.trace).toEqual([]);
    expect(result.structuredContent.stats.toolCalls).toBe(FILES + 1);
    expect(result.content[0].text).toContain(`tool calls: ${FILES + 1}`);
  });

  it("cuts a large output with a marker and the full size", async () => {
    const result = await call("run_program", {
      program: `read_file("src/file1.ts")`,
      maxOutputChars: 200,
    });
    const output: string = result.structuredContent.output;
    expect(output).toMatch(/…\[truncated: \d+ chars in full\]$/);
    expect(output.length).toBeLessThan(260);
    expect(result.structuredContent.truncated).toEqual([
      { part: "output", totalChars: expect.any(Number), shownChars: 200 },
    ]);
    expect(result.structuredContent.truncated[0].totalChars).toBeGreaterThan(3000);
    expect(result.content[0].text).toContain("output cut to 200 of");
  });

  it("refuses a trace detail it does not know", async () => {
    const result = await call("run_program", { program: "1", trace: "verbose" }).catch(
      (error: Error) => ({ isError: true, content: [{ type: "text", text: error.message }] }),
    );
    expect(result.isError).toBe(true);
  });
});

describe("the code-mode prompt", () => {
  it("is listed with its optional kit argument", async () => {
    const { prompts } = await client.listPrompts();
    const prompt = prompts.find((entry) => entry.name === "lackpy");
    expect(prompt?.arguments).toEqual([expect.objectContaining({ name: "kit", required: false })]);
  });

  it("teaches the language and the default kit's typed signatures", async () => {
    const prompt = await client.getPrompt({ name: "lackpy", arguments: {} });
    const text = (prompt.messages[0].content as { text: string }).text;
    expect(prompt.messages[0].role).toBe("user");
    expect(text).toContain("run_program");
    expect(text).toContain('The kit "readonly" (grade w=1 d=0)');
    expect(text).toContain("read_file(path: string) -> string");
    expect(text).toContain("# The lackpy language");
    expect(text).toContain(service.languageSpec().markdown);
  });

  it("renders for a named kit", async () => {
    const prompt = await client.getPrompt({ name: "lackpy", arguments: { kit: "files" } });
    const text = (prompt.messages[0].content as { text: string }).text;
    expect(text).toContain("write_file(path: string, content: string)");
  });

  it("answers an unknown kit with an error naming it", async () => {
    await expect(client.getPrompt({ name: "lackpy", arguments: { kit: "nope" } })).rejects.toThrow(
      /nope/,
    );
  });
});
