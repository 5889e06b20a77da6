import {
  chmod,
  mkdir,
  readdir,
  readFile,
  realpath,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTACK_PATHS } from "../__fixtures__/attack-paths.js";
import { createWorkspace, refusal, type TestWorkspace } from "../__fixtures__/create-workspace.js";
import {
  CLOSED_ATTACKS,
  createProtectedWorkspace,
  LOADED_ATTACKS,
  LOADED_PATHS,
  PROTECTED_ATTACKS,
  READ_ONLY_ATTACKS,
  WRITE_CLOSED_ATTACKS,
  type ProtectedWorkspace,
} from "../__fixtures__/protected-attacks.js";
import { createFileTools, type FileTools } from "./create-file-tools.js";
import { FileStaging } from "./file-staging.js";
import { contentHash } from "./file-state.js";
import { prepareFileChange } from "./prepare-file-change.js";
import { BUILTIN_PROTECTION } from "../protect/protected-paths.js";
import { ToolError } from "../tool-error.js";

/** The tools called as a run calls them, with a staging area as `this`. */
function staged(tools: FileTools, staging: FileStaging) {
  const context = { signal: new AbortController().signal, staging };
  return {
    read_file: (file: string) => tools.read_file.call(context, file),
    find_files: (pattern: string, options?: unknown) =>
      tools.find_files.call(context, pattern, options),
    file_size: (file: string) => tools.file_size.call(context, file),
    list_folder: (folder?: string) => tools.list_folder.call(context, folder),
    read_lines: (file: string, start: number, end?: number) =>
      tools.read_lines.call(context, file, start, end),
    search_files: (text: string, glob?: string) => tools.search_files.call(context, text, glob),
    definitions_of: (name: string, glob?: string) => tools.definitions_of.call(context, name, glob),
    write_file: (file: string, content: unknown) => tools.write_file.call(context, file, content),
    edit_file: (file: string, old: string, replacement: string) =>
      tools.edit_file.call(context, file, old, replacement),
  };
}

/** What a call threw, as the fields a program sees; `null` when it succeeded. */
async function outcome(promise: unknown) {
  try {
    await promise;
    return null;
  } catch (error) {
    if (!ToolError.is(error)) throw error;
    return { code: error.code, message: error.message, hint: error.hint };
  }
}

describe("FileStaging through the file tools", () => {
  let workspace: TestWorkspace;
  let tools: FileTools;
  beforeAll(async () => {
    workspace = await createWorkspace();
    tools = createFileTools(workspace.root);
  });
  afterAll(() => workspace.remove());

  it("keeps writes off the disk, and later reads in the run see them", async () => {
    const staging = new FileStaging();
    const run = staged(tools, staging);
    expect(await run.write_file("src/a.ts", "const a = 2\n")).toBe(12);
    expect(await run.write_file("notes/new/todo.md", "- one\n")).toBe(6);
    expect(await run.read_file("src/a.ts")).toBe("const a = 2\n");
    expect(await run.read_file("notes/new/todo.md")).toBe("- one\n");
    // The same file through a symlink inside the workspace is the same staged file.
    expect(await run.read_file("link-in.ts")).toBe("const a = 2\n");
    expect(await run.find_files("**/*.md")).toEqual(["README.md", "notes/new/todo.md", "src/c.md"]);
    expect(await run.find_files("notes/**")).toEqual(["notes/new/todo.md"]);
    expect(await run.find_files("src/*.ts")).toEqual(["src/a.ts"]);
    expect(await readFile(path.join(workspace.root, "src/a.ts"), "utf8")).toBe(
      "const a = 1 // TODO\n",
    );
    await expect(stat(path.join(workspace.root, "notes"))).rejects.toThrow();
    expect(staging.list().map((file) => [file.path, file.before.state.exists])).toEqual([
      ["notes/new/todo.md", false],
      ["src/a.ts", true],
    ]);
  });

  it("keeps the files read before the last write, and what listings found missing", async () => {
    const staging = new FileStaging();
    const run = staged(tools, staging);
    const readme = await run.read_file("README.md");
    expect(await run.find_files("docs/*.md")).toEqual([]);
    await run.write_file("out.txt", readme);
    await run.read_file("src/nested/b.ts");
    const root = await realpath(workspace.root);
    // Read after the last write: no write can be made from it.
    expect(staging.readsBeforeLastWrite(root)).toEqual([
      { path: "README.md", expected: { exists: true, hash: contentHash(readme) } },
    ]);
    // A file the listing would have found and did not reads as missing; others are unknown.
    expect(staging.readState(path.join(root, "docs/new.md"), "docs/new.md")).toEqual({
      exists: false,
    });
    expect(staging.readState(path.join(root, "docs/new.ts"), "docs/new.ts")).toBeUndefined();
    await run.write_file("docs/new.md", "mine\n");
    expect(staging.readsBeforeLastWrite(root).map((read) => read.path)).toEqual([
      "README.md",
      "src/nested/b.ts",
    ]);
  });

  it("edits what the run staged, and keeps the first before-image", async () => {
    const staging = new FileStaging();
    const run = staged(tools, staging);
    await run.write_file("src/c.md", "# c\nmore\n");
    expect(await run.edit_file("src/c.md", "more", "less")).toBe(1);
    expect((await outcome(run.edit_file("src/c.md", "absent", "x")))?.code).toBe("edit_not_found");
    expect(await run.read_file("src/c.md")).toBe("# c\nless\n");
    const [file] = staging.list();
    expect(file.before).toMatchObject({ text: "# c\n", state: { hash: contentHash("# c\n") } });
    expect(file.content).toBe("# c\nless\n");
  });

  it("treats staged files and the folders they make as the disk would", async () => {
    const staging = new FileStaging();
    const run = staged(tools, staging);
    await run.write_file("made/file.txt", "x");
    expect((await outcome(run.write_file("made/file.txt/under.txt", "y")))?.code).toBe(
      "not_a_folder",
    );
    expect((await outcome(run.write_file("made", "y")))?.code).toBe("is_directory");
    expect((await outcome(run.read_file("made")))?.code).toBe("is_directory");
    expect((await outcome(run.read_file("made/missing.txt")))?.code).toBe("not_found");
    await run.write_file("zero.txt", "a\u0000b");
    expect((await outcome(run.read_file("zero.txt")))?.code).toBe("binary_file");
  });

  it("stages nothing once sealed or once the call is aborted", async () => {
    const staging = new FileStaging();
    staging.seal();
    expect((await outcome(staged(tools, staging).write_file("late.txt", "x")))?.code).toBe(
      "aborted",
    );
    const controller = new AbortController();
    controller.abort();
    const open = new FileStaging();
    const error = await refusal(
      tools.write_file.call({ signal: controller.signal, staging: open }, "late.txt", "x"),
    );
    expect(error.code).toBe("aborted");
    expect(open.size).toBe(0);
  });

  it("notes what a run that writes read, and nothing of a read-only run, which stages nothing", async () => {
    const file = realpathSync(path.join(workspace.root, "README.md"));
    const writing = new FileStaging();
    expect(await staged(tools, writing).read_file("README.md")).toBe("# readme\n");
    expect(writing.readState(file)).toEqual({ exists: true, hash: contentHash("# readme\n") });
    const reading = new FileStaging({ writes: false });
    const run = staged(tools, reading);
    expect(await run.read_file("README.md")).toBe("# readme\n");
    expect(await run.read_file("src/a.ts")).toBe("const a = 1 // TODO\n");
    expect(reading.readState(file)).toBeUndefined();
    expect(await outcome(run.write_file("new.txt", "x"))).toEqual({
      code: "write_failed",
      message: "This run was set up to change no file, so 'new.txt' was not written.",
      hint: "run the program again; its writes are checked against what it read",
    });
    expect(reading.size).toBe(0);
    expect(existsSync(path.join(workspace.root, "new.txt"))).toBe(false);
  });

  it("bounds what one run may stage, and counts a rewritten file once", async () => {
    const staging = new FileStaging({ maxBytes: 1000 });
    const run = staged(tools, staging);
    await run.write_file("big.txt", "x".repeat(400));
    await run.write_file("big.txt", "y".repeat(400));
    const refused = await outcome(run.write_file("more.txt", "z".repeat(200)));
    expect(refused).toMatchObject({ code: "too_large" });
    expect(refused?.message).toBe(
      "Writing 'more.txt' would hold 1200 bytes of changed files in this run; a run may change at most 1000 bytes of files.",
    );
    expect(staging.list().map((file) => file.path)).toEqual(["big.txt"]);
  });

  it("ignores a staging area that is not a FileStaging", async () => {
    const fake = { list: () => [], get: () => ({ content: "forged" }) };
    const read = await tools.read_file.call({ staging: fake }, "README.md");
    expect(read).toBe("# readme\n");
  });

  it("measures staged files by their staged UTF-8 bytes, binary ones too", async () => {
    const staging = new FileStaging();
    const run = staged(tools, staging);
    await run.write_file("src/a.ts", "é\n");
    await run.write_file("notes/new/todo.md", "- ünïcode ✓\n");
    await run.write_file("zero.txt", "a\u0000b");
    expect(await run.file_size("src/a.ts")).toBe(3);
    expect(await run.file_size("link-in.ts")).toBe(3);
    // 12 characters, 16 bytes.
    expect(await run.file_size("notes/new/todo.md")).toBe(16);
    expect(await run.file_size("zero.txt")).toBe(3);
    // The control: an unstaged file, and the same file without the staging area.
    expect(await run.file_size("README.md")).toBe(9);
    expect(await tools.file_size("src/a.ts")).toBe(20);
    expect(await refusal(run.file_size("notes/new"))).toMatchObject({
      code: "is_directory",
      message: "'notes/new' is a folder, not a file.",
      hint: 'use list_folder("notes/new") to see what it holds',
    });
    expect((await refusal(run.file_size("notes/new/missing.md"))).code).toBe("not_found");
    expect((await refusal(run.file_size("src/a.ts/x"))).code).toBe("not_found");
  });

  it("lists staged files, and the folders they make, next to the disk's", async () => {
    const staging = new FileStaging();
    const run = staged(tools, staging);
    await run.write_file("src/a.ts", "changed\n");
    await run.write_file("src/d.ts", "new\n");
    await run.write_file("notes/new/todo.md", "- one\n");
    await run.write_file("src/nested/deeper/e.ts", "e\n");
    expect(await run.list_folder()).toEqual([
      { name: "README.md", path: "README.md", kind: "file" },
      { name: "binary.bin", path: "binary.bin", kind: "file" },
      { name: "node_modules", path: "node_modules", kind: "folder" },
      { name: "notes", path: "notes", kind: "folder" },
      { name: "src", path: "src", kind: "folder" },
    ]);
    expect(await run.list_folder("src")).toEqual([
      { name: "a.ts", path: "src/a.ts", kind: "file" },
      { name: "c.md", path: "src/c.md", kind: "file" },
      { name: "d.ts", path: "src/d.ts", kind: "file" },
      { name: "nested", path: "src/nested", kind: "folder" },
    ]);
    expect(await run.list_folder("src/nested")).toEqual([
      { name: "b.ts", path: "src/nested/b.ts", kind: "file" },
      { name: "deeper", path: "src/nested/deeper", kind: "folder" },
    ]);
    expect(await run.list_folder("notes")).toEqual([
      { name: "new", path: "notes/new", kind: "folder" },
    ]);
    expect(await run.list_folder("notes/new/")).toEqual([
      { name: "todo.md", path: "notes/new/todo.md", kind: "file" },
    ]);
    // A folder reached through a symlink inside the workspace is named as given.
    expect((await run.list_folder("src-link")).map((entry) => entry.path)).toContain(
      "src-link/d.ts",
    );
    expect(await refusal(run.list_folder("notes/new/todo.md"))).toMatchObject({
      code: "not_a_folder",
      message: "'notes/new/todo.md' is a file, not a folder.",
    });
    expect((await refusal(run.list_folder("notes/old"))).code).toBe("not_found");
    // The control: without the staging area, the disk alone.
    expect((await tools.list_folder("src")).map((entry) => entry.name)).toEqual([
      "a.ts",
      "c.md",
      "nested",
    ]);
    expect((await refusal(tools.list_folder("notes"))).code).toBe("not_found");
  });

  it("counts staged entries against the listing limit", async () => {
    const small = createFileTools(workspace.root, { maxFindResults: 3 });
    const staging = new FileStaging();
    await staged(small, staging).write_file("src/nested/f.ts", "f\n");
    expect(await staged(small, staging).list_folder("src/nested")).toHaveLength(2);
    await staged(small, staging).write_file("src/nested/g.ts", "g\n");
    await staged(small, staging).write_file("src/nested/h.ts", "h\n");
    expect(await refusal(staged(small, staging).list_folder("src/nested"))).toMatchObject({
      code: "too_many_results",
    });
  });

  it("reads staged lines, and searches staged text and new files", async () => {
    const staging = new FileStaging();
    const run = staged(tools, staging);
    await run.write_file("src/a.ts", "export function fresh() {\n  return 1 // DONE\n}\n");
    await run.write_file("notes/todo.md", "# todo\n- TODO ship\n");
    await run.write_file("src/new.py", "def fresh():\n    pass\n");
    expect(await run.read_lines("src/a.ts", 2, 3)).toEqual(["  return 1 // DONE", "}"]);
    expect(await run.read_lines("notes/todo.md", -1)).toEqual(["- TODO ship"]);
    expect((await refusal(run.read_lines("notes", 1))).code).toBe("is_directory");
    // The disk's src/a.ts has a TODO; the staged one does not.
    expect(await run.search_files("TODO")).toEqual([
      { file: "notes/todo.md", line: 2, text: "- TODO ship" },
    ]);
    expect(await run.search_files("DONE", "src/*.ts")).toEqual([
      { file: "src/a.ts", line: 2, text: "return 1 // DONE" },
    ]);
    expect(await run.definitions_of("fresh")).toEqual([
      { file: "src/a.ts", line: 1, text: "export function fresh() {", kind: "function" },
      { file: "src/new.py", line: 1, text: "def fresh():", kind: "function" },
    ]);
    // The control: the disk alone.
    expect(await tools.search_files("TODO")).toEqual([
      { file: "src/a.ts", line: 1, text: "const a = 1 // TODO" },
    ]);
    expect(await tools.definitions_of("fresh")).toEqual([]);
  });

  it("skips staged binary files and staged files over the read limit in searches", async () => {
    const small = createFileTools(workspace.root, { maxReadBytes: 20 });
    const staging = new FileStaging();
    const run = staged(small, staging);
    await run.write_file("notes/zero.txt", "needle\u0000");
    await run.write_file("notes/long.txt", `needle ${"x".repeat(20)}`);
    await run.write_file("notes/short.txt", "needle");
    expect(await run.search_files("needle", "notes/**")).toEqual([
      { file: "notes/short.txt", line: 1, text: "needle" },
    ]);
    expect((await refusal(run.read_lines("notes/long.txt", 1))).code).toBe("too_large");
  });

  describe("refuses what a direct write refuses, with the same error, before staging", () => {
    it.each(ATTACK_PATHS)("$attack: $path", async ({ path: attack }) => {
      const staging = new FileStaging();
      const direct = await outcome(tools.write_file(attack, "x"));
      expect(direct).not.toBeNull();
      expect(await outcome(staged(tools, staging).write_file(attack, "x"))).toEqual(direct);
      expect(await outcome(staged(tools, staging).edit_file(attack, "a", "b"))).toEqual(
        await outcome(tools.edit_file(attack, "a", "b")),
      );
      expect(staging.size).toBe(0);
    });
  });
});

describe("FileStaging in a workspace with protected, closed and loaded paths", () => {
  let workspace: ProtectedWorkspace;
  let tools: FileTools;
  let before: Record<string, string>;
  beforeAll(async () => {
    workspace = await createProtectedWorkspace();
    tools = createFileTools(workspace.root, { loadedPaths: LOADED_PATHS });
    await writeFile(path.join(workspace.root, "run.sh"), "#!/bin/sh\n");
    await chmod(path.join(workspace.root, "run.sh"), 0o755);
    await writeFile(path.join(workspace.root, "frozen.txt"), "frozen\n");
    await chmod(path.join(workspace.root, "frozen.txt"), 0o444);
    await mkdir(path.join(workspace.root, "links"));
    await symlink("../run.sh", path.join(workspace.root, "links/run-link"));
    before = await workspace.snapshot();
  });
  afterAll(() => workspace.remove());

  const table = [
    ...PROTECTED_ATTACKS,
    ...CLOSED_ATTACKS,
    ...WRITE_CLOSED_ATTACKS,
    ...READ_ONLY_ATTACKS,
    ...LOADED_ATTACKS,
    { path: "frozen.txt", attack: "a read-only file" },
  ];

  it.each(table)("$attack: $path", async ({ path: attack }) => {
    const staging = new FileStaging();
    const direct = await outcome(tools.write_file(attack, "x"));
    expect(direct).not.toBeNull();
    expect(await outcome(staged(tools, staging).write_file(attack, "x"))).toEqual(direct);
    expect(await outcome(staged(tools, staging).edit_file(attack, "x", "y"))).toEqual(
      await outcome(tools.edit_file(attack, "x", "y")),
    );
    expect(staging.size).toBe(0);
  });

  it("changed nothing on disk", async () => {
    expect(await workspace.snapshot()).toEqual(before);
  });

  it("still stages ordinary files next to them (the control)", async () => {
    const staging = new FileStaging();
    const run = staged(tools, staging);
    await run.write_file("src/app.ts", "export const app = 2;\n");
    await run.write_file("docs/new.md", "# new\n");
    // An executable file is edited like any other (it keeps its mode when the change lands).
    await run.write_file("links/run-link", "#!/bin/sh\necho edited\n");
    expect(await run.find_files("**/*.md")).toEqual(["CLAUDE.md", "README.md", "docs/new.md"]);
    // Hidden names stay hidden from find_files even when the run wrote into an opened folder.
    expect(staging.list().map((file) => file.path)).toEqual([
      "docs/new.md",
      "run.sh",
      "src/app.ts",
    ]);
    expect(staging.list().find((file) => file.path === "run.sh")!.before.mode! & 0o111).toBe(0o111);
  });
});

describe("the read tools over a staging area apply their own path checks", () => {
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace();
  });
  afterAll(() => workspace.remove());

  it("shows a file staged in an opened hidden folder only to tools that open it too", async () => {
    const opened = createFileTools(workspace.root, { allowWriteGlobs: [".notes"] });
    const plain = createFileTools(workspace.root);
    const staging = new FileStaging();
    await staged(opened, staging).write_file(".notes/plan.md", "# plan\nTODO\n");
    const open = staged(opened, staging);
    expect((await open.list_folder()).map((entry) => entry.path)).toContain(".notes");
    expect(await open.list_folder(".notes")).toEqual([
      { name: "plan.md", path: ".notes/plan.md", kind: "file" },
    ]);
    expect(await open.file_size(".notes/plan.md")).toBe(12);
    expect(await open.read_lines(".notes/plan.md", 2)).toEqual(["TODO"]);
    expect(await open.search_files("TODO", ".notes/*")).toHaveLength(1);
    const closed = staged(plain, staging);
    expect((await closed.list_folder()).map((entry) => entry.path)).not.toContain(".notes");
    for (const call of [
      closed.list_folder(".notes"),
      closed.file_size(".notes/plan.md"),
      closed.read_lines(".notes/plan.md", 1),
      closed.search_files("TODO", ".notes/*"),
    ])
      expect((await refusal(call)).code).toBe("closed_path");
    expect(await closed.search_files("TODO")).toEqual([
      { file: "src/a.ts", line: 1, text: "const a = 1 // TODO" },
    ]);
  });
});

describe("prepareFileChange", () => {
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace();
  });
  afterAll(() => workspace.remove());
  const options = (token: string) => ({ protection: BUILTIN_PROTECTION, token });

  it("writes a temporary file, and lands it only on commit", async () => {
    const prepared = await prepareFileChange(
      workspace.root,
      {
        path: "src/c.md",
        expected: { exists: true, hash: contentHash("# c\n") },
        content: "# C\n",
      },
      options("t1"),
    );
    expect(await readFile(path.join(workspace.root, "src/c.md"), "utf8")).toBe("# c\n");
    expect(await readdir(path.join(workspace.root, "src"))).toContain(".t1.lackpy-tmp");
    await prepared.commit();
    expect(await readFile(path.join(workspace.root, "src/c.md"), "utf8")).toBe("# C\n");
    expect(await readdir(path.join(workspace.root, "src"))).not.toContain(".t1.lackpy-tmp");
  });

  it("refuses a file that changed since, naming it", async () => {
    const error = await refusal(
      prepareFileChange(
        workspace.root,
        { path: "src/c.md", expected: { exists: true, hash: contentHash("# c\n") }, content: "x" },
        options("t2"),
      ),
    );
    expect(error.code).toBe("stale_change");
    expect(error.message).toMatchInlineSnapshot(
      `"'src/c.md' was changed since the change was made."`,
    );
    const created = await refusal(
      prepareFileChange(
        workspace.root,
        { path: "README.md", expected: { exists: false }, content: "x" },
        options("t3"),
      ),
    );
    expect(created.message).toBe("'README.md' was created since the change was made.");
  });

  it("drops a prepared change with the folders made for it", async () => {
    const prepared = await prepareFileChange(
      workspace.root,
      { path: "deep/er/new.txt", expected: { exists: false }, content: "x" },
      options("t4"),
    );
    expect(prepared.createdFolder).toBe("deep");
    await prepared.discard();
    await expect(stat(path.join(workspace.root, "deep"))).rejects.toThrow();
  });

  it("removes a file and the empty folders its creation made", async () => {
    const made = await prepareFileChange(
      workspace.root,
      { path: "gone/with/it.txt", expected: { exists: false }, content: "bytes" },
      options("t5"),
    );
    await made.commit();
    const removal = await prepareFileChange(
      workspace.root,
      {
        path: "gone/with/it.txt",
        expected: { exists: true, hash: contentHash("bytes") },
        content: null,
        createdFolder: made.createdFolder,
      },
      options("t6"),
    );
    await removal.commit();
    await expect(stat(path.join(workspace.root, "gone"))).rejects.toThrow();
  });

  it("checks the target as a direct write does", async () => {
    for (const attack of [".git/config", "link-out.txt", ".vscode/x.json", "node_modules/x.js"]) {
      const error = await refusal(
        prepareFileChange(workspace.root, { path: attack, content: "x" }, options("t7")),
      );
      expect(error.code).toMatch(/protected_path|closed_path|path_outside_root/);
    }
  });
});
