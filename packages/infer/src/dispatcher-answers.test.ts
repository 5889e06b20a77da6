import type { ToolSpec } from "@lackpy/lang";
import { afterEach, describe, expect, it } from "vitest";
import { startModelStub, type ModelStub } from "./__fixtures__/model-stub.js";
import { Dispatcher, type GenerationFailure, type GenerationResult } from "./dispatcher.js";
import { OllamaProvider } from "./models/ollama-provider.js";
import type { GenerationContext } from "./provider-types.js";
import { RulesProvider } from "./rules/rules-provider.js";

const TOOLS: ToolSpec[] = [
  { name: "read_file", args: [{ name: "path", type: "string" }], returns: "string" },
  { name: "find_files", args: [{ name: "pattern", type: "string" }], returns: "string[]" },
];
const CONTEXT: GenerationContext = { kit: { tools: TOOLS }, params: {} };

let stubs: ModelStub[] = [];
afterEach(async () => {
  await Promise.all(stubs.map((stub) => stub.close()));
  stubs = [];
});

/** Asks a dispatcher of rules and an Ollama stub that answers every chat with `replies` in turn. */
async function generate(intent: string, ...replies: string[]) {
  const stub = await startModelStub(replies);
  stubs.push(stub);
  const dispatcher = new Dispatcher([
    new RulesProvider(),
    new OllamaProvider({ host: stub.url, model: "m" }),
  ]);
  const result = await dispatcher.generate(intent, CONTEXT);
  const chats = stub.requests
    .filter((request) => request.path === "/api/chat")
    .map((request) => request.body);
  return { result, chats };
}

const failure = (result: GenerationResult | GenerationFailure) => {
  expect(result.success).toBe(false);
  return (result as GenerationFailure).error;
};

const BROKEN: [string, string, string][] = [
  ["a missing parenthesis", 'const files = find_files("**/*"\n[]', "[]"],
  ["prose before unfenced code", 'Here is the program:\nfind_files("**/*.md")', "Here is"],
  ["a stray closing bracket", 'find_files("*")\n)\nlen([])', ")"],
  ["an unclosed string", 'read_file("README.md)', '"README.md)'],
  ["a fenced block that does not parse", 'Sure:\n```js\nfind_files("*"\n```', 'find_files("*"'],
];

describe("Dispatcher with answers that are not programs", () => {
  it.each(BROKEN)(
    "never accepts %s: it retries with the parse error, then fails with it",
    async (_name, reply, _fragment) => {
      const { result, chats } = await generate("summarise what the project does", reply);
      const error = failure(result);
      expect(chats).toHaveLength(3);
      expect(error.code).toBe("parse_error");
      expect(error.provider).toBe("ollama");
      expect(error.program).toBe(reply.startsWith("Sure:") ? 'find_files("*"' : reply);
      expect(error.errors?.[0]).toMatchObject({ code: "parse_error" });
      expect(error.errors?.[0].line).toBeGreaterThanOrEqual(1);
      expect(error.tiers.map((tier) => tier.provider)).toEqual(["rules", "ollama"]);
      expect(error.tiers[1].attempts?.map((attempt) => attempt.accepted)).toEqual([
        false,
        false,
        false,
      ]);
      const retry = chats[1].messages.at(-1).content as string;
      const { line, column } = error.errors![0];
      expect(retry).toContain(`line ${line}, column ${column}: Syntax error`);
      expect(retry).toContain(`${line} | ${error.program!.split("\n")[line - 1]}`);
      expect(retry).toContain(`| ${" ".repeat(column - 1)}^`);
    },
  );

  it.each([
    ["an empty reply", ""],
    ["whitespace", "  \n\n "],
    ["a line comment", "// list the files"],
    ["block and line comments", "/* TODO */\n// nothing here\n"],
    ["semicolons", ";;"],
    ["a bare null", "null"],
    ["undefined after a comment", "// no idea\nundefined;"],
    ["an empty fence", "```js\n```"],
    ["a fence holding a comment", "Here:\n```js\n// find_files('*')\n```"],
    ["a think block and nothing else", "<think>I should list files</think>"],
    ["only a Node import, which cleanup drops", 'import fs from "fs"'],
  ])("never accepts %s: it fails with empty_program", async (_name, reply) => {
    const { result, chats } = await generate("describe the project layout", reply);
    const error = failure(result);
    expect(chats).toHaveLength(3);
    expect(error.code).toBe("empty_program");
    expect(error.errors?.[0]).toMatchObject({
      code: "empty_program",
      message: "The answer has no program: it is empty, only comments, or only null.",
    });
    expect(chats[1].messages.at(-1).content).toContain(
      "The answer has no program: it is empty, only comments, or only null.",
    );
  });

  it("accepts a fixed program after an empty one, recording the correction", async () => {
    const { result } = await generate("describe the project layout", "", 'find_files("**/*")');
    expect(result).toMatchObject({ success: true, program: 'find_files("**/*")', attempts: 2 });
    const accepted = (result as GenerationResult).correction?.attempts.map((attempt) => [
      attempt.strategy,
      attempt.accepted,
      attempt.errors[0]?.split(":")[0],
    ]);
    expect(accepted).toEqual([
      ["initial", false, "empty_program"],
      ["retry", true, undefined],
    ]);
  });

  it.each([
    [
      "two program blocks",
      '```js\nfind_files("*.md")\n```\nor maybe\n```js\nfind_files("*.ts")\n```',
    ],
    ["code outside the block", 'const files = find_files("*.md")\n```js\nlen(files)\n```'],
  ])("never picks a program out of %s: it fails with ambiguous_answer", async (_name, reply) => {
    const { result, chats } = await generate("tell me how big the docs are", reply);
    const error = failure(result);
    expect(error.code).toBe("ambiguous_answer");
    expect(error.program).toBe(reply);
    expect(chats[1].messages.at(-1).content).toContain("Fix: answer with exactly one program");
  });

  it.each([
    [
      "a fenced program with prose",
      'Sure! Here is the program:\n```javascript\nconst files = find_files("**/*.md")\nlen(files)\n```\nIt counts the markdown files.',
      'const files = find_files("**/*.md")\nlen(files)',
    ],
    [
      "a program with ``` in string literals",
      'const lines = read_file("README.md").split("\\n")\nlines.filter(line => line.startsWith("```")).length',
      'const lines = read_file("README.md").split("\\n")\nlines.filter(line => line.startsWith("```")).length',
    ],
    [
      "a fenced program with ``` in string literals",
      '```js\nconst fences = read_file("a.md").split("\\n").filter(l => l.startsWith("```"))\nconst inside = fences.length > 0 && fences[0] !== "```"\ninside\n```',
      'const fences = read_file("a.md").split("\\n").filter(l => l.startsWith("```"))\nconst inside = fences.length > 0 && fences[0] !== "```"\ninside',
    ],
  ])("accepts %s exactly as written", async (_name, reply, program) => {
    const { result, chats } = await generate("tell me how many fences the readme has", reply);
    expect(result).toMatchObject({ success: true, tier: "ollama", program, correction: null });
    expect(chats).toHaveLength(1);
  });

  it("answers 'which files have todos' from the rules, sending nothing to the model", async () => {
    const { result, chats } = await generate("which files have todos", BROKEN[0][1]);
    expect(result).toMatchObject({ success: true, tier: "rules" });
    expect(chats).toEqual([]);
  });

  it("says generation_failed, with no program, when no tier wrote one", async () => {
    const result = await new Dispatcher([new RulesProvider()]).generate("summarise it", CONTEXT);
    const error = failure(result);
    expect(error).toEqual({
      code: "generation_failed",
      message:
        "No tier could write a valid program for this intent (rules: no match; no rule reads 'summarise').",
      tiers: [{ provider: "rules", reason: "no match; no rule reads 'summarise'" }],
    });
  });
});
