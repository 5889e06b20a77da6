import { describe, expect, it } from "vitest";
import { formatKitFile, parseKitFile, type KitDefinition } from "./parse-kit-file.js";

describe("parseKitFile", () => {
  it("reads front matter, tools, aliases and comments", () => {
    const text = [
      "---",
      "name: reader",
      'description: "Reads: only"',
      "# a comment in the front matter",
      "docs:",
      "  - docs/reading.md",
      "  - docs/more.md",
      "---",
      "# tools",
      "read = read_file   # alias",
      "",
      "find_files",
    ].join("\r\n");
    expect(parseKitFile(text)).toEqual({
      name: "reader",
      description: "Reads: only",
      docs: ["docs/reading.md", "docs/more.md"],
      tools: { read: "read_file", find_files: "find_files" },
    });
  });

  it("reads docs as an inline list and a file without front matter", () => {
    expect(parseKitFile("---\ndocs: [x.md, 'y.md']\n---\nread_file").docs).toEqual([
      "x.md",
      "y.md",
    ]);
    expect(parseKitFile("read_file\nwrite_file\n")).toEqual({
      tools: { read_file: "read_file", write_file: "write_file" },
    });
  });

  it.each([
    ["", "kits/e.kit:1: the kit lists no tools."],
    ["# only a comment\n\n", "kits/e.kit:3: the kit lists no tools."],
    ["---\nname: e\n---\n", "kits/e.kit:4: the kit lists no tools."],
    [
      "read_file\nbad name!\n",
      "kits/e.kit:2: 'bad name!' is not a tool name or alias = tool_name.",
    ],
    [
      "read_file\na = b = c\n",
      "kits/e.kit:2: 'a = b = c' is not a tool name or alias = tool_name.",
    ],
    ["read_file\n../x\n", "kits/e.kit:2: '../x' is not a tool name or alias = tool_name."],
    ["read_file\nread_file\n", "kits/e.kit:2: 'read_file' is listed twice."],
    ["---\nname: x\n", "kits/e.kit:1: the front matter is not closed with ---."],
    ["---\ncolour: red\n---\nread_file", "kits/e.kit:2: unknown front matter key 'colour'."],
    [
      "---\n  - stray\n---\nread_file",
      "kits/e.kit:2: cannot read the front matter line '- stray'.",
    ],
  ])("reports %j with the file and line", (text, message) => {
    expect(() => parseKitFile(text, { file: "kits/e.kit" })).toThrow(message);
  });

  it("names the kit file in the error code and hint", () => {
    try {
      parseKitFile("");
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        code: "invalid_kit_file",
        message: "<kit>:1: the kit lists no tools.",
        hint: "list one tool name per line; for an empty kit use the kit name none",
      });
    }
  });
});

describe("formatKitFile", () => {
  it.each<KitDefinition>([
    {
      name: "k",
      description: "A kit",
      docs: ["a.md", "b.md"],
      tools: { read: "read_file", find_files: "find_files" },
    },
    { tools: { read_file: "read_file" } },
    { name: "q", description: ' "quoted" with # and: colons ', tools: { edit_file: "edit_file" } },
    { description: "line one\nline two", docs: ["[odd].md"], tools: { x: "y" } },
  ])("round-trips %j", (kit) => {
    expect(parseKitFile(formatKitFile(kit))).toEqual(kit);
  });

  it("writes aliases and a front matter block", () => {
    expect(
      formatKitFile({
        name: "reader",
        docs: ["docs/r.md"],
        tools: { read: "read_file", find_files: "find_files" },
      }),
    ).toMatchInlineSnapshot(`
      "---
      name: reader
      docs:
        - docs/r.md
      ---
      read = read_file
      find_files
      "
    `);
  });
});
