import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as ai from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { closeWorkerPool } from "@lackpy/run/node";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adapter from "./index.js";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;

const AsyncFunction = async function () {}.constructor as new (
  ...parameters: string[]
) => (...values: unknown[]) => Promise<void>;

/** Runs a README code block (TypeScript) with its named imports bound to `modules`; returns what it logged. */
async function runExample(code: string, modules: Record<string, object>): Promise<string[]> {
  const script = ts.transpileModule(code, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  const names: string[] = [];
  const values: unknown[] = [];
  const body = script.replace(/^import \{ (.+) \} from "(.+)";\n/gm, (_, list: string, from) => {
    expect(modules, `the test provides ${from}`).toHaveProperty([from]);
    for (const name of list.split(", ")) {
      names.push(name);
      values.push(modules[from][name as keyof object]);
    }
    return "";
  });
  expect(body).not.toMatch(/^import /m);
  const logged: string[] = [];
  const console = { log: (...parts: unknown[]) => logged.push(parts.join(" ")) };
  await new AsyncFunction(...names, "console", body)(...values, console);
  return logged;
}

let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-ai-sdk-readme-"));
  await mkdir(path.join(workspace, "src"));
  await writeFile(path.join(workspace, "src/a.ts"), "const a = 1;\nexport { a };\n");
  await writeFile(path.join(workspace, "src/b.ts"), "export const b = 2;\n");
});

afterAll(async () => {
  await closeWorkerPool();
  await rm(workspace, { recursive: true, force: true });
});

describe("the README", () => {
  it("runs its usage example, with the model answering the README's program", async () => {
    const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
    const [usage, program] = [...readme.matchAll(/```(?:ts|js)\n([\s\S]*?)```/g)].map(
      (match) => match[1],
    );
    const finish = (content: GenerateResult["content"]): GenerateResult => ({
      content,
      finishReason: { unified: content[0].type === "tool-call" ? "tool-calls" : "stop", raw: "" },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 1, text: 1, reasoning: undefined },
      },
      warnings: [],
    });
    const model = new MockLanguageModelV3({
      doGenerate: async ({ prompt }) => {
        const result = prompt.flatMap((message) =>
          message.role === "tool" ? message.content : [],
        )[0];
        if (result?.type !== "tool-result")
          return finish([
            {
              type: "tool-call",
              toolCallId: "1",
              toolName: "lackpy",
              input: JSON.stringify({ program }),
            },
          ]);
        const value = (result.output as unknown as { value: { output: number } }).value;
        return finish([{ type: "text", text: `${value.output} lines.` }]);
      },
    });
    const anthropic = (name: string) => {
      expect(name).toBe("claude-sonnet-4-5");
      return model;
    };

    expect(usage).toContain('workspace: "my-project"');
    const logged = await runExample(usage.replace('"my-project"', JSON.stringify(workspace)), {
      ai,
      "@ai-sdk/anthropic": { anthropic },
      "@lackpy/ai-sdk": adapter,
    });

    // Three lines in src/a.ts and two in src/b.ts, counting the empty last line as the README's program does.
    expect(logged).toEqual(["5 lines."]);
    expect(model.doGenerateCalls).toHaveLength(2);
  });
});
