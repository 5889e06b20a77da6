import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHIPPED_KITS } from "./shipped-kits.js";
import { createDefaultToolbox } from "../create-default-toolbox.js";
import { KitError } from "../kit-error.js";
import type { KitInput } from "./resolve-kit.js";
import { resolveKitSpecifier } from "./resolve-kit-specifier.js";

let root: string;
let kitsDir: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-kits-"));
  kitsDir = path.join(root, ".lackpy", "kits");
  await mkdir(kitsDir, { recursive: true });
  await writeFile(
    path.join(kitsDir, "reader.kit"),
    "---\nname: reader\ndescription: Reads only\ndocs: [docs/reading.md]\n---\nread = read_file\nfind_files # globs\n",
  );
  await writeFile(path.join(kitsDir, "files.kit"), "read_file\n");
  await writeFile(path.join(kitsDir, "broken.kit"), "read_file\nnot a tool\n");
  await writeFile(path.join(root, "custom.kit"), "---\nname: mine\n---\nwrite_file\n");
  await writeFile(path.join(root, "plain.kit"), "edit_file\n");
  await writeFile(path.join(root, "notes.md"), "# notes\n");
});

afterAll(() => rm(root, { recursive: true, force: true }));

const resolve = (kit: KitInput) =>
  resolveKitSpecifier(kit, createDefaultToolbox({ root }), { kitsDir, baseDir: root });

async function kitError(promise: Promise<unknown>): Promise<KitError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof KitError) return error;
    throw error;
  }
  throw new Error("expected a KitError");
}

describe("resolveKitSpecifier", () => {
  it.each<[string, KitInput, string, string[], { w: number; d: number }]>([
    [
      "a shipped kit",
      "readonly",
      "readonly",
      Object.keys(SHIPPED_KITS.readonly.tools),
      { w: 1, d: 0 },
    ],
    ["a workspace kit with an alias", "reader", "reader", ["read", "find_files"], { w: 1, d: 0 }],
    [
      "a workspace kit that replaces a shipped one",
      "files",
      "files",
      ["read_file"],
      { w: 1, d: 0 },
    ],
    ["a .kit path with a name", "custom.kit", "mine", ["write_file"], { w: 3, d: 3 }],
    ["a .kit path named by its file", "./plain.kit", "plain", ["edit_file"], { w: 3, d: 3 }],
    ["an absolute .kit path", "ABSOLUTE", "plain", ["edit_file"], { w: 3, d: 3 }],
    ["none", "none", "none", [], { w: 0, d: 0 }],
    [
      "a comma list",
      "read_file,find_files",
      "read_file,find_files",
      ["read_file", "find_files"],
      { w: 1, d: 0 },
    ],
    ["a list", ["write_file"], "write_file", ["write_file"], { w: 3, d: 3 }],
    ["an alias map", { cat: "read_file" }, "cat", ["cat"], { w: 1, d: 0 }],
  ])("resolves %s", async (_form, kit, name, tools, grade) => {
    const input = kit === "ABSOLUTE" ? path.join(root, "plain.kit") : kit;
    const resolved = await resolve(input);
    expect(resolved.name).toBe(name);
    expect(resolved.tools.map((tool) => tool.name)).toEqual(tools);
    expect(resolved.grade).toEqual(grade);
  });

  it("resolves a workspace kit with its docs, aliases, description and working callables", async () => {
    const kit = await resolve("reader");
    expect(kit.aliases).toEqual({ read: "read_file" });
    expect(kit.docs).toEqual(["docs/reading.md", "read_file.md", "find_files.md"]);
    expect(kit.description).toMatchInlineSnapshot(`
      "read(path: string) -> string — Read a UTF-8 text file from the workspace. (alias of read_file)
      find_files(pattern: string, options?: { include_ignored?: boolean }) -> string[] — Workspace-relative paths of the files matching a glob (* and ? within a folder, ** across folders), sorted; files that .gitignore ignores are left out unless the options say include_ignored."
    `);
    expect(await kit.callables.read("notes.md")).toBe("# notes\n");
  });

  it("reads only the requested kit file, so a broken kit does not break others", async () => {
    expect((await resolve("readonly")).name).toBe("readonly");
    expect((await kitError(resolve("broken"))).message).toBe(
      `${path.join(kitsDir, "broken.kit")}:2: 'not a tool' is not a tool name or alias = tool_name.`,
    );
  });

  it.each<[string, KitInput, string, string]>([
    ["an unknown kit", "nope", "unknown_kit", "No kit named 'nope'."],
    ["a missing .kit file", "missing.kit", "unknown_kit", "Cannot read the kit file missing.kit."],
    [
      "a kit name that is a path",
      "../kits/reader",
      "invalid_kit_name",
      "'../kits/reader' is not a valid kit name.",
    ],
    [
      "an unknown tool",
      "read_file,fly",
      "unknown_tool",
      "Kit 'custom' names the unknown tool 'fly'.",
    ],
  ])("refuses %s", async (_case, kit, code, message) => {
    const error = await kitError(resolve(kit));
    expect({ code: error.code, message: error.message }).toEqual({ code, message });
    expect(error.hint).toBeTruthy();
  });

  it("lists shipped and workspace kits when a kit is unknown", async () => {
    expect((await kitError(resolve("nope"))).hint).toMatch(
      /^kits: readonly, files, broken, reader, none/,
    );
  });
});
