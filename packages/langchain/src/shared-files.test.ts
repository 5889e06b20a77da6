import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";

/**
 * The framework-neutral part of the adapters (options, description, summary, execution) is the
 * same in @lackpy/ai-sdk and @lackpy/langchain: each package carries its own copy so that
 * neither depends on the other's framework. This test keeps the copies identical.
 */
const SHARED = [
  "adapter-error.ts",
  "lackpy-tool-options.ts",
  "language-summary.ts",
  "prepare-lackpy.ts",
  "prepare-lackpy.test.ts",
  "summarise-result.ts",
  "summarise-result.test.ts",
  "tool-description.ts",
  "tool-description.test.ts",
];

describe("the files shared with @lackpy/ai-sdk", () => {
  it.each(SHARED)("%s is the same in both packages", async (file) => {
    const here = await readFile(new URL(file, import.meta.url), "utf8");
    const there = await readFile(new URL(`../../ai-sdk/src/${file}`, import.meta.url), "utf8");
    expect(here).toBe(there);
  });
});
