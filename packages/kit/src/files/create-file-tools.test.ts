import { chmod, mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace, refusal, type TestWorkspace } from "../__fixtures__/create-workspace.js";
import { createBuiltinProvider, createFileTools } from "./create-file-tools.js";
import { createDefaultToolbox } from "../create-default-toolbox.js";
import { FILE_TOOL_SPECS } from "./file-tool-specs.js";
import { KitError } from "../kit-error.js";
import { resolveKit } from "../kits/resolve-kit.js";

let workspace: TestWorkspace;
let root: string;
let tools: ReturnType<typeof createFileTools>;

beforeAll(async () => {
  workspace = await createWorkspace();
  root = workspace.root;
  tools = createFileTools(root);
});

afterAll(async () => {
  await chmod(path.join(root, "locked"), 0o755).catch(() => undefined);
  await workspace.remove();
});

describe("createFileTools: read_file", () => {
  it("reads text files", async () => {
    expect(await tools.read_file("src/a.ts")).toBe("const a = 1 // TODO\n");
    expect(await tools.read_file("./README.md")).toBe("# readme\n");
    expect(await tools.read_file("src\\c.md")).toBe("# c\n");
  });

  it("refuses folders, binary and missing files with clear messages", async () => {
    expect(await refusal(tools.read_file("src"))).toMatchObject({
      code: "is_directory",
      message: "'src' is a folder, not a file.",
      hint: 'use find_files("src/*") to list it',
    });
    expect(await refusal(tools.read_file("binary.bin"))).toMatchObject({
      code: "binary_file",
      message: "'binary.bin' is a binary file, not text.",
    });
    expect(await refusal(tools.read_file("nope.txt"))).toMatchObject({
      code: "not_found",
      retriable: true,
      message: "No file 'nope.txt' in the workspace.",
    });
    expect((await refusal(tools.read_file("README.md/x"))).code).toBe("not_found");
  });

  it("refuses a file over the read limit (10 MiB by default)", async () => {
    await writeFile(path.join(root, "huge.txt"), Buffer.alloc(10 * 1024 * 1024 + 1, 97));
    try {
      expect(await refusal(tools.read_file("huge.txt"))).toMatchObject({
        code: "too_large",
        retriable: false,
        message: "'huge.txt' is 10485761 bytes; read_file reads files up to 10485760 bytes.",
      });
    } finally {
      await rm(path.join(root, "huge.txt"));
    }
    const small = createFileTools(root, { maxReadBytes: 4 });
    expect((await refusal(small.read_file("README.md"))).code).toBe("too_large");
  });

  it("finds a NUL byte only in the first 8 KiB", async () => {
    await writeFile(
      path.join(root, "late-nul.txt"),
      Buffer.concat([Buffer.alloc(8192, 97), Buffer.from([0])]),
    );
    expect((await tools.read_file("late-nul.txt")).length).toBe(8193);
    await rm(path.join(root, "late-nul.txt"));
  });
});

describe("createFileTools: find_files", () => {
  it.each([
    ["**/*.ts", ["src/a.ts", "src/nested/b.ts"]],
    ["src/*", ["src/a.ts", "src/c.md"]],
    ["src/**/*.{ts,md}", ["src/a.ts", "src/c.md", "src/nested/b.ts"]],
    ["src/**", ["src/a.ts", "src/c.md", "src/nested/b.ts"]],
    ["?EADME.md", ["README.md"]],
    ["./src/nested/*.ts", ["src/nested/b.ts"]],
    ["src\\nested\\*.ts", ["src/nested/b.ts"]],
    ["src/nested/b.ts", ["src/nested/b.ts"]],
    ["node_modules/**/*.ts", ["node_modules/pkg/index.ts"]],
    ["**/*.tmpl", []],
    ["**/config.ts", []],
    ["missing/**", []],
    ["dir-out/*", []],
    ["src-link/*", []],
  ])("finds %j", async (pattern, expected) => {
    expect(await tools.find_files(pattern)).toEqual(expected);
  });

  it("refuses an empty pattern and too many results", async () => {
    expect((await refusal(tools.find_files(""))).code).toBe("invalid_pattern");
    const few = createFileTools(root, { maxFindResults: 1 });
    expect(await refusal(few.find_files("**/*.ts"))).toMatchObject({
      code: "too_many_results",
      hint: "use a narrower pattern",
    });
  });
});

describe("createFileTools: write_file and edit_file", () => {
  it("writes atomically, creating folders, and leaves no temporary file", async () => {
    expect(await tools.write_file("out/deep/new.txt", "one two one")).toBe(11);
    expect(await readFile(path.join(root, "out/deep/new.txt"), "utf8")).toBe("one two one");
    expect(await tools.write_file("out/deep/new.txt", "é")).toBe(2);
    expect(await readdir(path.join(root, "out/deep"))).toEqual(["new.txt"]);
  });

  it("replaces old when it occurs once, literally, and returns 1", async () => {
    await tools.write_file("edit.txt", "one two $& three");
    expect(await tools.edit_file("edit.txt", "two", "2")).toBe(1);
    expect(await tools.edit_file("edit.txt", "$&", "$$")).toBe(1);
    expect(await readFile(path.join(root, "edit.txt"), "utf8")).toBe("one 2 $$ three");
    expect((await refusal(tools.edit_file("edit.txt", "", "y"))).code).toBe("invalid_argument");
    expect((await refusal(tools.edit_file("nope.txt", "a", "b"))).code).toBe("not_found");
  });

  it("fails with edit_not_found when old is not in the file, which stays unchanged", async () => {
    await tools.write_file("absent.txt", "Port = 80\n");
    const error = await refusal(tools.edit_file("absent.txt", "port = 80", "port = 81"));
    expect(error).toMatchObject({ code: "edit_not_found", retriable: true });
    expect(error.message).toBe(
      `"port = 80" is not in 'absent.txt' (it is, with other capitals); the file is unchanged.`,
    );
    expect(error.hint).toMatchInlineSnapshot(
      `"old must match the file exactly, spaces and line breaks included: read the lines first (read_lines or search_files) and copy them"`,
    );
    expect((await refusal(tools.edit_file("absent.txt", "zzz", "y", { all: true }))).code).toBe(
      "edit_not_found",
    );
    expect(await readFile(path.join(root, "absent.txt"), "utf8")).toBe("Port = 80\n");
  });

  it("fails with edit_ambiguous, the count and the first lines, when old occurs more than once", async () => {
    const text = "foo()\nbar\n  const foo = 1\nfoo foo\nfoo\n";
    await tools.write_file("many.txt", text);
    const error = await refusal(tools.edit_file("many.txt", "foo", "baz"));
    expect(error).toMatchObject({ code: "edit_ambiguous", retriable: true });
    expect(error.message).toBe(
      `"foo" occurs 5 times in 'many.txt' (line 1: "foo()", line 3: "const foo = 1", line 4: "foo foo", …); the file is unchanged.`,
    );
    expect(error.hint).toBe(
      "add the text around it to old so that it occurs once, or pass { all: true } to replace all 5",
    );
    expect(await readFile(path.join(root, "many.txt"), "utf8")).toBe(text);
  });

  it("replaces every occurrence with { all: true } and returns the count", async () => {
    await tools.write_file("all.txt", "aaa-aa");
    // Left to right without overlapping, as text.split(old) counts.
    expect(await tools.edit_file("all.txt", "aa", "b", { all: true })).toBe(2);
    expect(await readFile(path.join(root, "all.txt"), "utf8")).toBe("ba-b");
    expect(await tools.edit_file("all.txt", "ba", "x", { all: true })).toBe(1);
    expect(await tools.edit_file("all.txt", "b", "y", { all: false })).toBe(1);
    expect(await readFile(path.join(root, "all.txt"), "utf8")).toBe("x-y");
  });

  it.each([[{ every: true }], [{ all: "yes" }], [[true]], ["all"]])(
    "refuses the options %j",
    async (options) => {
      const error = await refusal(tools.edit_file("all.txt", "x", "z", options));
      expect(error).toMatchObject({ code: "invalid_argument", retriable: true });
      expect(error.hint).toContain("{ all: true }");
    },
  );

  it("keeps the mode of a file it replaces", async () => {
    await writeFile(path.join(root, "private.txt"), "echo");
    await chmod(path.join(root, "private.txt"), 0o640);
    await tools.write_file("private.txt", "echo hi");
    expect((await stat(path.join(root, "private.txt"))).mode & 0o777).toBe(0o640);
  });

  it("refuses to replace a read-only file (mode 444), even as root", async () => {
    await writeFile(path.join(root, "locked.txt"), "locked");
    await chmod(path.join(root, "locked.txt"), 0o444);
    const error = await refusal(tools.write_file("locked.txt", "x"));
    expect(error).toMatchObject({ code: "read_only", retriable: false });
    expect(error.message).toMatchInlineSnapshot(
      `"'locked.txt' is read-only; lackpy will not replace it."`,
    );
    expect((await refusal(tools.edit_file("locked.txt", "locked", "x"))).code).toBe("read_only");
    expect(await readFile(path.join(root, "locked.txt"), "utf8")).toBe("locked");
    expect((await stat(path.join(root, "locked.txt"))).mode & 0o777).toBe(0o444);
  });

  it("refuses to write into a read-only folder (mode 555), even as root", async () => {
    await mkdir(path.join(root, "locked"));
    await chmod(path.join(root, "locked"), 0o555);
    expect((await refusal(tools.write_file("locked/new.txt", "x"))).message).toMatchInlineSnapshot(
      `"The folder of 'locked/new.txt' is read-only; lackpy will not write into it."`,
    );
    expect((await refusal(tools.write_file("locked/sub/new.txt", "x"))).code).toBe("read_only");
    expect(await readdir(path.join(root, "locked"))).toEqual([]);
  });

  it("refuses content that is not a string, and writing over a folder", async () => {
    expect(await refusal(tools.write_file("x.txt", { a: 1 }))).toMatchObject({
      code: "invalid_argument",
      retriable: true,
      message: "write_file needs the content as a string, not object.",
    });
    expect((await refusal(tools.write_file("src", "x"))).code).toBe("is_directory");
  });
});

describe("createFileTools: write errors", () => {
  it("writes a 250-character name and a 255-byte name, leaving no temporary file", async () => {
    const name = `${"n".repeat(246)}.txt`;
    expect(await tools.write_file(`long/${name}`, "x")).toBe(1);
    const widest = `${"é".repeat(125)}.txt`;
    expect(Buffer.byteLength(widest)).toBe(254);
    expect(await tools.write_file(`long/${widest}x`, "y")).toBe(1);
    expect((await readdir(path.join(root, "long"))).sort()).toEqual([name, `${widest}x`].sort());
    expect(await tools.read_file(`long/${name}`)).toBe("x");
  });

  it.each<[string, string, string]>([
    [
      "README.md/x.txt",
      "not_a_folder",
      "Could not write 'README.md/x.txt': a part of its path is a file, not a folder.",
    ],
    [
      "src/a.ts/deep/x.txt",
      "not_a_folder",
      "Could not write 'src/a.ts/deep/x.txt': a part of its path is a file, not a folder.",
    ],
    [
      `${"n".repeat(256)}.txt`,
      "name_too_long",
      `'${"n".repeat(60)}…${"n".repeat(36)}.txt' has a file or folder name longer than 255 bytes, or is too long a path.`,
    ],
    [
      `new-folder/${"é".repeat(128)}`,
      "name_too_long",
      `'new-folder/${"é".repeat(49)}…${"é".repeat(40)}' has a file or folder name longer than 255 bytes, or is too long a path.`,
    ],
    [
      `${"d".repeat(300)}/x.txt`,
      "name_too_long",
      `'${"d".repeat(60)}…${"d".repeat(34)}/x.txt' has a file or folder name longer than 255 bytes, or is too long a path.`,
    ],
  ])("refuses %j with a clear message and no host path", async (file, code, message) => {
    const error = await refusal(tools.write_file(file, "x"));
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(`${error.message} ${error.hint}`).not.toContain(root);
    expect(`${error.message} ${error.hint}`).not.toMatch(/ENOTDIR|ENAMETOOLONG|\/tmp/);
    expect(await readdir(root)).not.toContain("new-folder");
  });

  it("maps a path too long for the system to name_too_long, removing the folders it made", async () => {
    const deep = Array.from({ length: 20 }, () => "f".repeat(250)).join("/");
    const error = await refusal(tools.write_file(`${deep}/x.txt`, "x"));
    expect(error.code).toBe("name_too_long");
    expect(error.message).not.toContain(root);
    expect(await readdir(root)).not.toContain("f".repeat(250));
  });

  it("reads no file through a missing folder or a file used as a folder", async () => {
    const error = await refusal(tools.read_file("README.md/x"));
    expect(error).toMatchObject({
      code: "not_found",
      message: "No file 'README.md/x' in the workspace.",
    });
  });
});

describe("createFileTools: the call's signal", () => {
  it("refuses to write, edit or search once the signal of its this is aborted", async () => {
    const context = { signal: AbortSignal.abort() };
    const aborted = await refusal(tools.write_file.call(context, "signal/x.txt", "y"));
    expect(aborted).toMatchObject({ code: "aborted", retriable: false });
    expect(await readdir(root)).not.toContain("signal");
    expect((await refusal(tools.edit_file.call(context, "README.md", "readme", "x"))).code).toBe(
      "aborted",
    );
    expect(await readFile(path.join(root, "README.md"), "utf8")).toBe("# readme\n");
    expect((await refusal(tools.find_files.call(context, "**"))).code).toBe("aborted");
  });

  it("works with a live signal, and with a this that carries none", async () => {
    const live = { signal: new AbortController().signal };
    expect(await tools.write_file.call(live, "signal.txt", "y")).toBe(1);
    expect(await tools.find_files.call({ signal: "no" }, "signal.txt")).toEqual(["signal.txt"]);
    const { write_file } = tools;
    expect(await write_file("signal.txt", "zz")).toBe(2);
    await rm(path.join(root, "signal.txt"));
  });
});

describe("createBuiltinProvider", () => {
  it("resolves every file tool and refuses other names", async () => {
    const provider = createBuiltinProvider({ root });
    for (const spec of FILE_TOOL_SPECS)
      expect(typeof (await provider.resolve(spec))).toBe("function");
    expect(() => provider.resolve({ name: "rm_rf" })).toThrow(KitError);
  });
});

describe("FILE_TOOL_SPECS", () => {
  it("declares that no file tool takes a secret: what each is given can be read back", () => {
    expect(FILE_TOOL_SPECS.map((spec) => [spec.name, spec.acceptsSecrets])).toEqual([
      ["read_file", false],
      ["find_files", false],
      ["file_size", false],
      ["file_sizes", false],
      ["line_counts", false],
      ["list_folder", false],
      ["read_lines", false],
      ["search_files", false],
      ["definitions_of", false],
      ["exports_of", false],
      ["imports_of", false],
      ["declarations_in", false],
      ["importers_of", false],
      ["callers_of", false],
      ["write_file", false],
      ["edit_file", false],
    ]);
  });

  it("keeps the declaration in every kit, under an alias too", async () => {
    const toolbox = createDefaultToolbox({ root });
    for (const kit of ["files", "readonly", { cat: "read_file", save: "write_file" }] as const) {
      const resolved = await resolveKit(kit, toolbox);
      for (const tool of resolved.tools) expect(tool.acceptsSecrets, tool.name).toBe(false);
    }
  });
});
