import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as messages from "@langchain/core/messages";
import { closeWorkerPool } from "@lackpy/run/node";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, ScriptedChatModel } from "./__fixtures__/scripted-chat-model.js";
import * as adapter from "./index.js";

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
  workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-langchain-readme-"));
  await mkdir(path.join(workspace, "src"));
  await writeFile(path.join(workspace, "src/a.ts"), "export const a = 1;\n");
  await writeFile(path.join(workspace, "src/b.ts"), "export const b = 2;\n");
  await writeFile(path.join(workspace, "notes.md"), "# notes\n");
});

afterAll(async () => {
  await closeWorkerPool();
  await rm(workspace, { recursive: true, force: true });
});

describe("the README", () => {
  it("runs its usage example as an agent loop", async () => {
    const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
    const [usage] = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
    const model = new ScriptedChatModel((_, result) =>
      result === undefined
        ? callTool("1", "lackpy", { intent: "list all typescript files" })
        : new messages.AIMessage(`The TypeScript files are ${result.output.join(" and ")}.`),
    );
    function ChatAnthropic(options: { model: string }) {
      expect(options.model).toBe("claude-sonnet-4-5");
      return model;
    }

    expect(usage).toContain('workspace: "my-project"');
    const logged = await runExample(usage.replace('"my-project"', JSON.stringify(workspace)), {
      "@langchain/anthropic": { ChatAnthropic },
      "@langchain/core/messages": messages,
      "@lackpy/langchain": adapter,
    });

    expect(logged).toEqual(["The TypeScript files are src/a.ts and src/b.ts."]);
    expect(model.calls).toHaveLength(2);
    expect(model.boundTools.map((tool) => (tool as { name: string }).name)).toEqual(["lackpy"]);
  });
});
