import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileTools, createWorkspaceView } from "@lackpy/kit/node";
import { run } from "@lackpy/run/node";
import { matchRules, type RuleMatch } from "./match-rules.js";

/**
 * A package as registries ship them: an ESM module and its CommonJS copy, a bundle that inlines
 * every module in one closure (no source map comment), an export under another name, and type
 * declarations that a type test augments.
 */
const FILES: Record<string, string> = {
  "lib/tally.js": "export function tally(items) {\n  return items.length;\n}\n",
  "lib/tally.cjs":
    '"use strict";\nexports.tally = tally;\nfunction tally(items) {\n  return items.length;\n}\n',
  "lib/limits.js": "export const maxItems = 5;\n",
  "lib/limits.cjs": '"use strict";\nexports.maxItems = void 0;\nexports.maxItems = 5;\n',
  "lib/index.js": 'export { britishEnglish as fallbackLocale } from "./british.js";\n',
  "lib/british.js": "export const britishEnglish = { code: 'en-GB' };\n",
  "bundle.js":
    "(() => {\nfunction tally(items) {\n  return items.length;\n}\nconst maxItems = 5;\nwindow.lib = { tally, maxItems };\n})();\n",
  "types/server.d.ts": "export interface ServerHandle {\n  close(): void;\n}\n",
  "test/types/server.test-d.ts":
    'declare module "../../types/server" {\n  interface ServerHandle {\n    extra: number;\n  }\n}\n',
  // Modules that bring in node:events: two by require(), two by import, one re-exports it.
  "src/emit.cjs":
    'const { EventEmitter } = require("node:events");\nmodule.exports = new EventEmitter();\n',
  "src/once.cjs": 'const events = require("node:events");\nexports.once = events.once;\n',
  "src/bus.mjs":
    'import { EventEmitter } from "node:events";\nexport const bus = new EventEmitter();\n',
  "src/wait.ts": 'import { once } from "node:events";\nexport const wait = once;\n',
  "src/reexport.mjs": 'export { on } from "node:events";\n',
};

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-definition-rule-"));
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

const TOOLS = ["definitions_of", "importers_of", "read_lines", "read_file", "find_files"];

async function answer(intent: string, rule = "definitions") {
  const built = await matchRules(intent, {
    tools: new Set(TOOLS),
    workspace: createWorkspaceView(root),
  });
  expect(built.rule, JSON.stringify(built)).toBe(rule);
  const files = createFileTools(root);
  const result = await run((built as RuleMatch).program, {
    tools: Object.fromEntries(TOOLS.map((name) => [name, files[name as keyof typeof files]])),
    params: (built as RuleMatch).params,
    mode: "in-process",
  });
  expect(result.error).toBeNull();
  return { built: built as RuleMatch, output: result.output };
}

const files = (output: unknown) => (output as { file: string }[]).map((row) => row.file);

describe("where a name is defined, in a package as registries ship it", () => {
  it("answers the module, not a bundle's closure or a .cjs copy of it", async () => {
    expect(files((await answer("where is tally defined")).output)).toEqual(["lib/tally.js"]);
    expect(files((await answer("where's maxItems defined?")).output)).toEqual(["lib/limits.js"]);
  });

  it("answers a name only an export's alias gives with that line", async () => {
    expect((await answer("where is fallbackLocale defined")).output).toEqual([
      {
        file: "lib/index.js",
        line: 1,
        text: 'export { britishEnglish as fallbackLocale } from "./british.js";',
        kind: "alias",
      },
    ]);
  });

  it("answers a type's declaration, never a test that augments it", async () => {
    expect(files((await answer("where is the ServerHandle interface defined")).output)).toEqual([
      "types/server.d.ts",
    ]);
  });

  it("says an answer of none is no answer: the parser may not see the definition", async () => {
    const { built, output } = await answer("where is neverWritten defined");
    expect(output).toEqual([]);
    expect(built.noneIsUnknown).toBe(true);
  });
});

describe("which files bring in a module", () => {
  it("reads “require” as CommonJS require() calls, and “import” or “use” as every way in", async () => {
    expect((await answer("which files require node:events", "files-importing")).output).toEqual([
      "src/emit.cjs",
      "src/once.cjs",
    ]);
    expect((await answer("how many files require node:events", "files-importing")).output).toBe(2);
    const { built, output } = await answer("how many files import node:events", "files-importing");
    expect(output).toBe(5);
    expect(built.reading).toMatch(/import, export … from or require/);
    expect(
      (await answer("how many files require node:events", "files-importing")).built.reading,
    ).toMatch(/require\(\) call/);
  });
});
