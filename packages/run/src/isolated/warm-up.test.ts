import { validateProgram, type Node } from "@lackpy/lang";
import { describe, expect, it } from "vitest";
import { WARM_UP_PROGRAM, warmUp } from "./warm-up.js";
import { WARM_UP_TREE } from "./warm-up-tree.js";

/** A tree as plain data without its positions. */
function withoutPositions(node: Node): unknown {
  return JSON.parse(
    JSON.stringify(node, (key, value: unknown) =>
      key === "start" || key === "end" || key === "loc" ? undefined : value,
    ),
  );
}

describe("warmUp", () => {
  it("runs its whole program: a warm-up that failed early would compile little", async () => {
    const result = await warmUp();
    expect(result).toMatchObject({ success: true, output: [7, 7], error: null });
    expect(result?.stats.toolCalls).toBe(3);
    expect(WARM_UP_PROGRAM).toContain("find_files");
  });

  it("runs the tree the host would send for its program", () => {
    const { program } = validateProgram(WARM_UP_PROGRAM, {
      tools: [{ name: "find_files" }, { name: "read_file" }],
    });
    expect(program).not.toBeNull();
    expect(withoutPositions(WARM_UP_TREE)).toEqual(withoutPositions(program!.ast));
    expect(program!.names.cells ?? []).toEqual([]);
  });
});
