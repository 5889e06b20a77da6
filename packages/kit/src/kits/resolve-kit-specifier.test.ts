import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHIPPED_KITS } from "./shipped-kits.js";
import { createDefaultToolbox } from "../create-default-toolbox.js";
import { KitError } from "../kit-error.js";
import type { KitInput } from "./resolve-kit.js";
import { kitList } from "./kit-list.js";
import { resolveKitSpecifier } from "./resolve-kit-specifier.js";

let root: string;
let kitsDir: string;
let secrets: string;

const CREDENTIAL = "https://me:ghp_S3cretTokenValue@github.com";

/**
 * `.kit` links a cloned repository can bring, each to a file that is not a kit: a kit file's
 * lines are echoed in its parse errors (to the person and, through MCP, to the model), so reading
 * one would show the credential's first line. A link to a real `.kit` file is the control.
 */
const KIT_LINKS: Record<string, string> = {
  ".lackpy/kits/creds.kit": "SECRETS/git-credentials",
  ".lackpy/kits/readonly-link.kit": "SECRETS/git-credentials",
  "creds.kit": "SECRETS/git-credentials",
  "chain.kit": "creds.kit",
  "dir.kit": "SECRETS",
  ".lackpy/kits/shared.kit": "SECRETS/shared.kit",
};

beforeAll(async () => {
  secrets = await mkdtemp(path.join(os.tmpdir(), "lackpy-kit-secrets-"));
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-kits-"));
  kitsDir = path.join(root, ".lackpy", "kits");
  await mkdir(kitsDir, { recursive: true });
  await writeFile(
    path.join(kitsDir, "reader.kit"),
    "---\nname: reader\ndescription: Reads only\ndocs: [docs/reading.md]\n---\nread = read_file\nfind_files # globs\n",
  );
  // A cloned repository's kits that take lackpy's own names (issue 35): never used as those kits.
  await writeFile(path.join(kitsDir, "files.kit"), "read_file\n");
  await writeFile(path.join(kitsDir, "readonly.kit"), "read_file\nwrite_file\nedit_file\n");
  await writeFile(path.join(kitsDir, "none.kit"), "write_file\n");
  await writeFile(path.join(kitsDir, "sneaky.kit"), "---\nname: readonly\n---\nwrite_file\n");
  await writeFile(path.join(root, "ReadOnly.kit"), "write_file\n");
  await writeFile(path.join(kitsDir, "broken.kit"), "read_file\nnot a tool\n");
  await writeFile(path.join(root, "custom.kit"), "---\nname: mine\n---\nwrite_file\n");
  await writeFile(path.join(root, "plain.kit"), "edit_file\n");
  await writeFile(path.join(root, "notes.md"), "# notes\n");
  // A credential file outside, and links a cloned repository could bring that lead to it.
  await writeFile(path.join(secrets, "git-credentials"), `${CREDENTIAL}\n`);
  await writeFile(path.join(secrets, "shared.kit"), "read_file\n");
  if (process.platform !== "win32") {
    for (const [link, target] of Object.entries(KIT_LINKS))
      await symlink(target.replace("SECRETS", secrets), path.join(root, link));
    execFileSync("mkfifo", [path.join(kitsDir, "fifo.kit")]);
  }
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(secrets, { recursive: true, force: true });
});

const resolve = (kit: KitInput) =>
  resolveKitSpecifier(kit, createDefaultToolbox({ root }), { kitsDir, baseDir: root });

async function kitError(promise: Promise<unknown>): Promise<KitError> {
  try {
    await promise;
  } catch (error) {
    if (KitError.is(error)) return error;
    throw error;
  }
  throw new Error("expected a KitError");
}

describe("resolveKitSpecifier", () => {
  it.each([
    [
      "a workspace kit whose name: says readonly",
      "sneaky",
      /'readonly': 'none', 'readonly', 'files' are lackpy's own kits/,
    ],
    [
      "a .kit path whose file name is a shipped kit's, in another case",
      "./ReadOnly.kit",
      /cannot be named 'ReadOnly'/,
    ],
  ])("refuses %s", async (_name, kit, message) => {
    const error = await kitError(resolve(kit));
    expect(error.code).toBe("invalid_kit_name");
    expect(error.message).toMatch(message);
    expect(error.hint).toContain("rename the .kit file");
  });

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
      "the shipped kit, never a workspace .kit file of its name",
      "files",
      "files",
      Object.keys(SHIPPED_KITS.files.tools),
      { w: 3, d: 3 },
    ],
    [
      "the shipped readonly kit, never a workspace readonly.kit with write tools",
      "readonly",
      "readonly",
      Object.keys(SHIPPED_KITS.readonly.tools),
      { w: 1, d: 0 },
    ],
    ["the empty kit, never a workspace none.kit", "none", "none", [], { w: 0, d: 0 }],
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
      "read(path: string) -> string — Read a UTF-8 text file from the workspace. A binary file (a NUL in its first 8 KiB) or one over 10 MiB fails (binary_file, too_large); find_files(glob, { text: true }) lists readable ones. (alias of read_file)
      find_files(pattern: string, options?: { include_ignored?: boolean, text?: boolean, hidden?: boolean }) -> string[] — Paths matching a glob, sorted: * and ? match within a name, ** any depth (**/*.ts has a.ts too). Leaves out hidden names (.vscode, not .github) unless { hidden: true }, node_modules unless named, and .gitignored files unless { include_ignored: true }."
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
      /^kits: readonly, files, broken, (creds, fifo, )?reader, (readonly-link, shared, )?sneaky, none/,
    );
  });
});

describe.skipIf(process.platform === "win32")("kit links to files that are not kits", () => {
  it.each<[string, KitInput]>([
    ["a workspace kit linked to a credential file", "creds"],
    ["a workspace kit linked to a credential file, under another name", "readonly-link"],
    ["a .kit path linked to a credential file", "creds.kit"],
    ["a .kit path through a chain of links", "chain.kit"],
    ["a .kit path linked to a folder", "dir.kit"],
    ["a workspace kit that is a FIFO (a read that never ends)", "fifo"],
    ["a .kit path that is a FIFO", ".lackpy/kits/fifo.kit"],
  ])("refuses %s, and never shows its text", async (_name, kit) => {
    const error = await kitError(resolve(kit));
    expect(`${error.message} ${error.hint}`).not.toContain("S3cret");
    expect(["invalid_kit_file", "unknown_kit"]).toContain(error.code);
  });

  it("lists a linked kit's refusal without its text, and still reads a kit linked to a .kit file (control)", async () => {
    const listed = await kitList(kitsDir);
    expect(JSON.stringify(listed)).not.toContain("S3cret");
    expect(listed.find((entry) => entry.name === "creds")?.error).toMatch(
      /is a link to git-credentials, which is not a \.kit file/,
    );
    expect((await resolve("shared")).tools.map((tool) => tool.name)).toEqual(["read_file"]);
  });
});
