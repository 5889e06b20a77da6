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
