import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { LackpyService } from "@lackpy/service";
import { INPUT_DESCRIPTIONS } from "@lackpy/service/agent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lackpyTool } from "./lackpy-tool.js";

type CallOptions = Parameters<MockLanguageModelV3["doGenerate"]>[0];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;
type Content = GenerateResult["content"][number];

let workspace: string;
let service: LackpyService;

const FILES: Record<string, string> = {
  "src/inventory.ts": "export const items = 3;\nexport const names = ['a', 'b', 'c'];\n",
  "src/report.ts": "import { items } from './inventory';\nconsole.log(items);\n",
  "src/cli.py": "print('hello')\n",
  "README.md": "# demo\n",
};

beforeAll(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-ai-sdk-"));
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

/** One model turn: the given content, finishing with tool calls when there are any. */
function turn(content: Content[]): GenerateResult {
  const calls = content.some((part) => part.type === "tool-call");
  return {
    content,
    finishReason: { unified: calls ? "tool-calls" : "stop", raw: undefined },
    usage: {
      inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 5, text: 5, reasoning: undefined },
    },
    warnings: [],
  };
}

const callLackpy = (id: string, input: Record<string, string>): Content => ({
  type: "tool-call",
  toolCallId: id,
  toolName: "lackpy",
  input: JSON.stringify(input),
});

/** The value of the latest lackpy tool result in the prompt, or undefined before the first. */
function lastToolResult(options: CallOptions): any {
  const results = options.prompt
    .filter((message) => message.role === "tool")
    .flatMap((message) => message.content)
    .filter((part) => part.type === "tool-result");
  const last = results.at(-1);
  if (!last) return undefined;
  expect(last.output.type).toBe("json");
  return (last.output as { value: unknown }).value;
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
    const seen: any[] = [];
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        const result = lastToolResult(options);
        seen.push(result);
        if (result === undefined) return turn([callLackpy("call-1", { program: INVALID })]);
        if (!result.success) return turn([callLackpy("call-2", { program: CORRECTED })]);
        const { files, lines } = result.output;
        return turn([
          { type: "text", text: `${files.length} TypeScript files, ${lines} lines in all.` },
        ]);
      },
    });

    const lackpy = await lackpyTool({ service, kit: "readonly" });
    const answer = await generateText({
      model,
      tools: { lackpy },
      stopWhen: stepCountIs(5),
      prompt: "How many TypeScript files are in src, and how many lines do they have?",
    });

    expect(answer.text).toBe("2 TypeScript files, 4 lines in all.");
    expect(answer.steps).toHaveLength(3);
    // The model read the validation error with its line and hint, then the corrected run.
    expect(seen[1]).toEqual({
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
    expect(seen[2]).toMatchObject({
      success: true,
      output: { files: ["src/inventory.ts", "src/report.ts"], lines: 4 },
      trace: [
        { tool: "find_files", calls: 1 },
        { tool: "read_file", calls: 2 },
      ],
    });
    // The model was offered the kit's typed signatures and the language summary.
    const offered = model.doGenerateCalls[0].tools?.[0];
    expect(offered).toMatchObject({ type: "function", name: "lackpy" });
    const description = (offered as { description: string }).description;
    expect(description).toContain("read_file(path: string) -> string");
    expect(description).toContain(
      "find_files(pattern: string, options?: { include_ignored?: boolean, text?: boolean, hidden?: boolean }) -> string[]",
    );
    expect(description).toContain("sorted(xs, key?, reverse?)");
    expect((offered as { inputSchema: unknown }).inputSchema).toMatchObject({
      type: "object",
      required: ["program"],
      properties: { program: { type: "string", description: INPUT_DESCRIPTIONS.program } },
    });
  });
});

describe("lackpyTool in delegate mode", () => {
  it("answers an intent through the rules tier with no model server", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        const result = lastToolResult(options);
        if (result === undefined)
          return turn([callLackpy("call-1", { intent: "list all typescript files" })]);
        return turn([
          { type: "text", text: `Found (${result.tier}): ${result.output.join(", ")}` },
        ]);
      },
    });

    const lackpy = await lackpyTool({ service, kit: "readonly", mode: "delegate" });
    const answer = await generateText({
      model,
      tools: { lackpy },
      stopWhen: stepCountIs(4),
      prompt: "Which TypeScript files does this project have?",
    });

    expect(answer.text).toBe("Found (rules): src/inventory.ts, src/report.ts");
    const [toolResult] = answer.steps[0].toolResults;
    expect(toolResult.output).toMatchObject({
      success: true,
      tier: "rules",
      program: "find_files(pattern, { hidden: true })",
      params: { pattern: "**/*.{ts,tsx,mts,cts}" },
      trace: [{ tool: "find_files", calls: 1 }],
    });
    expect(model.doGenerateCalls[0].tools?.[0]).toMatchObject({
      inputSchema: { required: ["intent"] },
      description: expect.stringContaining(
        "find_files(pattern: string, options?: { include_ignored?: boolean, text?: boolean, hidden?: boolean }) -> string[]",
      ),
    });
  });

  it("gives an empty intent back to the model as an error value", async () => {
    const lackpy = await lackpyTool({ service, kit: "readonly", mode: "delegate" });
    const result = await lackpy.execute!({ intent: "  " }, { toolCallId: "x", messages: [] });
    // The value itself is @lackpy/service/agent's (tested there); here: it is returned, not thrown.
    expect(result).toMatchObject({ success: false, error: { code: "empty_intent" }, trace: [] });
  });
});

describe("lackpyTool's trace option", () => {
  it.each([
    [
      "summary (the default, as over MCP)",
      {},
      [{ tool: "read_file", calls: 1, totalMs: expect.any(Number) }],
    ],
    ["none", { trace: "none" as const }, []],
    [
      "full",
      { trace: "full" as const },
      [expect.objectContaining({ tool: "read_file", args: ["README.md"], result: "# demo\n" })],
    ],
  ])("gives the trace %s", async (_, options, trace) => {
    const lackpy = await lackpyTool({ service, kit: "readonly", ...options });
    const result = await lackpy.execute!(
      { program: 'read_file("README.md")' },
      { toolCallId: "x", messages: [] },
    );
    expect(result).toEqual({ success: true, output: "# demo\n", trace });
  });
});

describe("lackpyTool's abort signal", () => {
  it("stops the run when the agent aborts", async () => {
    const lackpy = await lackpyTool({ service, kit: "readonly" });
    const controller = new AbortController();
    controller.abort();
    const result = await lackpy.execute!(
      { program: 'find_files("**/*")' },
      { toolCallId: "x", messages: [], abortSignal: controller.signal },
    );
    expect(result).toMatchObject({ success: false, error: { code: "cancelled" } });
  });
});

describe("lackpyTool with dryRun", () => {
  it("previews the changes for the model, and the host applies them once the user agreed", async () => {
    const program = 'edit_file("README.md", "# demo", "# demo, reviewed")';
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        const result = lastToolResult(options);
        if (result === undefined) return turn([callLackpy("call-1", { program })]);
        return turn([{ type: "text", text: `Proposed:\n${result.changes[0].diff}` }]);
      },
    });
    const lackpy = await lackpyTool({ service, kit: "files", dryRun: true });
    const answer = await generateText({
      model,
      tools: { lackpy },
      stopWhen: stepCountIs(3),
      prompt: "Mark the readme as reviewed.",
    });
    const [toolResult] = answer.steps[0].toolResults;
    const output = toolResult.output as { changeId: string; changes: unknown[] };
    expect(output).toMatchObject({
      success: true,
      changes: [{ path: "README.md", action: "modify" }],
      changeId: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    expect(answer.text).toBe(
      "Proposed:\n--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-# demo\n+# demo, reviewed\n",
    );
    expect(await readFile(path.join(workspace, "README.md"), "utf8")).toBe("# demo\n");
    // The user agreed: the host applies exactly what the model was shown.
    await service.applyChanges(output.changeId);
    expect(await readFile(path.join(workspace, "README.md"), "utf8")).toBe("# demo, reviewed\n");
    await service.undo();
    expect(await readFile(path.join(workspace, "README.md"), "utf8")).toBe("# demo\n");
  });
});
