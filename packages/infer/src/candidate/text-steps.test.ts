import { describe, expect, it } from "vitest";
import { buildSystemPrompt, retrieveExamples } from "../prompt/build-prompt.js";
import { classifyFailure, hintFor } from "./classify-failure.js";
import { cleanup } from "./cleanup.js";

describe("cleanup", () => {
  it.each([
    [
      "drops import and require, fs read → read_file",
      `import fs from "fs"\nconst text = fs.readFileSync("a.txt", "utf8")\ntext`,
      `const text = read_file("a.txt");\ntext;`,
    ],
    [
      "await fs.promises.readFile",
      `const t = await fs.promises.readFile("a")\nt`,
      `const t = await read_file("a");\nt;`,
    ],
    ["fs write → write_file", `fs.writeFileSync("o.txt", "x")`, `write_file("o.txt", "x");`],
    [
      "path.join → template string",
      `const p = path.join(dir, name)`,
      "const p = `${dir}/${name}`;",
    ],
    ["path.basename → split/at", `const b = path.basename(f)`, `const b = f.split("/").at(-1);`],
    ["var → let", `var n = 1\nn`, `let n = 1;\nn;`],
    ["block arrow → expression arrow", `xs.map(x => { return x * 2 })`, `xs.map(x => x * 2);`],
    ["console.log → print", `console.log("hi", 1)`, `print("hi", 1);`],
    [
      "final console.log → answer",
      `const n = len(find_files("*.md"))\nconsole.log("files:")\nconsole.log(n)`,
      `const n = len(find_files("*.md"));\nprint("files:");\nn;`,
    ],
    ["top-level return → expression", `const a = 1\nreturn a`, `const a = 1;\na;`],
  ])("%s", (_name, input, expected) => {
    const result = cleanup(input);
    expect(result.program).toBe(expected);
    expect(result.changes.length).toBeGreaterThan(0);
  });

  it.each([
    [
      "a callback readFile, whose callback the rewrite would drop",
      `fs.readFile("a", (error, data) => print(data))`,
    ],
    ["a writeFile with a callback", `fs.writeFile("a", "x", () => print("saved"))`],
    ["a return in the middle of the program", `const a = 1\nreturn a\nprint(a)`],
    ["a bare final return", `const a = 1\nreturn`],
    [
      "variables named like helpers, which shadow them",
      `const count = 3\nconst items = [count]\nitems`,
    ],
  ])("does not rewrite %s", (_name, input) => {
    const result = cleanup(input);
    expect(result.program).toBe(input);
    expect(result.changes).toEqual([]);
  });

  it("leaves clean and unparseable programs unchanged", () => {
    expect(cleanup(`read_file("a")`)).toEqual({ program: `read_file("a")`, changes: [] });
    expect(cleanup(`const = (`)).toEqual({ program: `const = (`, changes: [] });
  });
});

describe("prompts, retrieval and failure modes", () => {
  it("builds a system prompt with tools, helpers, params (never secret values) and rules", () => {
    const prompt = buildSystemPrompt({
      kit: {
        tools: [{ name: "read_file", args: [{ name: "path", type: "string" }], returns: "string" }],
      },
      params: {
        token: { type: "string", secret: true },
        limit: { type: "number", description: "how many" },
      },
      variant: "constraints",
    });
    expect(prompt).toContain("Answer with only the program");
    expect(prompt).toContain("read_file(path: string) -> string");
    expect(prompt).toContain("sorted(xs, key?, reverse?)");
    expect(prompt).toContain(
      "token: string (secret: pass token only directly as an argument of a kit tool, e.g. read_file(token) or read_file(token.field); never read, compare, test, print, copy, store or return it)",
    );
    expect(prompt).toContain("limit: number — how many");
    expect(prompt).toContain("There is no import, require, fs, path, process or console.");
    expect(buildSystemPrompt({ kit: { tools: [] }, variant: "baseline" })).not.toContain("Rules:");
  });

  it("gives each prompt variant its own sections; full is the default", () => {
    const examples = [{ intent: "show the readme", code: 'read_file("README.md")' }];
    const sections = (variant?: string) => {
      const prompt = buildSystemPrompt({ kit: { tools: [] }, examples, variant });
      return [prompt.includes("\nRules:\n"), prompt.includes("\nExamples:\n")];
    };
    expect(sections("baseline")).toEqual([false, false]);
    expect(sections("examples")).toEqual([false, true]);
    expect(sections("constraints")).toEqual([true, false]);
    expect(sections("full")).toEqual([true, true]);
    expect(sections()).toEqual([true, true]);
  });

  it("retrieves examples by keywords, synonyms and tags", () => {
    const tools = [
      {
        name: "read_file",
        examples: [{ intent: "show the readme", code: "read_file('README.md')", tags: ["read"] }],
      },
      {
        name: "find_files",
        examples: [
          { intent: "list all typescript files", code: "find_files('**/*.ts')", tags: ["glob"] },
        ],
      },
    ];
    expect(
      retrieveExamples("find the python files", tools).map((example) => example.intent),
    ).toEqual(["list all typescript files"]);
    expect(retrieveExamples("read the changelog", tools).map((example) => example.intent)).toEqual([
      "show the readme",
    ]);
  });

  it.each([
    [{ program: "```js\nx\n```" }, "syntax_artifact"],
    [
      { program: "", errors: [{ code: "empty_program" as const, message: "No program." }] },
      "syntax_artifact",
    ],
    [
      {
        program: "a\n```js\nb\n```\n```js\nc\n```",
        errors: [{ code: "ambiguous_answer" as const, message: "Two blocks." }],
      },
      "syntax_artifact",
    ],
    [{ program: "function main() { return 1 }" }, "implement_not_orchestrate"],
    [{ program: "const fs = require('fs')" }, "stdlib_leak"],
    [{ program: "read_file('/etc/passwd')" }, "path_prefix"],
    [
      {
        program: "read_file('a').lines.length",
        runError: { code: "runtime_error", message: "Cannot read 'length' of undefined." },
      },
      "key_hallucination",
    ],
    [{ program: "1" }, "wrong_output"],
  ])("classifies %j as %s", (failure, mode) => {
    expect(classifyFailure(failure)).toBe(mode);
  });

  it("gives hints that name the kit's tools", () => {
    expect(hintFor("unknown_name", ["read_file"])).toBe(
      "Only the listed tools, helpers and your own variables exist; call tools by name instead of Node modules. Available tools: read_file.",
    );
  });
});
