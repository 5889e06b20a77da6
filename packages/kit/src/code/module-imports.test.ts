import { describe, expect, it } from "vitest";
import { importsIn } from "./module-imports.js";
import { parseModule } from "./parse-module.js";

function modules(text: string, file: string): string[] {
  const parsed = parseModule(text, file);
  if (!parsed.ok) throw new Error(parsed.message);
  return importsIn(parsed.program).map((entry) => `${entry.module}:${entry.kind}`);
}

describe("importsIn", () => {
  it("lists static imports, re-exports and CommonJS require, not import()", () => {
    const text = [
      "import fs from 'node:fs'",
      "export { a } from './a.js'",
      "const b = require('./b')",
      "const c = await import('./c.js')",
    ].join("\n");
    expect(modules(text, "m.mjs")).toEqual(["node:fs:import", "./a.js:export", "./b:require"]);
    // TypeScript compiled to CommonJS: its require is the module system's.
    expect(modules("import { x } from './x'\nconst d = require('./d.json')", "m.ts")).toEqual([
      "./x:import",
      "./d.json:require",
    ]);
  });

  it("leaves out the calls of a require an ES module makes itself (createRequire)", () => {
    const main = [
      "import { createRequire } from 'node:module';",
      "import { marked } from '../lib/marked.esm.js';",
      "const require = createRequire(import.meta.url);",
      "const pkg = require('../package.json');",
    ].join("\n");
    expect(modules(main, "bin/main.js")).toEqual([
      "node:module:import",
      "../lib/marked.esm.js:import",
    ]);
    expect(modules("import { require } from './loader.js'\nrequire('./x')", "m.mjs")).toEqual([
      "./loader.js:import",
    ]);
    // A require bound inside a function is not the module's: the top-level calls stay imports.
    expect(modules("function f(require) { require('./y') }\nrequire('./z')", "m.js")).toEqual([
      "./y:require",
      "./z:require",
    ]);
  });
});
