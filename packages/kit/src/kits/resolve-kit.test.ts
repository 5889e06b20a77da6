import { describe, expect, it } from "vitest";
import { createMockProvider } from "../toolbox/create-mock-provider.js";
import { KitError } from "../kit-error.js";
import { resolveKit, type KitInput } from "./resolve-kit.js";
import { Toolbox } from "../toolbox/toolbox.js";

function mockToolbox(): Toolbox {
  const toolbox = new Toolbox().registerProvider(
    createMockProvider({
      read_file: (file: string) => `text of ${file}`,
      find_files: ["a.md"],
      file_size: 1,
      file_sizes: [],
      line_counts: [],
      list_folder: [],
      read_lines: [],
      search_files: [],
      definitions_of: [],
      exports_of: [],
      imports_of: [],
      declarations_in: [],
      importers_of: [],
      callers_of: [],
      write_file: 1,
      edit_file: true,
    }),
  );
  toolbox.registerTool({
    name: "read_file",
    provider: "mock",
    description: "Read a UTF-8 text file from the workspace.",
    args: [{ name: "path", type: "string", path: "read" }],
    returns: "string",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "read_file.md",
  });
  toolbox.registerTool({
    name: "find_files",
    provider: "mock",
    description: "Find files.",
    args: [{ name: "pattern", type: "string" }],
    returns: "string[]",
    gradeW: 1,
    effectsCeiling: 0,
    docs: "find_files.md",
  });
  // The read tools after read_file and find_files, which are registered above.
  for (const name of READ_TOOLS.slice(2))
    toolbox.registerTool({ name, provider: "mock", gradeW: 1, effectsCeiling: 0 });
  toolbox.registerTool({ name: "write_file", provider: "mock", gradeW: 3, effectsCeiling: 3 });
  toolbox.registerTool({ name: "edit_file", provider: "mock", gradeW: 3, effectsCeiling: 2 });
  return toolbox;
}

const READ_TOOLS = [
  "read_file",
  "find_files",
  "file_size",
  "file_sizes",
  "line_counts",
  "list_folder",
  "read_lines",
  "search_files",
  "definitions_of",
  "exports_of",
  "imports_of",
  "declarations_in",
  "importers_of",
  "callers_of",
];

async function kitError(promise: Promise<unknown>): Promise<KitError> {
  try {
    await promise;
  } catch (error) {
    if (KitError.is(error)) return error;
    throw error;
  }
  throw new Error("expected a KitError");
}

describe("resolveKit", () => {
  it.each<[string, KitInput, string[], { w: number; d: number }]>([
    ["the shipped kit readonly", "readonly", READ_TOOLS, { w: 1, d: 0 }],
    ["the shipped kit files", "files", [...READ_TOOLS, "write_file", "edit_file"], { w: 3, d: 3 }],
    ["none", "none", [], { w: 0, d: 0 }],
    ["a comma list", "read_file,edit_file", ["read_file", "edit_file"], { w: 3, d: 2 }],
    [
      "a comma list with spaces and an alias",
      " cat = read_file , find_files ",
      ["cat", "find_files"],
      { w: 1, d: 0 },
    ],
    ["a single tool name", "find_files", ["find_files"], { w: 1, d: 0 }],
    [
      "a list of tool names",
      ["read_file", "write_file"],
      ["read_file", "write_file"],
      { w: 3, d: 3 },
    ],
    ["an empty list", [], [], { w: 0, d: 0 }],
    ["an alias map", { open: "read_file", ls: "find_files" }, ["open", "ls"], { w: 1, d: 0 }],
  ])("resolves %s", async (_form, kit, names, grade) => {
    const resolved = await resolveKit(kit, mockToolbox());
    expect(resolved.tools.map((tool) => tool.name)).toEqual(names);
    expect(Object.keys(resolved.callables)).toEqual(names);
    expect(resolved.grade).toEqual(grade);
  });

  it("resolves a kit definition given by name, which wins over a shipped kit", async () => {
    const kits = { readonly: { docs: ["docs/kit.md"], tools: { read: "read_file" } } };
    const resolved = await resolveKit("readonly", mockToolbox(), { kits });
    expect(resolved.name).toBe("readonly");
    expect(resolved.aliases).toEqual({ read: "read_file" });
    expect(resolved.docs).toEqual(["docs/kit.md", "read_file.md"]);
    expect(await resolved.callables.read("a.md")).toBe("text of a.md");
  });

  it("describes aliased tools under the name the program must call", async () => {
    const resolved = await resolveKit(
      { open: "read_file", find_files: "find_files" },
      mockToolbox(),
    );
    expect(resolved.description).toMatchInlineSnapshot(`
      "open(path: string) -> string — Read a UTF-8 text file from the workspace. (alias of read_file)
      find_files(pattern: string) -> string[] — Find files."
    `);
    expect(resolved.tools[0]).toMatchObject({
      name: "open",
      args: [{ name: "path", path: "read" }],
    });
  });

  it("renames calls in the examples of aliased tools", async () => {
    const toolbox = mockToolbox().registerProvider(
      createMockProvider({ count_lines: 1 }, { name: "lines" }),
    );
    toolbox.registerTool({
      name: "count_lines",
      provider: "lines",
      examples: [{ intent: "x", code: `len(read_file("a").split("\\n")) + my.read_file(1)` }],
    });
    const resolved = await resolveKit({ read: "read_file", count_lines: "count_lines" }, toolbox);
    expect(resolved.tools[1].examples?.[0].code).toBe(
      `len(read("a").split("\\n")) + my.read_file(1)`,
    );
    expect(toolbox.get("count_lines")?.examples?.[0].code).toContain("len(read_file(");
    const both = await resolveKit(
      { read_file: "read_file", cat: "read_file", count_lines: "count_lines" },
      toolbox,
    );
    expect(both.tools[2].examples?.[0].code).toContain("len(read_file(");
  });

  it("adds extra tools that are not in the kit yet, keeping aliases in the description", async () => {
    const resolved = await resolveKit({ open: "read_file" }, mockToolbox(), {
      extraTools: ["find_files", "open"],
    });
    expect(Object.keys(resolved.callables)).toEqual(["open", "find_files"]);
    expect(resolved.description.split("\n")[0]).toContain("open(path: string)");
    const none = await resolveKit("none", mockToolbox(), { extraTools: ["write_file"] });
    expect(none).toMatchObject({ name: "none", grade: { w: 3, d: 3 } });
  });

  it("gives callables that run through the provider", async () => {
    const resolved = await resolveKit("readonly", mockToolbox());
    expect(await resolved.callables.read_file("x.md")).toBe("text of x.md");
    expect(await resolved.callables.find_files("*")).toEqual(["a.md"]);
  });

  it.each<[string, KitInput, string, string, string]>([
    ["an unknown kit", "nope", "unknown_kit", "No kit named 'nope'.", "readonly, files, ws"],
    [
      "an unknown tool in a list",
      "read_file,fly",
      "unknown_tool",
      "Kit 'custom' names the unknown tool 'fly'.",
      "read_file, find_files",
    ],
    [
      "an unknown tool in a map",
      { go: "fly" },
      "unknown_tool",
      "Kit 'custom' names the unknown tool 'fly'.",
      "known tools",
    ],
    ["a kit name with ..", "..", "invalid_kit_name", "'..' is not a valid kit name.", "without /"],
    ["a kit name with /", "a/b", "invalid_kit_name", "'a/b' is not a valid kit name.", "without /"],
    [
      "a kit name with \\",
      "a\\b",
      "invalid_kit_name",
      "'a\\b' is not a valid kit name.",
      "without /",
    ],
    [
      "a kit name with a parent path",
      "../etc",
      "invalid_kit_name",
      "'../etc' is not a valid kit name.",
      "without /",
    ],
    [
      "an alias that is not a name",
      { "read file": "read_file" },
      "invalid_kit",
      `The kit entry "read file" → "read_file" is not a callable name and a tool name.`,
      "identifier",
    ],
    [
      "a non-string tool",
      ["read_file", 3] as never,
      "invalid_kit",
      `The kit entry 3 → 3 is not a callable name and a tool name.`,
      "identifier",
    ],
  ])("refuses %s, saying what exists", async (_case, kit, code, message, hint) => {
    const error = await kitError(resolveKit(kit, mockToolbox(), { knownKits: ["ws"] }));
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.hint).toContain(hint);
  });

  it("suggests the nearest tool name", async () => {
    const error = await kitError(resolveKit("read_fil,find_files", mockToolbox()));
    expect(error.hint).toMatchInlineSnapshot(
      `"did you mean read_file? known tools: read_file, find_files, file_size, file_sizes, line_counts, list_folder, read_lines, search_files, definitions_of, exports_of, imports_of, declarations_in, importers_of, callers_of, write_file, edit_file"`,
    );
  });

  it("lists every kit form in the unknown-kit hint", async () => {
    const error = await kitError(resolveKit("nope", mockToolbox()));
    expect(error.hint).toMatchInlineSnapshot(
      `"kits: readonly, files, none, a .kit file path, or a comma list of tools"`,
    );
  });
});
