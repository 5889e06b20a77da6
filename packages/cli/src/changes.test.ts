import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import { memoryIo } from "./io/cli-io.js";
import { main } from "./main.js";

const BIN = fileURLToPath(new URL("../bin/lackpy.js", import.meta.url));
const folders: string[] = [];

afterAll(async () => {
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const FIX = `edit_file("src/greet.js", '"Hello " + name', '\`Hello, \${name}!\`')
write_file("CHANGELOG.md", "## 1.1.0\\n")
find_files("**/*.md")`;

const GREET = 'export function greet(name) {\n  return "Hello " + name;\n}\n';

async function workspace(mode: string): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-changes-"));
  folders.push(root);
  await mkdir(path.join(root, "src"));
  await mkdir(path.join(root, ".lackpy"));
  await writeFile(path.join(root, ".lackpy/config.toml"), `[run]\nmode = "${mode}"\n`);
  await writeFile(path.join(root, "src/greet.js"), GREET);
  await writeFile(path.join(root, "README.md"), "# demo\n");
  await writeFile(path.join(root, "fix.js"), FIX);
  return root;
}

async function lackpy(root: string, args: string[], options: { answers?: string[] } = {}) {
  const io = memoryIo({ cwd: root, ...options });
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe.each(["isolated", "in-process"])("lackpy run with changes (%s)", (mode) => {
  it("--dry-run prints the diffs (plain off a terminal) and writes nothing", async () => {
    const root = await workspace(mode);
    const { code, out, err } = await lackpy(root, ["run", "fix.js", "--kit", "files", "--dry-run"]);
    expect(code).toBe(0);
    expect(out).toBe(`[
  "CHANGELOG.md",
  "README.md"
]

--- /dev/null
+++ b/CHANGELOG.md
@@ -0,0 +1 @@
+## 1.1.0
--- a/src/greet.js
+++ b/src/greet.js
@@ -1,3 +1,3 @@
 export function greet(name) {
-  return "Hello " + name;
+  return \`Hello, \${name}!\`;
 }
`);
    expect(err).toBe(
      "# kit files (writes with write_file, edit_file)\ndry run: 2 files (1 created, 1 modified) would change; nothing was written\n  apply: run again without --dry-run (--approve to choose file by file)\n",
    );
    expect(await readFile(path.join(root, "src/greet.js"), "utf8")).toBe(GREET);
    expect(await exists(path.join(root, "CHANGELOG.md"))).toBe(false);
    expect(await exists(path.join(root, ".lackpy/runs"))).toBe(false);
  });

  it("--dry-run --json carries the changes and a changeId", async () => {
    const root = await workspace(mode);
    const { code, out } = await lackpy(root, [
      "run",
      "fix.js",
      "--kit",
      "files",
      "--dry-run",
      "--json",
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(result).toMatchObject({
      success: true,
      dryRun: true,
      applied: false,
      runId: null,
      pending: [],
    });
    expect(
      result.changes.map((change: { path: string; action: string }) => [
        change.path,
        change.action,
      ]),
    ).toEqual([
      ["CHANGELOG.md", "create"],
      ["src/greet.js", "modify"],
    ]);
    expect(result.changeId).toMatch(/^[0-9a-f]{24}$/);
  });

  it("lands a run, says how to undo it, and lackpy undo restores the files", async () => {
    const root = await workspace(mode);
    const run = await lackpy(root, ["run", "fix.js", "--kit", "files", "--json"]);
    const { runId, filesModified } = JSON.parse(run.out);
    expect(filesModified).toEqual(["CHANGELOG.md", "src/greet.js"]);
    const status = await lackpy(root, ["status"]);
    expect(status.out).toContain(
      `runs       1 to undo, newest first (lackpy undo [RUN_ID] restores one):\n           ${runId} run · 2 files: CHANGELOG.md, src/greet.js`,
    );
    const undone = await lackpy(root, ["undo"]);
    expect(undone).toMatchObject({ code: 0, err: "" });
    expect(undone.out).toBe(
      `undid run ${runId}\n  restored src/greet.js\n  removed CHANGELOG.md\n`,
    );
    expect(await readFile(path.join(root, "src/greet.js"), "utf8")).toBe(GREET);
    expect(await exists(path.join(root, "CHANGELOG.md"))).toBe(false);
    const human = await lackpy(root, ["run", "fix.js", "--kit", "files"]);
    expect(human.err).toMatch(
      /^# kit files \(writes with write_file, edit_file\)\ncreated CHANGELOG\.md\nchanged src\/greet\.js\n {2}undo: lackpy undo \d{8}-\d{6}-[0-9a-f]{8}\n$/,
    );
  });
});

describe("lackpy run of a program that fails after writing", () => {
  it("says that nothing was written", async () => {
    const root = await workspace("in-process");
    await writeFile(
      path.join(root, "fails.js"),
      `write_file("a.txt", "a")\nread_file("missing.txt")`,
    );
    const { code, err } = await lackpy(root, ["run", "fails.js", "--kit", "files"]);
    expect(code).toBe(1);
    expect(err).toContain("\nnothing was written: a run that fails changes no file\n");
    expect(await exists(path.join(root, "a.txt"))).toBe(false);
  });
});

describe("lackpy run --approve", () => {
  it("asks about each file at the terminal and lands only what was approved", async () => {
    const root = await workspace("in-process");
    const { code, out, err } = await lackpy(
      root,
      ["run", "fix.js", "--kit", "files", "--approve"],
      {
        answers: ["maybe", "n", "y"],
      },
    );
    expect(code).toBe(0);
    expect(out).toBe('[\n  "CHANGELOG.md",\n  "README.md"\n]\n');
    expect(err).toContain(
      "\n--- /dev/null\n+++ b/CHANGELOG.md\n@@ -0,0 +1 @@\n+## 1.1.0\nCreate CHANGELOG.md? [y]es, [n]o, [a]ll:   answer y (yes), n (no) or a (this and all the rest)\nCreate CHANGELOG.md? [y]es, [n]o, [a]ll: ",
    );
    expect(err).toContain("Change src/greet.js? [y]es, [n]o, [a]ll: ");
    expect(err).toContain(
      "changed src/greet.js\ndeclined: CHANGELOG.md (not written)\n  undo: lackpy undo ",
    );
    expect(await exists(path.join(root, "CHANGELOG.md"))).toBe(false);
    expect(await readFile(path.join(root, "src/greet.js"), "utf8")).not.toBe(GREET);
  });

  it("takes all the rest at a, and nothing at the end of input", async () => {
    const root = await workspace("in-process");
    const all = await lackpy(root, ["run", "fix.js", "--kit", "files", "--approve", "--json"], {
      answers: ["a"],
    });
    expect(JSON.parse(all.out).filesModified).toEqual(["CHANGELOG.md", "src/greet.js"]);
    await lackpy(root, ["undo"]);
    const none = await lackpy(root, ["run", "fix.js", "--kit", "files", "--approve", "--json"], {
      answers: [],
    });
    expect(JSON.parse(none.out)).toMatchObject({
      success: true,
      applied: false,
      declined: ["CHANGELOG.md", "src/greet.js"],
    });
    expect(await readFile(path.join(root, "src/greet.js"), "utf8")).toBe(GREET);
  });

  it("is a usage error without a terminal, pointing to --dry-run", async () => {
    const root = await workspace("in-process");
    const { code, out, err } = await lackpy(root, ["run", "fix.js", "--kit", "files", "--approve"]);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toBe(
      "lackpy: --approve asks at a terminal, and stdin is not one.\n  hint: use --dry-run to print the diffs without writing anything (with --json, an agent gets them as data)\n",
    );
    const json = await lackpy(root, ["delegate", "read the readme", "--approve", "--json"]);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.out).error).toMatchObject({ code: "usage" });
    const both = await lackpy(root, ["run", "fix.js", "--dry-run", "--approve"], { answers: [] });
    expect(both.code).toBe(2);
  });

  it("asks at a real pseudo-terminal (script), with the diff in colour", async () => {
    const root = await workspace("isolated");
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} run fix.js --kit files --approve`;
    const run = spawnSync("script", ["-qfec", command, "/dev/null"], {
      cwd: root,
      input: "y\nn\n",
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("\u001B[32m+## 1.1.0\u001B[39m");
    expect(run.stdout).toContain("Create \u001B[1mCHANGELOG.md\u001B[22m? [y]es, [n]o, [a]ll: ");
    expect(run.stdout).toContain("declined\u001B[39m: src/greet.js (not written)");
  });
});

describe("lackpy undo", () => {
  it("refuses a file changed since (exit 2, undo_conflict), and --force restores it", async () => {
    const root = await workspace("in-process");
    const run = JSON.parse((await lackpy(root, ["run", "fix.js", "--kit", "files", "--json"])).out);
    await writeFile(path.join(root, "CHANGELOG.md"), "edited by hand\n");
    const refused = await lackpy(root, ["undo", run.runId]);
    expect(refused.code).toBe(2);
    expect(refused.err).toBe(
      `lackpy: 'CHANGELOG.md' was changed after run ${run.runId}; undo would overwrite that change. [undo_conflict]\n  hint: look at the file first; lackpy undo ${run.runId} --force restores it anyway\n`,
    );
    const forced = await lackpy(root, ["undo", run.runId, "--force", "--json"]);
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.out)).toEqual({
      runId: run.runId,
      files: [
        { path: "src/greet.js", action: "modify" },
        { path: "CHANGELOG.md", action: "delete" },
      ],
    });
    expect(await exists(path.join(root, "CHANGELOG.md"))).toBe(false);
    const nothing = await lackpy(root, ["undo", "--json"]);
    expect(nothing.code).toBe(2);
    expect(JSON.parse(nothing.out).error.code).toBe("unknown_run");
  });
});
