import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { DEFAULT_CONFIG, LackpyService } from "@lackpy/service";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "./create-mcp-server.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
const CLI = fileURLToPath(new URL("../../cli/bin/lackpy.js", import.meta.url));
let outerRoot: string;
let innerRoot: string;
let outer: LackpyService;
let client: Client;

beforeAll(async () => {
  outerRoot = await mkdtemp(path.join(os.tmpdir(), "lackpy-outer-"));
  innerRoot = await mkdtemp(path.join(os.tmpdir(), "lackpy-inner-"));
  await cp(EXAMPLE, innerRoot, { recursive: true });
  const config = structuredClone(DEFAULT_CONFIG);
  config.run.mode = "in-process";
  // The outer lackpy composes the inner one: `lackpy mcp serve` is one of its MCP servers.
  config.mcpServers = {
    inner: {
      command: process.execPath,
      args: [CLI, "mcp", "serve", "--workspace", innerRoot],
      connectTimeoutMs: 15_000,
    },
  };
  outer = await LackpyService.open({ workspace: outerRoot, config });
  const server = createMcpServer(outer);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  client = new Client({ name: "composition-test", version: "0" });
  await client.connect(clientTransport);
});

afterAll(async () => {
  await client.close();
  await outer.close();
  await rm(outerRoot, { recursive: true, force: true });
  await rm(innerRoot, { recursive: true, force: true });
});

describe("lackpy composing lackpy over MCP", () => {
  it("types the inner lackpy's tools from their JSON Schemas", async () => {
    const info = await outer.kitInfo(["inner_run_program", "inner_validate"]);
    expect(info.tools[0].args?.map((arg) => `${arg.name}${arg.optional ? "?" : ""}`)).toEqual([
      "program",
      "kit?",
      "params?",
      "rules?",
      "limits?",
      "dryRun?",
      "trace?",
      "maxOutputChars?",
    ]);
    expect(info.tools[0].args?.[5].type).toBe("boolean");
    expect(info.tools[0].args?.[6].type).toBe('"none" | "summary" | "full"');
    expect(info.tools[1].args?.[1].type).toBe("string | string[] | object");
  });

  it("runs a program whose tool calls validate and run programs in the inner lackpy", async () => {
    const program = [
      `const inner = "len(find_files('src/**/*'))"`,
      `const checked = inner_validate(inner)`,
      `const ran = inner_run_program(inner, "readonly")`,
      `const answer = { valid: checked.valid, files: ran.output, calls: len(ran.trace) }`,
      `answer`,
    ].join("\n");
    const result = await outer.runProgram(program, {
      kit: ["inner_validate", "inner_run_program"],
    });
    expect(result.error).toBeNull();
    expect(result.output).toEqual({ valid: true, files: 3, calls: 1 });
  });

  it("answers an outer MCP client's run_program through the inner lackpy", async () => {
    const result = (await client.callTool({
      name: "run_program",
      arguments: {
        program: `inner_run_program("read_file('README.md').split('\\\\n')[0]").output`,
        kit: ["inner_run_program"],
      },
    })) as { isError?: boolean; structuredContent: { output: unknown; trace: unknown[] } };
    expect(result.isError ?? false).toBe(false);
    expect(result.structuredContent.output).toBe("# inventory");
    expect(result.structuredContent.trace).toEqual([
      { tool: "inner_run_program", calls: 1, totalMs: expect.any(Number) },
    ]);
  });

  it("reports the inner lackpy's invalid program as a tool_error with its rendering", async () => {
    const result = await outer.runProgram(`inner_validate("var x = 1")`, {
      kit: ["inner_validate"],
    });
    expect(result.error?.code).toBe("tool_error");
    expect(result.error?.message).toContain("Tool inner_validate failed: invalid: 1 error");
    expect(result.error?.message).toContain("forbidden_syntax");
  });
});
