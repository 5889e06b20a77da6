import { describe, expect, it } from "vitest";
import { resolvesTo } from "./resolves-to.js";

describe("resolvesTo", () => {
  it.each([
    ["pino.js", "./lib/caller", "lib/caller.js"],
    ["lib/transport.js", "./caller", "lib/caller.js"],
    ["lib/transport.js", "./caller.js", "lib/caller.js"],
    ["test/fixtures/a.js", "../../lib/caller", "lib/caller.js"],
    ["src/core/a.ts", "../utils/errors.js", "src/utils/errors.ts"],
    ["src/a.mts", "./b.mjs", "src/b.mts"],
    ["src/a.ts", "./utils", "src/utils/index.ts"],
    ["lib/a/b.js", "..", "lib/index.js"],
    ["lib/a.js", "./data.json", "lib/data.json"],
    // A declaration file names declarations.
    ["built/utils/index.d.ts", "./debug", "built/utils/debug.d.ts"],
    ["types/a.d.ts", "./b.js", "types/b.d.ts"],
  ])("%s importing %s names %s", (importer, specifier, target) => {
    expect(resolvesTo(importer, specifier, target)).toBe(true);
  });

  it.each([
    ["pino.js", "lib/caller", "lib/caller.js"],
    ["pino.js", "node:util", "lib/caller.js"],
    ["lib/transport.js", "./caller", "caller.js"],
    ["lib/transport.js", "./callers", "lib/caller.js"],
    ["lib/transport.js", "./caller.ts", "lib/caller.js"],
    ["a.js", "../outside", "outside.js"],
    ["built/utils/index.d.ts", "./debug", "built/utils/debug.js"],
    ["built/utils/index.js", "./debug", "built/utils/debug.d.ts"],
  ])("%s importing %s does not name %s", (importer, specifier, target) => {
    expect(resolvesTo(importer, specifier, target)).toBe(false);
  });
});
