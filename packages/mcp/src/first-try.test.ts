/**
 * What an agent sees over MCP, end to end: the built `lackpy mcp serve` driven by the official
 * client over stdio, in a workspace whose config names four trusted MCP servers. Each fixture
 * server appends to its own marker file the moment its process runs.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { LackpyService } from "@lackpy/service";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeMarkerServer } from "../../service/src/__fixtures__/marker-servers.mjs";

const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
const CLI = fileURLToPath(new URL("../../cli/bin/lackpy.js", import.meta.url));
const SERVERS = ["a", "b", "c", "d"];
const previousState = process.env.XDG_STATE_HOME;

let folder: string;
let workspace: string;
let client: Client;

type Result = {
  isError?: boolean;
  structuredContent?: any;
  content: { type: string; text: string }[];
};
const call = (name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }) as Promise<Result>;

async function starts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const server of SERVERS) {
    const text = await readFile(path.join(folder, `${server}.log`), "utf8").catch(() => "");
    counts[server] = text.split("\n").filter(Boolean).length;
  }
  return counts;
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "lackpy-first-try-"));
  const state = path.join(folder, "state");
  process.env.XDG_STATE_HOME = state;
  workspace = path.join(folder, "workspace");
  await cp(EXAMPLE, workspace, { recursive: true });
  await mkdir(path.join(folder, "servers"));
  const config = ['[run]\nmode = "in-process"\n'];
  for (const server of SERVERS) {
    const script = path.join(folder, "servers", `${server}.mjs`);
    await writeFile(script, nodeMarkerServer(path.join(folder, `${server}.log`)));
    config.push(
      `[mcp_servers.${server}]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(script)}]\n`,
    );
  }
  await mkdir(path.join(workspace, ".lackpy"), { recursive: true });
  await writeFile(path.join(workspace, ".lackpy", "config.toml"), config.join("\n"));
  // A person trusted the workspace's config (`lackpy trust`): the servers may start.
  const service = await LackpyService.open({ workspace });
  expect((await service.trust()).trusted).toBe(true);
  await service.close();
  client = new Client({ name: "first-try", version: "0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "mcp", "serve", "--workspace", workspace],
      env: { ...(process.env as Record<string, string>), XDG_STATE_HOME: state },
    }),
  );
});

afterAll(async () => {
  await client.close();
  if (previousState === undefined) delete process.env.XDG_STATE_HOME;
  else process.env.XDG_STATE_HOME = previousState;
  await rm(folder, { recursive: true, force: true });
});

describe("an agent over MCP, first try", () => {
  it("sees run_program name every default-kit tool with its signature, and the language", async () => {
    const { tools } = await client.listTools();
    const description = tools.find((tool) => tool.name === "run_program")?.description ?? "";
    for (const signature of [
      "read_file(path: string) -> string",
      "find_files(pattern: string, options?: { include_ignored?: boolean, text?: boolean, hidden?: boolean }) -> string[]",
      "file_size(path: string) -> number",
      'list_folder(path?: string) -> { name: string, path: string, kind: "file" | "folder" }[]',
      "read_lines(path: string, start: number, end?: number) -> string[]",
      "search_files(text: string, glob?: string) -> { file: string, line: number, text: string }[]",
      "definitions_of(name: string, glob?: string) -> { file: string, line: number, text: string, kind?: string, bundled?: boolean, local?: boolean }[]",
    ])
      expect(description).toContain(`\n${signature} — `);
    expect(description).toContain("Refused (write instead): regex lookaround and backreferences");
    expect(description).toContain("for (let i = 0; i < n; i++)");
    expect(Buffer.byteLength(description)).toBeLessThan(6144);
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["search_tools", "describe_tool"]),
    );
    expect(await starts()).toEqual({ a: 0, b: 0, c: 0, d: 0 });
  });

  it("leaves an agent that reads only tools/list nothing to guess (issue 38's list)", async () => {
    const { tools } = await client.listTools();
    const description = tools.find((tool) => tool.name === "run_program")?.description ?? "";
    const answers: [string, string][] = [
      ["search_files: literal or regex, and case", "plain, not a regex, case-sensitive,"],
      ["globs: top-level files", "** any depth (**/*.ts has a.ts too)"],
      ["globs: dotfiles", "Leaves out hidden names (.vscode, not .github) unless { hidden: true }"],
      ["globs: node_modules", "node_modules unless named"],
      ["globs: .gitignore", ".gitignored files unless { include_ignored: true }"],
      ["read_lines numbering", "Lines start to end of a text file, from 1, both included"],
      ["list_folder paths", "paths workspace-relative):"],
      ["sorted's key", 'sorted(xs, key?, reverse?) (key: "field" or x => value)'],
      ["?. and ??", 'xs[0]?.name ?? "none"'],
      ["typeof and ++", " ?? ! typeof ++ -- = += "],
      ["const f = x => …", "const f = x => … (pass arrows directly)"],
      ["a line starting with ( or [", "a line starting with (, [ or ` (asi_hazard"],
      [
        "a line count and the trailing newline",
        'line_count(text) (a final "\\n" ends the last line; "" has 0)',
      ],
      ["taking only text files", "find_files(glob, { text: true }) lists readable ones"],
      [
        "the files kit's tools",
        'kit "files": the tools above, plus:\nwrite_file(path: string, content: string) -> number',
      ],
      ["edit_file's rule", "Replace old, found exactly once (every one with { all: true })"],
      ["what to do on a failure", "If it fails, fix it from error.errors (line, column from 1"],
    ];
    for (const [question, answer] of answers) expect(description, question).toContain(answer);
    // No description is cut: no tool line ends in an ellipsis.
    expect(description).not.toMatch(/…\n/);
    expect(description).not.toContain("On success: false");
  });

  it("runs a builtin-only program with four trusted servers configured, starting none", async () => {
    const result = await call("run_program", {
      program: [
        "const sizes = []",
        'for (const file of find_files("src/**/*.ts")) {',
        '  sizes.push({ file, lines: len(read_file(file).split("\\n")) })',
        "}",
        "sorted(sizes, s => s.lines, true).map(s => s.file)",
      ].join("\n"),
    });
    expect(result.isError ?? false).toBe(false);
    expect(result.structuredContent.output).toEqual(
      expect.arrayContaining(["src/inventory.ts", "src/report.ts"]),
    );
    expect(result.content[0].text.startsWith("output:\n")).toBe(true);
    expect(await starts()).toEqual({ a: 0, b: 0, c: 0, d: 0 });
  });

  it("starts only the server whose tool a program calls", async () => {
    const result = await call("run_program", { program: 'b_hello("agent")', kit: ["b_hello"] });
    expect(result.structuredContent.output).toBe("hello agent");
    expect(await starts()).toEqual({ a: 0, b: 1, c: 0, d: 0 });
  });

  it("refuses limits with a bogus key, naming the limits there are", async () => {
    const result = await call("run_program", {
      program: "1 + 1",
      limits: { timeoutMs: 2000, toolTimeout: 100 },
    });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain(
      'limits: unknown limit "toolTimeout": the limits are timeoutMs, maxSteps, toolTimeoutMs',
    );
  });
});
