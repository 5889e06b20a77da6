import { describe, expect, it } from "vitest";
import { workspaceFor } from "../__fixtures__/rule-answers.js";

/** A JSON file's keys, tsconfig's comments and trailing commas too, read only where the file has them. */
const FILES: Readonly<Record<string, string>> = {
  "tsconfig.app.json": [
    "{",
    '  "$schema": "https://json.schemastore.org/tsconfig", // a "//" inside a string stays',
    '  "compilerOptions": {',
    "    /* Bundler mode */",
    '    "target": "es2023",',
    '    "lib": ["ES2023", "DOM",],',
    "  },",
    '  "include": ["src"],',
    "}",
    "",
  ].join("\n"),
  "config.json": '{ "Port": 8080, "hosts": { "a": 1, "b": 2 } }\n',
};

const { ask } = workspaceFor("json-keys", FILES);

describe("a JSON file's keys", () => {
  it.each<[string, unknown]>([
    ["what's the compilerOptions target in tsconfig.app.json", "es2023"],
    ["show the include field in tsconfig.app.json", ["src"]],
    ["what's the $schema in tsconfig.app.json", "https://json.schemastore.org/tsconfig"],
    // Another case, when it is the one key.
    ["what's the port in config.json", 8080],
    ["how many hosts are in config.json", 2],
  ])("%j", async (request, gold) => {
    const { built, output } = await ask(request);
    expect(built.rule).toBe("json-key");
    expect(output).toEqual(gold);
  });

  it("answers nothing for a word that is not a key there", async () => {
    const { built, output } = await ask("which plugins are enabled in tsconfig.app.json");
    expect(built.rule === null || output === null).toBe(true);
    expect((await ask("what's the compilerOptions module in tsconfig.app.json")).output).toBeNull();
  });

  it("refuses a key the language never reads", async () => {
    expect((await ask("what's the constructor in config.json")).built.rule).toBeNull();
  });
});
