import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import { DEFAULT_CONFIG, type LackpyConfig } from "../config/config-types.js";
import { LackpyService } from "../lackpy-service.js";
import type { ApprovalRequest } from "../change-types.js";

const folders: string[] = [];

afterAll(async () => {
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function workspace(files: Record<string, string> = {}): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-staged-"));
  folders.push(root);
  const all = { "README.md": "# hi\n", "src/a.txt": "one\ntwo\nthree\n", ...files };
  for (const [file, content] of Object.entries(all)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  return root;
}

/** Every file under the root, with its content (`.lackpy/` left out), for before/after comparisons. */
async function snapshot(root: string): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  for (const name of (await readdir(root, { recursive: true })) as string[]) {
    if (name.startsWith(".lackpy")) continue;
    const info = await stat(path.join(root, name));
    entries[name] = info.isDirectory() ? "folder" : await readFile(path.join(root, name), "utf8");
  }
  return entries;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

function service(root: string, mode: LackpyConfig["run"]["mode"]) {
  const config = structuredClone(DEFAULT_CONFIG);
  config.run.mode = mode;
  return new LackpyService({ workspace: root, config });
}

describe.each(["isolated", "in-process"] as const)("staged writes (%s)", (mode) => {
  it("lets later reads in the run see its writes, and lands them only at the end", async () => {
    const root = await workspace();
    const lackpy = service(root, mode);
    const result = await lackpy.runProgram(
      `write_file("src/a.txt", "one\\n2\\nthree\\n")
write_file("notes/todo.md", "- ship it\\n")
edit_file("notes/todo.md", "ship", "test")
;[read_file("src/a.txt"), read_file("notes/todo.md"), find_files("**/*.md")]`,
      { kit: "files" },
    );
    expect(result.error).toBeNull();
    expect(result.output).toEqual([
      "one\n2\nthree\n",
      "- test it\n",
      ["README.md", "notes/todo.md"],
    ]);
    expect(result.applied).toBe(true);
    expect(result.runId).toMatch(/^\d{8}-\d{6}-[0-9a-f]{8}$/);
    expect(result.filesModified).toEqual(["notes/todo.md", "src/a.txt"]);
    expect(result.changes).toEqual([
      {
        path: "notes/todo.md",
        action: "create",
        diff: "--- /dev/null\n+++ b/notes/todo.md\n@@ -0,0 +1 @@\n+- test it\n",
      },
      {
        path: "src/a.txt",
        action: "modify",
        diff: "--- a/src/a.txt\n+++ b/src/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n",
      },
    ]);
    expect(await readFile(path.join(root, "src/a.txt"), "utf8")).toBe("one\n2\nthree\n");
    expect(await readFile(path.join(root, "notes/todo.md"), "utf8")).toBe("- test it\n");
    expect(
      (await readdir(path.join(root, "src"))).filter((name) => name.endsWith(".lackpy-tmp")),
    ).toEqual([]);
  });

  it("lets every read tool see the run's writes", async () => {
    const root = await workspace({ ".gitignore": "build/\n", "build/old.ts": "old\n" });
    const result = await service(root, mode).runProgram(
      `write_file("src/a.txt", "one\\n2\\nthree\\nfour ✓\\n")
write_file("notes/todo.md", "- ship it\\n")
write_file("notes/deep/plan.ts", "export function plan() {}\\n")
write_file("build/plan.ts", "export function plan() {}\\n")
;[
  file_size("src/a.txt"),
  file_size("notes/todo.md"),
  list_folder(".").map(entry => entry.path),
  list_folder("notes"),
  read_lines("src/a.txt", 2, -1),
  search_files("ship"),
  search_files("two"),
  definitions_of("plan"),
  find_files("**/*.ts"),
  find_files("**/*.ts", { include_ignored: true }),
]`,
      { kit: "files" },
    );
    expect(result.error).toBeNull();
    expect(result.output).toEqual([
      // 19 characters, 21 bytes in UTF-8.
      21,
      10,
      [".gitignore", "README.md", "build", "notes", "src"],
      [
        { name: "deep", path: "notes/deep", kind: "folder" },
        { name: "todo.md", path: "notes/todo.md", kind: "file" },
      ],
      ["2", "three", "four ✓"],
      [{ file: "notes/todo.md", line: 1, text: "- ship it" }],
      [],
      [
        {
          file: "notes/deep/plan.ts",
          line: 1,
          text: "export function plan() {}",
          kind: "function",
        },
      ],
      ["notes/deep/plan.ts"],
      ["build/old.ts", "build/plan.ts", "notes/deep/plan.ts"],
    ]);
    expect(result.filesModified).toEqual([
      "build/plan.ts",
      "notes/deep/plan.ts",
      "notes/todo.md",
      "src/a.txt",
    ]);
  });

  it("changes no file when the program fails after three writes", async () => {
    const root = await workspace();
    const before = await snapshot(root);
    const result = await service(root, mode).runProgram(
      `write_file("src/a.txt", "changed")
write_file("new.txt", "new")
write_file("deep/folder/file.txt", "deep")
read_file("missing.txt")`,
      { kit: "files" },
    );
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: "tool_error", tool: "read_file" });
    expect(result).toMatchObject({ applied: false, runId: null, changes: [], filesModified: [] });
    expect(await snapshot(root)).toEqual(before);
    expect(await exists(path.join(root, ".lackpy"))).toBe(false);
  });

  it("changes no file when the run hits a limit or is cancelled", async () => {
    const root = await workspace();
    const before = await snapshot(root);
    const lackpy = service(root, mode);
    const limited = await lackpy.runProgram(
      `write_file("src/a.txt", "changed")\nlet n = 0\nfor (const i of range(1000000)) { n = n + i }`,
      { kit: "files", limits: { maxSteps: 10_000 } },
    );
    expect(limited.error?.code).toBe("limit_steps");
    const calls = await lackpy.runProgram(
      `for (const i of range(10)) { write_file("many/" + i + ".txt", "x") }`,
      { kit: "files", limits: { maxToolCalls: 3 } },
    );
    expect(calls.error?.code).toBe("limit_tool_calls");
    const controller = new AbortController();
    const cancelled = lackpy.runProgram(
      `write_file("new.txt", "x")\nlet n = 0\nfor (const i of range(100000000)) { n = n + i }`,
      { kit: "files", signal: controller.signal, limits: { maxSteps: 1e9, timeoutMs: 60_000 } },
    );
    setTimeout(() => controller.abort(), 50);
    expect((await cancelled).error?.code).toMatch(/cancelled|limit_time/);
    expect(await snapshot(root)).toEqual(before);
  });

  it("previews a dry run without touching the disk, and applies its changeId once", async () => {
    const root = await workspace();
    const before = await snapshot(root);
    const lackpy = service(root, mode);
    const dry = await lackpy.runProgram(
      `write_file("src/a.txt", "one\\ntwo\\n")\nread_file("src/a.txt")`,
      {
        kit: "files",
        dryRun: true,
      },
    );
    expect(dry).toMatchObject({
      success: true,
      output: "one\ntwo\n",
      dryRun: true,
      applied: false,
    });
    expect(dry.runId).toBeNull();
    expect(dry.changes).toEqual([
      {
        path: "src/a.txt",
        action: "modify",
        diff: "--- a/src/a.txt\n+++ b/src/a.txt\n@@ -1,3 +1,2 @@\n one\n two\n-three\n",
      },
    ]);
    expect(dry.changeId).toMatch(/^[0-9a-f]{24}$/);
    expect(await snapshot(root)).toEqual(before);
    // Only the dry run's changes are kept, privately, for any instance to apply.
    expect(await readdir(path.join(root, ".lackpy"))).toEqual(["pending"]);
    const kept = await readdir(path.join(root, ".lackpy", "pending"));
    expect(kept).toEqual([expect.stringMatching(new RegExp(`^${dry.changeId}\\.local\\.`))]);
    expect((await stat(path.join(root, ".lackpy", "pending", kept[0]!))).mode & 0o777).toBe(0o600);

    const applied = await lackpy.applyChanges(dry.changeId!);
    expect(applied).toMatchObject({ changeId: dry.changeId, filesModified: ["src/a.txt"] });
    expect(await readFile(path.join(root, "src/a.txt"), "utf8")).toBe("one\ntwo\n");
    await expect(lackpy.applyChanges(dry.changeId!)).rejects.toMatchObject({
      code: "change_applied",
    });
    await expect(lackpy.applyChanges("nope")).rejects.toMatchObject({ code: "unknown_change" });
    // The applied changes are a run like any other: undo restores them.
    expect((await lackpy.undo(applied.runId)).files).toEqual([
      { path: "src/a.txt", action: "modify" },
    ]);
    expect(await snapshot(root)).toEqual(before);
  });

  it("refuses to apply a dry run's changes over a file changed since, naming it", async () => {
    const root = await workspace();
    const lackpy = service(root, mode);
    const dry = await lackpy.runProgram(
      `write_file("fresh.txt", "fresh")\nwrite_file("src/a.txt", "mine")`,
      { kit: "files", dryRun: true },
    );
    await writeFile(path.join(root, "src/a.txt"), "someone else's\n");
    const refused = await lackpy.applyChanges(dry.changeId!).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "stale_change", file: "src/a.txt" });
    expect((refused as Error).message).toMatchInlineSnapshot(
      `"'src/a.txt' was changed since the change was made."`,
    );
    expect(await exists(path.join(root, "fresh.txt"))).toBe(false);
    expect(await readFile(path.join(root, "src/a.txt"), "utf8")).toBe("someone else's\n");
  });

  it("lists tools with effects as pending in a dry run, and fails when the program needs their result", async () => {
    const root = await workspace();
    const calls: unknown[] = [];
    const config = structuredClone(DEFAULT_CONFIG);
    config.run.mode = mode;
    const lackpy = new LackpyService({
      workspace: root,
      config,
      extendToolbox: (toolbox) => {
        toolbox.registerProvider({
          name: "effects",
          resolve: () => (title: string) => {
            calls.push(title);
            return { number: 7 };
          },
        });
        toolbox.registerTool({
          name: "open_issue",
          provider: "effects",
          args: [{ name: "title", type: "string" }],
          gradeW: 3,
          effectsCeiling: 3,
        });
      },
    });
    const kit = ["write_file", "open_issue"];
    const listed = await lackpy.runProgram(
      `for (const title of ["a", "b"]) { open_issue(title) }\nwrite_file("log.txt", "opened")\n"done"`,
      { kit, dryRun: true },
    );
    expect(listed).toMatchObject({ success: true, output: "done" });
    expect(listed.pending).toEqual([
      { tool: "open_issue", args: ["a"] },
      { tool: "open_issue", args: ["b"] },
    ]);
    expect(listed.changes.map((change) => change.path)).toEqual(["log.txt"]);
    const needed = await lackpy.runProgram(`const issue = open_issue("a")\nissue.number`, {
      kit,
      dryRun: true,
    });
    expect(needed.success).toBe(false);
    expect(needed.error).toMatchObject({
      code: "dry_run_needs_result",
      tool: "open_issue",
      line: 1,
    });
    expect(calls).toEqual([]);
    const real = await lackpy.runProgram(`open_issue("real").number`, { kit });
    expect(real).toMatchObject({ success: true, output: 7, pending: [] });
    expect(calls).toEqual(["real"]);
  });

  it("asks about each file and lands only the approved ones", async () => {
    const root = await workspace();
    const lackpy = service(root, mode);
    const asked: ApprovalRequest[] = [];
    const answers = ["no", "yes"] as const;
    const result = await lackpy.runProgram(
      `write_file("a.txt", "a")\nwrite_file("b.txt", "b")\nwrite_file("c.txt", "c")`,
      {
        kit: "files",
        approve: async (request) => {
          asked.push(request);
          return answers[asked.length - 1] ?? "no";
        },
      },
    );
    expect(asked.map((request) => request.kind === "file" && request.change.path)).toEqual([
      "a.txt",
      "b.txt",
      "c.txt",
    ]);
    expect(result).toMatchObject({
      applied: true,
      declined: ["a.txt", "c.txt"],
      filesModified: ["b.txt"],
    });
    expect(await exists(path.join(root, "a.txt"))).toBe(false);
    expect(await readFile(path.join(root, "b.txt"), "utf8")).toBe("b");
    const declined = await lackpy.runProgram(`write_file("d.txt", "d")`, {
      kit: "files",
      approve: async () => "no",
    });
    expect(declined).toMatchObject({
      success: true,
      applied: false,
      runId: null,
      declined: ["d.txt"],
    });
    expect(await exists(path.join(root, "d.txt"))).toBe(false);
    const all = await lackpy.runProgram(`write_file("e.txt", "e")\nwrite_file("f.txt", "f")`, {
      kit: "files",
      approve: async () => "all",
    });
    expect(all.filesModified).toEqual(["e.txt", "f.txt"]);
  });
});

describe("LackpyService.undo", () => {
  it("removes what a run created, restores what it modified, and forgets the run", async () => {
    const root = await workspace({ "keep.txt": "keep\n" });
    const before = await snapshot(root);
    const lackpy = service(root, "in-process");
    const first = await lackpy.runProgram(
      `write_file("src/a.txt", "1")\nwrite_file("made/in/here.txt", "x")`,
      {
        kit: "files",
      },
    );
    const second = await lackpy.runProgram(`write_file("keep.txt", "kept\\n")`, { kit: "files" });
    expect((await lackpy.runs()).map((run) => run.runId)).toEqual([second.runId, first.runId]);
    const status = await lackpy.status();
    expect(status.runs.map((run) => [run.runId, run.files])).toEqual([
      [second.runId, [{ path: "keep.txt", action: "modify" }]],
      [
        first.runId,
        [
          { path: "made/in/here.txt", action: "create" },
          { path: "src/a.txt", action: "modify" },
        ],
      ],
    ]);
    // The newest run first, by default.
    expect((await lackpy.undo()).runId).toBe(second.runId);
    expect((await lackpy.undo(first.runId!)).files).toEqual([
      { path: "src/a.txt", action: "modify" },
      { path: "made/in/here.txt", action: "delete" },
    ]);
    expect(await snapshot(root)).toEqual(before);
    expect(await lackpy.runs()).toEqual([]);
    await expect(lackpy.undo()).rejects.toMatchObject({ code: "unknown_run" });
  });

  it("refuses a file changed since with undo_conflict, and --force restores it anyway", async () => {
    const root = await workspace();
    const lackpy = service(root, "in-process");
    const run = await lackpy.runProgram(`write_file("src/a.txt", "mine")`, { kit: "files" });
    await writeFile(path.join(root, "src/a.txt"), "theirs");
    const refused = await lackpy.undo(run.runId!).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "undo_conflict", file: "src/a.txt" });
    expect((refused as Error).message).toBe(
      `'src/a.txt' was changed after run ${run.runId}; undo would overwrite that change.`,
    );
    expect(await readFile(path.join(root, "src/a.txt"), "utf8")).toBe("theirs");
    await lackpy.undo(run.runId!, { force: true });
    expect(await readFile(path.join(root, "src/a.txt"), "utf8")).toBe("one\ntwo\nthree\n");
  });
});
