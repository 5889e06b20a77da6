import { FILE_TOOL_SPECS } from "@lackpy/kit/node";
import { Toolbox } from "@lackpy/kit";
import { describe, expect, it } from "vitest";
import { EVAL_TOOL_SPECS } from "./eval-tools.js";
import { FILLER_TOOL_SPECS, LARGE_KIT_SIZE, largeKit, registerFillerTools } from "./large-kit.js";

describe("the 150-tool kit", () => {
  it.each([
    ["readonly", 7],
    ["files", 9],
    ["eval", 4],
  ])("makes a kit of %s's tools 150 tools, the servers' first", (_, count) => {
    const own = [...FILE_TOOL_SPECS, ...EVAL_TOOL_SPECS].slice(0, count).map((spec) => spec.name);
    const kit = largeKit(own);
    expect(kit).toHaveLength(LARGE_KIT_SIZE);
    expect(new Set(kit).size).toBe(LARGE_KIT_SIZE);
    expect(kit.slice(-count)).toEqual(own);
  });

  it("registers every server tool with a typed signature and no name of the intents' tools", () => {
    const toolbox = new Toolbox();
    registerFillerTools(toolbox);
    expect(toolbox.list()).toHaveLength(FILLER_TOOL_SPECS.length);
    const intentTools = new Set([...FILE_TOOL_SPECS, ...EVAL_TOOL_SPECS].map((spec) => spec.name));
    for (const spec of FILLER_TOOL_SPECS) {
      expect(intentTools.has(spec.name)).toBe(false);
      expect(spec.returns).toMatch(/^\{ .* \}(\[\])?$/);
      for (const arg of spec.args ?? []) expect(arg.type).not.toBe("");
    }
    expect(
      FILLER_TOOL_SPECS.find((spec) => spec.name === "github_get_file_contents")?.args,
    ).toEqual([
      { name: "repo", type: "string" },
      { name: "path", type: "string" },
      { name: "ref", type: "string", optional: true },
    ]);
  });
});
