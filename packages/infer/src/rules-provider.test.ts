import { describe, expect, it } from "vitest";
import type { ParamSpec, ToolSpec } from "@lackpy/lang";
import { RulesProvider } from "./rules-provider.js";

const tool = (name: string): ToolSpec => ({
  name,
  provider: "builtin",
  description: name,
  args: [{ name: "x", type: "string" }],
  returns: "unknown",
  gradeW: 1,
  effectsCeiling: 0,
});
const ALL = ["read_file", "find_files", "find_definitions", "find_callers"].map(tool);
const rules = new RulesProvider();
const answer = (intent: string, tools = ALL, params: Record<string, ParamSpec> = {}) =>
  rules.generate(intent, { kit: { tools }, params });

describe("RulesProvider", () => {
  it.each([
    ["read README.md", "read_file(path)", { path: "README.md" }],
    ["show me the contents of docs/guide.md", "read_file(path)", { path: "docs/guide.md" }],
    ["list all typescript files", "find_files(pattern)", { pattern: "**/*.{ts,tsx}" }],
    ["find the python files.", "find_files(pattern)", { pattern: "**/*.py" }],
    ["how many python files are there?", "len(find_files(pattern))", { pattern: "**/*.py" }],
    ["find files matching docs/*.md", "find_files(pattern)", { pattern: "docs/*.md" }],
    ["list files in data", "find_files(pattern)", { pattern: "data/**/*" }],
    ["where is the definition of computeTax", "find_definitions(name)", { name: "computeTax" }],
    ["find definitions of `loadConfig`", "find_definitions(name)", { name: "loadConfig" }],
    ["who calls applyDiscount", "find_callers(name)", { name: "applyDiscount" }],
    ["find all callers of loadConfig", "find_callers(name)", { name: "loadConfig" }],
    ["callers of formatPrice", "find_callers(name)", { name: "formatPrice" }],
    ["show the loadConfig callers", "find_callers(name)", { name: "loadConfig" }],
  ])("%s → %s", async (intent, raw, params) => {
    expect(await answer(intent)).toEqual({ raw, params });
  });

  it.each([
    "show the changelog",
    "find computeTax",
    "list all klingon files",
    "read the readme and count its lines",
    "how many lines does README.md have",
  ])("does not answer %j", async (intent) => {
    expect(await answer(intent)).toBeNull();
  });

  it("fires only when the kit has the tools the rule needs", async () => {
    expect(
      await answer("who calls applyDiscount", [tool("read_file"), tool("find_files")]),
    ).toBeNull();
    expect(await answer("read README.md", [tool("find_files")])).toBeNull();
  });

  it("steps aside when a request param already has the name the rule would bind", async () => {
    expect(await answer("read README.md", ALL, { path: { type: "string" } })).toBeNull();
  });
});
