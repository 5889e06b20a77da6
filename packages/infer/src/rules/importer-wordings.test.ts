import { describe, expect, it } from "vitest";
import { workspaceFor } from "../__fixtures__/rule-answers.js";

/**
 * Who imports a workspace module, in the words strangers use: a path's end without its
 * extension ("classes/semver"), "what uses <file>", "what depends on <path>"; and the readings
 * that run the other way ("deps of <file>" is what it imports, "what depends on <package>" is
 * not the package's own list). Run by the real interpreter over the real file tools.
 */
const FILES: Readonly<Record<string, string>> = {
  "package.json": JSON.stringify({ name: "semverish", dependencies: { "lru-cache": "^6.0.0" } }),
  "classes/semver.js": "class SemVer {}\nmodule.exports = SemVer;\n",
  "functions/compare.js":
    "const SemVer = require('../classes/semver')\nmodule.exports = (a, b) => new SemVer(a)\n",
  "lib/cache.js": "const LRU = require('lru-cache')\n",
  "lib/fast.js": "const fast = require('lru-cache/fast')\n",
  "lib/cache.d.ts": "import LRU = require('lru-cache')\n",
  "classes/semver.d.ts": "declare class SemVer {}\nexport = SemVer\n",
  "functions/compare.d.ts": "import SemVer = require('../classes/semver')\nexport = compare\n",
  "functions/eq.js":
    "const compare = require('./compare')\nmodule.exports = (a, b) => compare(a, b) === 0\n",
  "index.js": "const compare = require('./functions/compare.js')\nmodule.exports = { compare }\n",
};

const { ask } = workspaceFor("importers", FILES);
const builds = workspaceFor("importers-builds", {
  "package.json": JSON.stringify({ name: "tarish", dependencies: { minipass: "^7.0.0" } }),
  "dist/esm/pack.js": "import { Minipass } from 'minipass'\n",
  "dist/esm/index.js": "export * from './pack.js'\n",
  "dist/commonjs/pack.js": "const minipass_1 = require('minipass')\n",
});
const barrel = workspaceFor("importers-barrel", {
  "src/index.ts": [
    "import { helper } from './helper.js'",
    "export * from './a.js'",
    "export { b } from './b.js'",
    "export * as c from './c.js'",
    "export { helper }",
    "",
  ].join("\n"),
});
const mixed = workspaceFor("importers-mixed", {
  "package.json": JSON.stringify({ name: "mixed", dependencies: { minipass: "^7.0.0" } }),
  "dist/esm/pack.js": "import { Minipass } from 'minipass'\n",
  "lib/wrapper.mjs": "import { Minipass } from 'minipass'\n",
});
const vendored = workspaceFor("importers-vendored", {
  "package.json": JSON.stringify({
    name: "chalkish",
    imports: { "#ansi-styles": "./source/vendor/ansi-styles/index.js" },
  }),
  "source/index.js": "import ansiStyles from '#ansi-styles'\n",
  "source/other.js": "export * from './vendor/ansi-styles/index.js'\n",
  "source/vendor/ansi-styles/index.js": "export default {}\n",
});
const monorepo = workspaceFor("importers-mono", {
  "package.json": JSON.stringify({ name: "mono", private: true }),
  "packages/spy/package.json": JSON.stringify({ name: "@demo/spy" }),
  "packages/spy/index.js": "const types = require('@demo/spy/types.js')\n",
  "packages/expect/package.json": JSON.stringify({ name: "@demo/expect" }),
  "packages/expect/index.js": "const spy = require('@demo/spy/fn.js')\n",
});

describe("the importers of a workspace module", () => {
  it.each([
    ["which files import classes/semver?", ["functions/compare.js"]],
    ["who requires functions/compare", ["functions/eq.js", "index.js"]],
    ["what uses functions/compare.js", ["functions/eq.js", "index.js"]],
    ["find uses of functions/compare.js", ["functions/eq.js", "index.js"]],
    ["what depends on functions/compare?", ["functions/eq.js", "index.js"]],
  ])("%j", async (request, gold) => {
    const { built, output } = await ask(request);
    expect(built.rule).toBe("files-importing");
    expect(output).toEqual(gold);
  });

  it("lists declaration files only when no code file imports the module", async () => {
    expect((await ask("which files import classes/semver?")).output).toEqual([
      "functions/compare.js",
    ]);
    expect((await ask("which .d.ts files import classes/semver?")).output).toEqual([
      "functions/compare.d.ts",
    ]);
  });

  it("keeps the declaration files that use a package: its types are its use", async () => {
    expect((await ask("who imports lru-cache")).output).toEqual([
      "lib/cache.d.ts",
      "lib/cache.js",
      "lib/fast.js",
    ]);
  });

  it("never counts a workspace package's own files as users of its subpaths", async () => {
    const { output } = await monorepo.ask("who imports @demo/spy");
    expect(output).toEqual(["packages/expect/index.js"]);
  });

  it("counts a package's subpaths as the package", async () => {
    const { built, output } = await ask("which files require lru-cache");
    expect(output).toEqual(["lib/cache.d.ts", "lib/cache.js", "lib/fast.js"]);
    expect(built.rule === null ? "" : built.reading).toMatch(/or one of its subpaths/);
  });

  it("reads the other way where the words do", async () => {
    expect((await ask("requires of functions/compare.js")).output).toEqual(["../classes/semver"]);
    const deps = await ask("deps of functions/compare.js");
    expect(deps.built.rule).toBe("imports");
    expect(deps.output).toEqual(["../classes/semver"]);
    // "deps of <package>" is the package's own list, never its importers.
    expect((await ask("deps of semverish")).built.rule).toBe("package-dependencies");
    // The package's own list is what it depends on, never what depends on it.
    expect((await ask("what depends on semverish")).built.rule).toBeNull();
    expect((await ask("what does semverish depend on")).output).toEqual({
      "lru-cache": "^6.0.0",
    });
  });
});

describe("the importers in other words", () => {
  it.each([
    // A dependency package.json declares, or a workspace module by its name.
    ["which files use lru-cache", ["lib/cache.d.ts", "lib/cache.js", "lib/fast.js"]],
    ["what uses lru-cache", ["lib/cache.d.ts", "lib/cache.js", "lib/fast.js"]],
    ["which files use compare", ["functions/eq.js", "index.js"]],
    // "does anything import X": who does.
    ["does anything import functions/compare.js", ["functions/eq.js", "index.js"]],
    ["do any files import lru-cache", ["lib/cache.d.ts", "lib/cache.js", "lib/fast.js"]],
  ])("%j", async (request, gold) => {
    const { built, output } = await ask(request);
    expect(built.rule).toBe("files-importing");
    expect(output).toEqual(gold);
  });

  it("gives the import lines themselves for “where is X used/imported”", async () => {
    const rows = [
      {
        file: "lib/cache.d.ts",
        line: 1,
        text: "import LRU = require('lru-cache')",
        kind: "require",
      },
      { file: "lib/cache.js", line: 1, text: "const LRU = require('lru-cache')", kind: "require" },
      {
        file: "lib/fast.js",
        line: 1,
        text: "const fast = require('lru-cache/fast')",
        kind: "require",
      },
    ];
    for (const request of ["where is lru-cache used", "where is lru-cache imported"]) {
      const { built, output } = await ask(request);
      expect(output).toEqual(rows);
      expect(built.rule === null ? "" : built.reading).toMatch(
        /^the lines of .* as \{ file, line, text, kind \} rows/,
      );
    }
    expect((await ask("show the lines that require functions/compare")).output).toEqual([
      {
        file: "functions/eq.js",
        line: 1,
        text: "const compare = require('./compare')",
        kind: "require",
      },
      {
        file: "index.js",
        line: 1,
        text: "const compare = require('./functions/compare.js')",
        kind: "require",
      },
    ]);
  });

  it("reads “uses” of a word no package.json declares and no module has as nothing", async () => {
    expect((await ask("where is left-pad used")).built.rule).not.toBe("files-importing");
    expect((await ask("which files use left-pad")).built.rule).toBeNull();
  });

  it("reads “esm files” and “the cjs build” as the one build folder of that system", async () => {
    expect((await builds.ask("which esm files import minipass")).output).toEqual([
      "dist/esm/pack.js",
    ]);
    expect((await builds.ask("who imports minipass? (cjs build)")).output).toEqual([
      "dist/commonjs/pack.js",
    ]);
    expect((await builds.ask("does anything in the esm build import pack.js")).output).toEqual([
      "dist/esm/index.js",
    ]);
    // A .mjs file outside dist/esm: "esm files" may mean it too, so the words are not read.
    expect((await mixed.ask("which esm files import minipass")).built.rule).toBeNull();
  });
});

describe("the modules a file re-exports from", () => {
  it("lists export … from specifiers, not imports nor local exports", async () => {
    const { built, output } = await barrel.ask("which modules does src/index.ts re-export from?");
    expect(built.rule).toBe("reexports");
    expect(output).toEqual(["./a.js", "./b.js", "./c.js"]);
    expect(
      (await barrel.ask("how many distinct modules does src/index.ts re-export from")).output,
    ).toBe(3);
  });

  it("reads “what does X re-export” as no question about modules", async () => {
    expect((await barrel.ask("what does src/index.ts re-export")).built.rule).not.toBe("reexports");
  });
});

describe("a package the workspace vendors", () => {
  it("is the folder's index module, imported by a path or a # alias", async () => {
    const { built, output } = await vendored.ask("which files import ansi-styles");
    expect(built.rule).toBe("files-importing");
    expect(output).toEqual(["source/index.js", "source/other.js"]);
  });

  it("is no answer when its # alias names it and no file imports the bare name", async () => {
    const { built, output } = await vendored.ask("who imports ansi-styles/extra");
    expect(output).toEqual([]);
    expect(built.rule === null ? null : built.noneIsUnknown).toBe(true);
    // A name nothing carries: none is none.
    expect((await vendored.ask("who imports left-pad")).built).not.toHaveProperty("noneIsUnknown");
  });
});
