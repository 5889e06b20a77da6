import { describe, expect, it } from "vitest";
import { extractProgram, sanitize } from "./sanitize.js";

const MARKDOWN_READER = [
  'const lines = read_file("README.md").split("\\n")',
  "let inFence = false",
  "const code = []",
  "for (const line of lines) {",
  '  if (line.startsWith("```")) inFence = !inFence',
  "  else if (inFence) code.push(line)",
  "}",
  "code",
].join("\n");

const FENCE_COUNTER = `read_file("docs/usage.md").split("\\n").filter(line => line.trim().startsWith("\`\`\`")).length`;

describe("extractProgram", () => {
  it.each([
    ["a plain program", `read_file("a")`, `read_file("a")`, []],
    ["surrounding whitespace", `\n\n  len(find_files("*"))  \n`, `len(find_files("*"))`, []],
    [
      "a js fence with prose",
      'Here you go:\n```js\nread_file("a")\n```\nDone.',
      `read_file("a")`,
      ["took the program out of its markdown fence", "dropped the prose around the code block"],
    ],
    [
      "a javascript fence alone",
      '```javascript\nlen(find_files("*"))\n```',
      `len(find_files("*"))`,
      ["took the program out of its markdown fence"],
    ],
    [
      "a python-tagged fence",
      "```python\nx = 1\nx\n```",
      "x = 1\nx",
      ["took the program out of its markdown fence"],
    ],
    [
      "an untagged fence (which parses as a tagged template)",
      "```\nprint(1)\n```",
      "print(1)",
      ["took the program out of its markdown fence"],
    ],
    [
      "a tilde fence",
      '~~~js\nread_file("a")\n~~~',
      `read_file("a")`,
      ["took the program out of its markdown fence"],
    ],
    [
      "a four-backtick fence holding a three-backtick line in a comment",
      "````js\n/*\n```\n*/\n1\n````",
      "/*\n```\n*/\n1",
      ["took the program out of its markdown fence"],
    ],
    [
      "an unclosed fence",
      '```js\nread_file("a")',
      `read_file("a")`,
      ["took the program out of an unclosed markdown fence"],
    ],
    [
      "a leading think block",
      '<think>hmm, use read_file</think>\nread_file("a")',
      `read_file("a")`,
      ["dropped the <think> block"],
    ],
    [
      "a program block and an output block",
      'Program:\n```js\nfind_files("*.md")\n```\nOutput:\n```text\n["README.md"]\n```',
      `find_files("*.md")`,
      ["took the program out of its markdown fence", "dropped the prose around the code block"],
    ],
    ["a program reading markdown fences", MARKDOWN_READER, MARKDOWN_READER, []],
    ["a program counting fences", FENCE_COUNTER, FENCE_COUNTER, []],
    [
      "a fenced program reading markdown fences, with prose",
      `Sure:\n\`\`\`js\n${MARKDOWN_READER}\n\`\`\`\nThis collects the code lines.`,
      MARKDOWN_READER,
      ["took the program out of its markdown fence", "dropped the prose around the code block"],
    ],
    ["an empty answer", "", "", []],
    ["an empty fence", "```js\n```", "", ["took the program out of its markdown fence"]],
  ])("takes %s", (_name, raw, program, changes) => {
    expect(extractProgram(raw)).toEqual({ program, changes, problem: null });
    expect(sanitize(raw)).toBe(program);
  });

  it.each([
    ["prose before unfenced code", 'Sure, here is the program:\nconst x = read_file("a")\nx'],
    ["a program missing a parenthesis", 'const files = find_files("**/*"\n[]'],
    ["a program with a stray line", 'find_files("*")\n)\nlen([])'],
    ["a think block that is not leading", "x = 1\n<think>y</think>\nx"],
  ])("passes %s on whole, for the validator to report", (_name, raw) => {
    expect(extractProgram(raw)).toEqual({ program: raw, changes: [], problem: null });
  });

  it.each([
    [
      "two program blocks",
      '```js\nread_file("a")\n```\nor\n```js\nread_file("b")\n```',
      "The answer has 2 code blocks, so it is not clear which one is the program.",
    ],
    [
      "a block and an untagged block",
      "```\nnot js at all (\n```\n```js\n1 + 1\n```",
      "The answer has 2 code blocks, so it is not clear which one is the program.",
    ],
    [
      "code before the block",
      'const x = read_file("a")\n```js\nlen(x)\n```',
      "The answer has code outside its code block, so it is not clear what the program is.",
    ],
    [
      "code after the block",
      '```js\nconst files = find_files("*")\n```\nlen(files)',
      "The answer has code outside its code block, so it is not clear what the program is.",
    ],
  ])("reports %s as ambiguous, dropping nothing", (_name, raw, message) => {
    const extracted = extractProgram(raw);
    expect(extracted.program).toBe(raw);
    expect(extracted.problem).toMatchObject({ code: "ambiguous_answer", message });
  });
});
