import { describe, expect, it } from "vitest";
import { workspaceFor } from "../__fixtures__/rule-answers.js";

/**
 * package.json facts in the words people use: a URL field's URL (not the object around it), an
 * npm script's command however it is named, the main file, and CommonJS or ESM as Node reads it.
 * Run by the real interpreter over the real file tools.
 */
const MANIFEST = {
  name: "demo",
  main: "lib/index.js",
  repository: { type: "git", url: "git+https://example.com/demo.git" },
  bugs: { url: "https://example.com/demo/issues" },
  homepage: "https://example.com/demo",
  scripts: { bench: "node bench/run.js", lint: "eslint .", test: "vitest run" },
};

const demo = workspaceFor("package-words", { "package.json": JSON.stringify(MANIFEST) });
const esm = workspaceFor("package-words-esm", {
  "package.json": JSON.stringify({ name: "esm-demo", type: "module", repository: "demo/esm" }),
});

describe("package.json facts in other words", () => {
  it.each([
    ["whats the repo url", "package-field", "git+https://example.com/demo.git"],
    ["repository url?", "package-field", "git+https://example.com/demo.git"],
    ["bugs url?", "package-key", "https://example.com/demo/issues"],
    ["what does npm run bench do", "script-command", "node bench/run.js"],
    ["what command does the lint script run", "script-command", "eslint ."],
    ["what's the main file", "package-field", "lib/index.js"],
    ["is it commonjs or esm", "module-type", "commonjs"],
  ] as const)("%j", async (request, rule, gold) => {
    const { built, output } = await demo.ask(request);
    expect(built.rule).toBe(rule);
    expect(output).toEqual(gold);
  });

  it("answers a URL field written as a string with the string, and the type field as it is", async () => {
    expect((await esm.ask("whats the repo url")).output).toBe("demo/esm");
    const { built, output } = await esm.ask("esm or commonjs?");
    expect(output).toBe("module");
    expect(built.rule === null ? "" : built.reading).toMatch(/"commonjs" when it has none/);
  });
});
