import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import { LackpyService } from "../lackpy-service.js";

/**
 * No lost update: a run that read a file, then wrote it from what it read, while another process
 * landed a change on that file in between, is refused; the other change stays. (The team load
 * found this: the check at landing compared the file with what it held when the run wrote it,
 * not when the run read it.) The other process is a second instance landing its own run.
 */
const OTHER_INSTANCE = fileURLToPath(
  new URL("../__fixtures__/killed-after-run.mjs", import.meta.url),
);
const folders: string[] = [];
afterAll(async () => {
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A workspace whose module tool `other()` has another instance append a line to `log.txt`. */
async function workspace(mode: string) {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-stale-reads-"));
  folders.push(root);
  await mkdir(path.join(root, ".lackpy"));
  await mkdir(path.join(root, "tools"));
  await writeFile(path.join(root, "log.txt"), "one\n");
  const theirs = `write_file("log.txt", read_file("log.txt") + "theirs\\n")`;
  await writeFile(
    path.join(root, "tools/other.mjs"),
    `import { spawnSync } from "node:child_process";
export function other() {
  const other = spawnSync(process.execPath, ${JSON.stringify([OTHER_INSTANCE, root, theirs, "tok_b"])}, { encoding: "utf8" });
  return JSON.parse(other.stdout).success;
}\n`,
  );
  await writeFile(
    path.join(root, ".lackpy/config.toml"),
    `[run]\nmode = "${mode}"\n\n[tools.other]\nprovider = "module"\nmodule = "./tools/other.mjs"\nargs = []\ngrade_w = 1\n`,
  );
  return root;
}

const PROGRAM = `const mine = read_file("log.txt")\nconst landed = other()\nwrite_file("log.txt", mine + "mine\\n")\nlanded`;
const KIT = ["read_file", "write_file", "other"];

describe.each(["isolated", "in-process"])("a write made from a stale read (%s)", (mode) => {
  it("is refused in a run, and in a dry run, and the other instance's change stays", async () => {
    const root = await workspace(mode);
    const service = await LackpyService.open({ workspace: root, trust: true });
    const run = await service.runProgram(PROGRAM, { kit: KIT, caller: "tok_a" });
    expect(run.success).toBe(false);
    expect(run.error).toMatchObject({ tool: "write_file", line: 3 });
    expect(run.error?.message).toContain(
      "'log.txt' was changed by someone else after this run read it; nothing was written.",
    );
    expect(await readFile(path.join(root, "log.txt"), "utf8")).toBe("one\ntheirs\n");
    const dry = await service.runProgram(PROGRAM, { kit: KIT, caller: "tok_a", dryRun: true });
    expect(dry.success).toBe(false);
    expect(dry.changeId ?? null).toBeNull();
    expect(await readFile(path.join(root, "log.txt"), "utf8")).toBe("one\ntheirs\ntheirs\n");
    // The control: with nobody writing in between, the same read and write land.
    const alone = await service.runProgram(
      `write_file("log.txt", read_file("log.txt") + "mine\\n")`,
      { kit: KIT, caller: "tok_a" },
    );
    expect(alone.applied).toBe(true);
    expect(await readFile(path.join(root, "log.txt"), "utf8")).toBe("one\ntheirs\ntheirs\nmine\n");
    await service.close();
  });
});
