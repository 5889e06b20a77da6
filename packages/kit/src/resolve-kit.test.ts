import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDefaultToolbox } from "./create-default-toolbox.js";
import { KitError } from "./kit-error.js";
import { formatKitFile, parseKitFile } from "./kit-file.js";
import { kitCreate, kitList, resolveKitSpecifier } from "./kit-files.js";
import { createMockProvider } from "./mock-provider.js";
import { toolInputSchema } from "./json-schema.js";
import { docsIndex, resolveDoc } from "./tool-docs.js";
import { Toolbox } from "./toolbox.js";

let root: string;
let kitsDir: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-kits-"));
  kitsDir = path.join(root, ".lackpy", "kits");
  await mkdir(kitsDir, { recursive: true });
  await writeFile(
    path.join(kitsDir, "reader.kit"),
    "---\nname: reader\ndescription: Reads only\n---\nread = read_file\nfind_files # globs\n",
  );
  await writeFile(path.join(root, "custom.kit"), "read_file\n");
  await writeFile(
    path.join(root, "tools.mjs"),
    "export function shout(text) { return String(text).toUpperCase() }\n",
  );
  await writeFile(path.join(root, "notes.md"), "# notes\n");
});

afterAll(() => rm(root, { recursive: true, force: true }));

async function kitError(promise: Promise<unknown>): Promise<KitError> {
  try {
    await promise;
  } catch (error) {
    return error as KitError;
  }
  throw new Error("expected a KitError");
}

describe("resolveKitSpecifier", () => {
  const resolve = (kit: Parameters<typeof resolveKitSpecifier>[0]) =>
    resolveKitSpecifier(kit, createDefaultToolbox({ root }), { kitsDir, baseDir: root });

  it.each([
    ["a shipped kit name", "readonly", ["read_file", "find_files"], { w: 1, d: 0 }],
    [
      "the files kit",
      "files",
      ["read_file", "find_files", "write_file", "edit_file"],
      { w: 3, d: 3 },
    ],
    ["none", "none", [], { w: 0, d: 0 }],
    ["a workspace kit with an alias", "reader", ["read", "find_files"], { w: 1, d: 0 }],
    ["a .kit path", "custom.kit", ["read_file"], { w: 1, d: 0 }],
    ["a comma list", "read_file,write_file", ["read_file", "write_file"], { w: 3, d: 3 }],
    [
      "a comma list with an alias",
      "cat=read_file, find_files",
      ["cat", "find_files"],
      { w: 1, d: 0 },
    ],
    ["a single tool name", "find_files", ["find_files"], { w: 1, d: 0 }],
    ["a list of names", ["read_file"], ["read_file"], { w: 1, d: 0 }],
    ["an alias map", { open: "read_file" }, ["open"], { w: 1, d: 0 }],
  ])("resolves %s", async (_name, kit, tools, grade) => {
    const resolved = await resolve(kit as never);
    expect(resolved.tools.map((tool) => tool.name)).toEqual(tools);
    expect(Object.keys(resolved.callables)).toEqual(tools);
    expect(resolved.grade).toEqual(grade);
  });

  it("describes aliased tools under the name the program must call", async () => {
    const kit = await resolve("reader");
    expect(kit.description).toBe(
      "read(path: string) -> string — Read a UTF-8 text file of the workspace. (alias of read_file)\nfind_files(pattern: string) -> string[] — Workspace-relative paths matching a glob (* and ? within a segment, ** across), sorted.",
    );
    expect(kit.aliases).toEqual({ read: "read_file" });
    expect(await kit.callables.read("notes.md")).toBe("# notes\n");
  });

  it.each([
    ["an unknown kit", "nope", "unknown_kit", "No kit named 'nope'."],
    [
      "an unknown tool",
      "read_file,fly",
      "unknown_tool",
      "Kit 'custom' names the unknown tool 'fly'.",
    ],
    ["a path-like name", "../etc", "invalid_kit_name", "'../etc' is not a valid kit name."],
    ["a missing .kit file", "missing.kit", "unknown_kit", "Cannot read the kit file missing.kit."],
  ])("refuses %s with a KitError listing what exists", async (_name, kit, code, message) => {
    const error = await kitError(resolve(kit));
    expect(error).toBeInstanceOf(KitError);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.hint).toBeTruthy();
  });
});

describe(".kit files", () => {
  it("parse and format round-trip", () => {
    const kit = {
      name: "k",
      description: "A kit",
      docs: ["a.md", "b.md"],
      tools: { read: "read_file", find_files: "find_files" },
    };
    expect(parseKitFile(formatKitFile(kit))).toEqual(kit);
    expect(parseKitFile("---\ndocs: [x.md, y.md]\n---\nread_file").docs).toEqual(["x.md", "y.md"]);
  });

  it.each([
    ["", "kits/e.kit:1: the kit lists no tools."],
    ["# only a comment\n", "kits/e.kit:1: the kit lists no tools."],
    [
      "read_file\nbad name!\n",
      "kits/e.kit:2: 'bad name!' is not a tool name or alias = tool_name.",
    ],
    ["read_file\nread_file\n", "kits/e.kit:2: 'read_file' is listed twice."],
    ["---\nname: x\n", "kits/e.kit:1: the front matter is not closed with ---."],
    ["---\ncolour: red\n---\nread_file", "kits/e.kit:2: unknown front matter key 'colour'."],
  ])("reports %j with file and line", (text, message) => {
    expect(() => parseKitFile(text, { file: "kits/e.kit" })).toThrow(message);
  });
});

describe("kitList and kitCreate", () => {
  it("lists shipped and workspace kits", async () => {
    expect((await kitList(kitsDir)).map((kit) => `${kit.name}:${kit.source}`)).toEqual([
      "readonly:shipped",
      "files:shipped",
      "reader:workspace",
    ]);
  });

  it("creates a kit and refuses an existing name unless forced", async () => {
    const { path: file } = await kitCreate("mine", ["read_file", "cat=read_file"], { kitsDir });
    expect(
      parseKitFile(await (await import("node:fs/promises")).readFile(file, "utf8")).tools,
    ).toEqual({ read_file: "read_file", cat: "read_file" });
    expect((await kitError(kitCreate("mine", ["read_file"], { kitsDir }))).code).toBe("kit_exists");
    expect((await kitError(kitCreate("readonly", ["read_file"], { kitsDir }))).code).toBe(
      "kit_exists",
    );
    await kitCreate("mine", ["find_files"], { kitsDir, force: true });
    expect((await kitError(kitCreate("a/b", ["read_file"], { kitsDir }))).code).toBe(
      "invalid_kit_name",
    );
  });
});

describe("Toolbox and providers", () => {
  it("warns when a tool name masks a Node module or global", () => {
    const toolbox = new Toolbox();
    expect(toolbox.registerTool({ name: "fs" })).toEqual([
      "Tool 'fs' has the name of a Node module or global; models will confuse them. Prefer a verb like read_fs.",
    ]);
    expect(toolbox.registerTool({ name: "grep" })).toEqual([]);
    expect(toolbox.list().map((tool) => tool.name)).toEqual(["fs", "grep"]);
  });

  it("resolves module tools through dynamic import", async () => {
    const toolbox = createDefaultToolbox({ root });
    toolbox.registerTool({
      name: "shout",
      provider: "module",
      providerConfig: { module: "./tools.mjs" },
      args: [{ name: "text", type: "string" }],
    });
    const kit = await resolveKitSpecifier(["shout"], toolbox, {});
    expect(await kit.callables.shout("hi")).toBe("HI");
  });

  it("records mock calls and returns fixed outputs", async () => {
    const mock = createMockProvider({
      weather: { temp: 20 },
      add: (a: number, b: number) => a + b,
    });
    const toolbox = new Toolbox().registerProvider(mock);
    toolbox.registerTool({ name: "weather", provider: "mock" });
    toolbox.registerTool({ name: "add", provider: "mock" });
    expect(await (await toolbox.callable("weather"))("paris")).toEqual({ temp: 20 });
    expect(await (await toolbox.callable("add"))(2, 3)).toBe(5);
    expect(mock.calls).toEqual([
      { tool: "weather", args: ["paris"] },
      { tool: "add", args: [2, 3] },
    ]);
  });

  it("maps tool arguments to JSON Schema", () => {
    expect(
      toolInputSchema({
        name: "t",
        args: [
          { name: "path", type: "string" },
          { name: "n", type: "int", optional: true },
          { name: "tags", type: "string[]" },
        ],
      }),
    ).toEqual({
      type: "object",
      properties: {
        path: { type: "string" },
        n: { type: "integer" },
        tags: { type: "array", items: { type: "string" } },
      },
      required: ["path", "tags"],
      additionalProperties: false,
    });
  });
});

describe("docs", () => {
  it("indexes and resolves the shipped docs of builtin tools from any workspace", async () => {
    const kit = await resolveKitSpecifier("files", createDefaultToolbox({ root }), {});
    expect(docsIndex(kit).map((doc) => doc.path)).toEqual([
      "read_file.md",
      "find_files.md",
      "write_file.md",
      "edit_file.md",
    ]);
    const text = await resolveDoc("read_file.md", root);
    for (const section of [
      "## Signature",
      "## Parameters",
      "## Returns",
      "## Grade",
      "## Examples",
      "## Notes",
    ])
      expect(text).toContain(section);
  });

  it("reads workspace docs and refuses paths outside the root", async () => {
    expect(await resolveDoc("notes.md", root)).toBe("# notes\n");
    expect((await kitError(resolveDoc("../../etc/passwd", root))).code).toBe("path_outside_root");
    expect((await kitError(resolveDoc("/etc/passwd", root))).code).toBe("path_outside_root");
  });
});
