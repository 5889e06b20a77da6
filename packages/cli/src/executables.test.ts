import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { closeWorkerPool } from "@lackpy/run/node";
import { afterAll, describe, expect, it } from "vitest";
import { memoryIo } from "./io/cli-io.js";
import { main } from "./main.js";

/**
 * Issue 35's held-out task: "swap proc-log for console in bin/index.js", where `bin/index.js` is
 * mode 755 and `lib/index.js`, which it requires, is writable. The file tools edit an existing
 * executable (it keeps its mode, and the change list says it is executable); they never create
 * one or add an execute bit.
 */
const BIN =
  "#!/usr/bin/env node\nconst log = require('proc-log')\nrequire('../lib/index.js')\nlog.info('started')\n";
const SWAP = `edit_file("bin/index.js", "const log = require('proc-log')\\n", "")
edit_file("bin/index.js", "log.info(", "console.log(")
write_file("bin/new-tool", "#!/bin/sh\\necho hi\\n")
read_file("bin/index.js")`;

const folders: string[] = [];
afterAll(async () => {
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function realPackage(mode: string): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-bin-"));
  folders.push(root);
  await mkdir(path.join(root, "bin"));
  await mkdir(path.join(root, "lib"));
  await mkdir(path.join(root, ".lackpy"));
  await writeFile(path.join(root, ".lackpy/config.toml"), `[run]\nmode = "${mode}"\n`);
  await writeFile(path.join(root, "bin/index.js"), BIN);
  await chmod(path.join(root, "bin/index.js"), 0o755);
  await writeFile(path.join(root, "lib/index.js"), "module.exports = {}\n");
  await writeFile(path.join(root, "swap.js"), SWAP);
  return root;
}

async function lackpy(root: string, args: string[], options: { answers?: string[] } = {}) {
  const io = memoryIo({ cwd: root, ...options });
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
}

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe.each(["isolated", "in-process"])("an executable bin/index.js (%s)", (mode) => {
  it("is edited, keeps mode 755, and a new script gets no execute bit", async () => {
    const root = await realPackage(mode);
    const { code, err } = await lackpy(root, ["run", "swap.js", "--kit", "files"]);
    expect(err).not.toContain("error");
    expect(code).toBe(0);
    expect(await readFile(path.join(root, "bin/index.js"), "utf8")).toBe(
      "#!/usr/bin/env node\nrequire('../lib/index.js')\nconsole.log('started')\n",
    );
    expect(await modeOf(path.join(root, "bin/index.js"))).toBe(0o755);
    expect((await modeOf(path.join(root, "bin/new-tool"))) & 0o111).toBe(0);
  });

  it("is marked executable in a dry run's change list and diffs", async () => {
    const root = await realPackage(mode);
    const json = await lackpy(root, ["run", "swap.js", "--kit", "files", "--dry-run", "--json"]);
    const changes = (JSON.parse(json.out) as { changes: { path: string; executable?: boolean }[] })
      .changes;
    expect(changes.map(({ path: file, executable }) => [file, executable ?? false])).toEqual([
      ["bin/index.js", true],
      ["bin/new-tool", false],
    ]);
    const human = await lackpy(root, ["run", "swap.js", "--kit", "files", "--dry-run"]);
    expect(human.out).toContain(
      "executable file bin/index.js: it stays executable (scripts, hooks and bins run it)\n--- a/bin/index.js\n",
    );
    expect(human.out).not.toContain("executable file bin/new-tool");
    expect(await readFile(path.join(root, "bin/index.js"), "utf8")).toBe(BIN);
  });
});

describe("approving a change to an executable file", () => {
  it("says it is executable in the question", async () => {
    const root = await realPackage("in-process");
    const { err } = await lackpy(root, ["run", "swap.js", "--kit", "files", "--approve"], {
      answers: ["n", "n"],
    });
    expect(err).toContain("Change bin/index.js (executable)? [y]es, [n]o, [a]ll: ");
    expect(err).toContain("Create bin/new-tool? [y]es, [n]o, [a]ll: ");
    expect(await readFile(path.join(root, "bin/index.js"), "utf8")).toBe(BIN);
  });
});
