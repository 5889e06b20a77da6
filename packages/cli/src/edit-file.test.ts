import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import { memoryIo } from "./io/cli-io.js";
import { main } from "./main.js";

const NOTES = "# Notes\n- item\n- item\n- other\n";
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-edit-"));
});
afterAll(async () => {
  await closeWorkerPool();
  await rm(root, { recursive: true, force: true });
});

async function edit(program: string, mode: string, json = false) {
  await writeFile(path.join(root, "notes.md"), NOTES);
  const io = memoryIo({ cwd: root, stdin: program });
  const args = ["run", "-", "--kit", "files", "--mode", mode, ...(json ? ["--json"] : [])];
  const code = await main(args, io);
  return {
    code,
    out: io.out,
    err: io.err,
    notes: await readFile(path.join(root, "notes.md"), "utf8"),
  };
}

describe.each(["in-process", "isolated"])("lackpy run: edit_file (%s)", (mode) => {
  it("fails with edit_not_found, exit 1 and the file unchanged, when old is not in the file", async () => {
    const { code, out, err, notes } = await edit(`edit_file("notes.md", "- absent", "x")`, mode);
    expect(code).toBe(1);
    expect(out).toBe("");
    expect(err).toContain(
      `error[tool_error/edit_not_found] <stdin>:1:1: Tool edit_file failed: "- absent" is not in 'notes.md'; the file is unchanged.\n`,
    );
    expect(err).toContain("hint: old must match the file exactly");
    expect(notes).toBe(NOTES);
  });

  it("fails with edit_ambiguous, the count and the lines, when old occurs more than once", async () => {
    const { code, err, notes } = await edit(`edit_file("notes.md", "- item", "- done")`, mode);
    expect(code).toBe(1);
    expect(err).toContain(
      `error[tool_error/edit_ambiguous] <stdin>:1:1: Tool edit_file failed: "- item" occurs 2 times in 'notes.md' (line 2: "- item", line 3: "- item"); the file is unchanged.\n`,
    );
    expect(err).toContain("or pass { all: true } to replace all 2");
    expect(notes).toBe(NOTES);
    const json = JSON.parse((await edit(`edit_file("notes.md", "- item", "x")`, mode, true)).out);
    expect(json.error).toMatchObject({
      code: "tool_error",
      toolCode: "edit_ambiguous",
      tool: "edit_file",
      line: 1,
      column: 1,
    });
  });

  it("replaces every occurrence with { all: true } and prints the count", async () => {
    const { code, out, notes } = await edit(
      `edit_file("notes.md", "- item", "- done", { all: true })`,
      mode,
    );
    expect(code).toBe(0);
    expect(out).toBe("2\n");
    expect(notes).toBe("# Notes\n- done\n- done\n- other\n");
    expect((await edit(`edit_file("notes.md", "- other", "- last")`, mode)).out).toBe("1\n");
  });
});
