import { describe, expect, it } from "vitest";
import { workspaceFor } from "../__fixtures__/rule-answers.js";

/**
 * postcss declares `let LazyResult, Processor` in document.js and assigns them later through a
 * registration function; the class is defined in lazy-result.js. A binding declared without a
 * value is where a name lives, not what defines it: it stands only when nothing else defines X.
 */
const FILES: Readonly<Record<string, string>> = {
  "lib/lazy-result.js": "class LazyResult {\n  sync() {}\n}\nmodule.exports = LazyResult\n",
  "lib/document.js": [
    "let LazyResult, Processor",
    "class Document {}",
    "Document.registerLazyResult = dependant => {",
    "  LazyResult = dependant",
    "}",
    "module.exports = Document",
    "",
  ].join("\n"),
};

const { ask } = workspaceFor("unassigned", FILES);

describe("a binding declared without a value", () => {
  it("does not stand beside the class that defines the name", async () => {
    const { output } = await ask("where is LazyResult defined");
    expect(output).toEqual([
      { file: "lib/lazy-result.js", line: 1, text: "class LazyResult {", kind: "class" },
    ]);
  });

  it("is the answer when nothing else defines the name", async () => {
    const { output } = await ask("where is Processor defined");
    expect(output).toEqual([
      {
        file: "lib/document.js",
        line: 1,
        text: "let LazyResult, Processor",
        kind: "variable",
        unassigned: true,
      },
    ]);
  });
});
