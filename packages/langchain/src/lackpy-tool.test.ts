import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { DynamicStructuredTool } from "@langchain/core/tools";
import { DEFAULT_CONFIG, LackpyService } from "@lackpy/service";
import { INPUT_DESCRIPTIONS } from "@lackpy/service/agent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, ScriptedChatModel } from "./__fixtures__/scripted-chat-model.js";
import { lackpyTool } from "./lackpy-tool.js";

let workspace: string;
let service: LackpyService;

const FILES: Record<string, string> = {
  "src/inventory.ts": "export const items = 3;\nexport const names = ['a', 'b', 'c'];\n",
  "src/report.ts": "import { items } from './inventory';\nconsole.log(items);\n",
  "src/cli.py": "print('hello')\n",
  "README.md": "# demo\n",
};

beforeAll(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-langchain-"));
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(workspace, file)), { recursive: true });
    await writeFile(path.join(workspace, file), text);
  }
  // No provider keys from the host: only the templates and rules tiers can answer.
  service = await LackpyService.open({ workspace, env: {} });
});

afterAll(async () => {
  await service.close();
  await rm(workspace, { recursive: true, force: true });
});

/** A tool-calling agent loop: the model replies, each tool call runs, until a reply calls none. */
async function runAgent(
  model: ScriptedChatModel,
  tools: DynamicStructuredTool[],
  question: string,
  maxTurns: number,
): Promise<{ answer: unknown; messages: BaseMessage[] }> {
  const bound = model.bindTools(tools);
  const messages: BaseMessage[] = [new HumanMessage(question)];
  for (let turn = 0; turn < maxTurns; turn++) {
    const reply = await bound.invoke(messages);
    messages.push(reply);
    if (!(reply instanceof AIMessage) || !reply.tool_calls?.length)
      return { answer: reply.content, messages };
    for (const call of reply.tool_calls) {
      const tool = tools.find((candidate) => candidate.name === call.name);
      messages.push(await tool!.invoke(call));
    }
  }
  throw new Error(`no answer after ${maxTurns} turns`);
}

const INVALID = 'const files = find_files("src/**/*.ts")\nreturn files.length';
const CORRECTED = [
  'const files = find_files("src/**/*.ts")',
  "let lines = 0",
  'for (const file of files) lines += read_file(file).split("\\n").length - 1',
  "const answer = { files, lines }",
  "answer",
].join("\n");

describe("lackpyTool in program mode", () => {
  it("lets a model correct an invalid program and answer with the result", async () => {
    const results: any[] = [];
    const model = new ScriptedChatModel((messages, result) => {
      results.push(result);
      if (result === undefined) return callTool("call-1", "lackpy", { program: INVALID });
      if (!result.success) return callTool("call-2", "lackpy", { program: CORRECTED });
      return new AIMessage(
        `${result.output.files.length} TypeScript files, ${result.output.lines} lines in all.`,
      );
    });
    const lackpy = await lackpyTool({ service, kit: "readonly" });

    const { answer, messages } = await runAgent(
      model,
      [lackpy],
      "How many TypeScript files are in src, and how many lines do they have?",
      5,
    );

    expect(answer).toBe("2 TypeScript files, 4 lines in all.");
    expect(model.calls).toHaveLength(3);
    expect(messages.filter((message) => message instanceof ToolMessage)).toHaveLength(2);
    expect(results[1]).toEqual({
      success: false,
      error: {
        code: "invalid_program",
        message: "A return statement outside an arrow function is not allowed in lackpy programs.",
        errors: [
          {
            code: "forbidden_syntax",
            message:
              "A return statement outside an arrow function is not allowed in lackpy programs.",
            line: 2,
            column: 1,
            hint: "end the program with the value as a bare expression instead of return",
          },
        ],
      },
      trace: [],
    });
    expect(results[2]).toMatchObject({
      success: true,
      output: { files: ["src/inventory.ts", "src/report.ts"], lines: 4 },
      trace: [
        { tool: "find_files", calls: 1 },
        { tool: "read_file", calls: 2 },
      ],
    });
    // The model was offered the kit's typed signatures, the language summary and the schema.
    const [offered] = model.boundTools as DynamicStructuredTool[];
    expect(offered.name).toBe("lackpy");
    expect(offered.description).toContain("read_file(path: string) -> string");
    expect(offered.description).toContain("sorted(xs, key?, reverse?)");
    expect(Object.keys((offered.schema as any).shape)).toEqual(["program"]);
    expect((offered.schema as any).shape.program.description).toBe(INPUT_DESCRIPTIONS.program);
  });
});

describe("lackpyTool in delegate mode", () => {
  it("answers an intent through the rules tier with no model server", async () => {
    const model = new ScriptedChatModel((messages, result) =>
      result === undefined
        ? callTool("call-1", "files", { intent: "list all typescript files" })
        : new AIMessage(`Found (${result.tier}): ${result.output.join(", ")}`),
    );
    const lackpy = await lackpyTool({ service, kit: "readonly", mode: "delegate", name: "files" });

    const { answer, messages } = await runAgent(
      model,
      [lackpy],
      "Which TypeScript files does this project have?",
      4,
    );

    expect(answer).toBe("Found (rules): src/inventory.ts, src/report.ts");
    const reply = messages.find((message) => message instanceof ToolMessage) as ToolMessage;
    expect(reply.tool_call_id).toBe("call-1");
    expect(JSON.parse(reply.content as string)).toMatchObject({
      success: true,
      tier: "rules",
      program: "find_files(pattern, { hidden: true })",
      params: { pattern: "**/*.{ts,tsx,mts,cts}" },
      trace: [{ tool: "find_files", calls: 1 }],
    });
    expect(lackpy.description).toContain("give the intent in words");
  });

  it("returns the result object when invoked directly, and an empty intent as an error value", async () => {
    const lackpy = await lackpyTool({ service, kit: "readonly", mode: "delegate" });
    expect(await lackpy.invoke({ intent: "list all python files" })).toMatchObject({
      success: true,
      output: ["src/cli.py"],
    });
    const empty = await lackpy.invoke({ intent: " " });
    expect(empty).toMatchObject({
      success: false,
      error: { code: "empty_intent", hint: /e\.g\./ },
    });
  });
});

describe("lackpyTool's trace option", () => {
  it.each([
    [
      "summary (the default, as over MCP)",
      {},
      [{ tool: "find_files", calls: 1, totalMs: expect.any(Number) }],
    ],
    ["none", { trace: "none" as const }, []],
    [
      "full",
      { trace: "full" as const },
      [expect.objectContaining({ tool: "find_files", args: ["**/*.py"] })],
    ],
  ])("gives the trace %s", async (_, options, trace) => {
    const lackpy = await lackpyTool({ service, kit: "readonly", ...options });
    expect(await lackpy.invoke({ program: 'find_files("**/*.py")' })).toEqual({
      success: true,
      output: ["src/cli.py"],
      trace,
    });
  });
});

describe("lackpyTool's abort signal", () => {
  it("reaches the running program's tool call when the caller aborts", async () => {
    const controller = new AbortController();
    let toolSawAbort = false;
    const config = structuredClone(DEFAULT_CONFIG);
    config.run.mode = "in-process";
    const waiting = new LackpyService({
      workspace,
      env: {},
      config,
      extendToolbox: (toolbox) => {
        toolbox.registerProvider({
          name: "local",
          resolve: async () =>
            function (this: { signal: AbortSignal }) {
              const aborted = new Promise((resolve) =>
                this.signal.addEventListener("abort", () => resolve((toolSawAbort = true))),
              );
              controller.abort();
              return aborted;
            },
        });
        toolbox.registerTool({ name: "wait_for_abort", provider: "local", returns: "boolean" });
      },
    });
    const lackpy = await lackpyTool({ service: waiting, kit: ["wait_for_abort"] });

    const outcome = await lackpy
      .invoke({ program: "wait_for_abort()" }, { signal: controller.signal })
      .catch((error: unknown) => error);

    expect(outcome).toMatchObject({ name: "AbortError" });
    await expect.poll(() => toolSawAbort).toBe(true);
  });
});

describe("lackpyTool with dryRun", () => {
  it("returns the changes with diffs and a changeId, and writes nothing until the host applies it", async () => {
    const lackpy = await lackpyTool({ service, kit: "files", dryRun: true });
    const result = (await lackpy.invoke({
      program: 'write_file("CHANGELOG.md", "## 1.0\\n")',
    })) as { changes: unknown[]; changeId: string };
    expect(result).toMatchObject({
      success: true,
      changes: [
        {
          path: "CHANGELOG.md",
          action: "create",
          diff: "--- /dev/null\n+++ b/CHANGELOG.md\n@@ -0,0 +1 @@\n+## 1.0\n",
        },
      ],
    });
    await expect(readFile(path.join(workspace, "CHANGELOG.md"), "utf8")).rejects.toThrow();
    await service.applyChanges(result.changeId);
    expect(await readFile(path.join(workspace, "CHANGELOG.md"), "utf8")).toBe("## 1.0\n");
    await service.undo();
    await expect(readFile(path.join(workspace, "CHANGELOG.md"), "utf8")).rejects.toThrow();
  });
});
