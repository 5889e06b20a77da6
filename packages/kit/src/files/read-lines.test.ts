import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace, refusal, type TestWorkspace } from "../__fixtures__/create-workspace.js";
import { createFileTools } from "./create-file-tools.js";
import { textLines } from "./read-lines.js";

let workspace: TestWorkspace;
let tools: ReturnType<typeof createFileTools>;

beforeAll(async () => {
  workspace = await createWorkspace();
  await writeFile(path.join(workspace.root, "five.txt"), "one\ntwo\r\nthree\nfour\nfive\n");
  await writeFile(path.join(workspace.root, "open.txt"), "a\nb");
  await writeFile(path.join(workspace.root, "empty.txt"), "");
  tools = createFileTools(workspace.root);
});
afterAll(() => workspace.remove());

describe("textLines", () => {
  it.each([
    ["", []],
    ["\n", [""]],
    ["a", ["a"]],
    ["a\n", ["a"]],
    ["a\n\n", ["a", ""]],
    ["a\r\nb\r\n", ["a", "b"]],
  ])("splits %j as an editor shows it", (text, lines) => {
    expect(textLines(text)).toEqual(lines);
  });
});

describe("read_lines", () => {
  it.each<[number, number | undefined, string[]]>([
    [1, 2, ["one", "two"]],
    [2, 2, ["two"]],
    [4, undefined, ["four", "five"]],
    [1, 20, ["one", "two", "three", "four", "five"]],
    [-2, undefined, ["four", "five"]],
    [-10, undefined, ["one", "two", "three", "four", "five"]],
    [2, -2, ["two", "three", "four"]],
    [6, 9, []],
    [3, 2, []],
  ])("reads lines %j to %j", async (start, end, lines) => {
    expect(await tools.read_lines("five.txt", start, end)).toEqual(lines);
  });

  it("reads a file without a final newline, and an empty file", async () => {
    expect(await tools.read_lines("open.txt", -1)).toEqual(["b"]);
    expect(await tools.read_lines("empty.txt", 1, 10)).toEqual([]);
  });

  it.each([0, 1.5, "1", null, undefined])("refuses the start %j", async (start) => {
    expect(await refusal(tools.read_lines("five.txt", start))).toMatchObject({
      code: "invalid_argument",
      retriable: true,
      hint: expect.stringContaining("read_lines(p, 1, 20) is the first 20 lines"),
    });
  });

  it("refuses what read_file refuses", async () => {
    expect((await refusal(tools.read_lines("binary.bin", 1))).code).toBe("binary_file");
    expect((await refusal(tools.read_lines("src", 1))).code).toBe("is_directory");
    expect((await refusal(tools.read_lines("five.txt", 1, 0))).code).toBe("invalid_argument");
  });
});
