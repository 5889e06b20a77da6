import type { ToolSpec } from "@lackpy/lang";
import { afterAll, describe, expect, it } from "vitest";
import { closeChildPool, run } from "./node.js";

afterAll(() => closeChildPool());

/** Tools that refuse paths starting with `..` (as the file tools refuse leaving the root), sync and async. */
function tools() {
  const refuse = (path: string) => {
    if (path.startsWith("..")) throw new Error(`The path '${path}' is outside the workspace.`);
  };
  return {
    put: (path: string) => (refuse(path), 1),
    put_later: async (path: string) => (refuse(path), 1),
    put_hanging: () => new Promise(() => {}),
    /** `false` when there was nothing to change. */
    change: (path: string, changed: boolean) => (refuse(path), changed),
    get: (path: string) => (refuse(path), "text"),
    get_later: async (path: string) => (refuse(path), "text"),
  };
}

const path = (access: "read" | "write") => [{ name: "path", type: "string", path: access }];
const SPECS: ToolSpec[] = [
  { name: "put", args: path("write") },
  { name: "put_later", args: path("write") },
  { name: "put_hanging", args: path("write") },
  { name: "change", args: [...path("write"), { name: "changed", type: "boolean" }] },
  { name: "get", args: path("read") },
  { name: "get_later", args: path("read") },
];

/** Programs, the error they end with, and the paths the result lists as read and modified. */
const CASES: [string, string, string | null, string[], string[]][] = [
  ["a refused sync write", `put("../x")`, "tool_error", [], []],
  ["a refused async write", `put_later("../x")`, "tool_error", [], []],
  ["a write after a good one", `put("a.txt")\nput("../x")`, "tool_error", [], ["a.txt"]],
  [
    "an async write after a good one",
    `put_later("a.txt")\nput_later("../b")`,
    "tool_error",
    [],
    ["a.txt"],
  ],
  ["a write past the time limit", `put_hanging("late.txt")`, "limit_tool_time", [], []],
  [
    "a write that changed nothing",
    `change("a.txt", false)\nchange("b.txt", true)`,
    null,
    [],
    ["b.txt"],
  ],
  ["a refused read", `get("a.txt")\nget("../secret")`, "tool_error", ["a.txt"], []],
  ["a refused async read", `get_later("../secret")`, "tool_error", [], []],
  [
    "writes that succeed",
    `put("a.txt")\nput_later("b.txt")\nget("a.txt")`,
    null,
    ["a.txt"],
    ["a.txt", "b.txt"],
  ],
];

describe.each(["in-process", "isolated"] as const)("filesRead and filesModified (%s)", (mode) => {
  it.each(CASES)(
    "lists only calls that succeeded: %s",
    async (_name, source, code, read, modified) => {
      const result = await run(source, {
        tools: tools(),
        toolSpecs: SPECS,
        mode,
        limits: { toolTimeoutMs: 50 },
      });
      expect(result.error?.code ?? null).toBe(code);
      expect(result.filesRead).toEqual(read);
      expect(result.filesModified).toEqual(modified);
    },
  );
});
