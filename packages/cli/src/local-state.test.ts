import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import { memoryIo } from "./io/cli-io.js";
import { main } from "./main.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
const execFileAsync = promisify(execFile);
const previousState = process.env.XDG_STATE_HOME;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "lackpy-local-state-"));
  process.env.XDG_STATE_HOME = path.join(folder, "state");
});
afterAll(async () => {
  await closeWorkerPool();
  if (previousState === undefined) delete process.env.XDG_STATE_HOME;
  else process.env.XDG_STATE_HOME = previousState;
  await rm(folder, { recursive: true, force: true });
});

async function lackpy(args: string[], options: { cwd: string; stdin?: string }) {
  const io = memoryIo({ cwd: options.cwd, stdin: options.stdin });
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
}

/** Runs git in `cwd` without any user or system config. */
async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await execFileAsync("git", args, {
    cwd,
    env: {
      PATH: process.env.PATH,
      HOME: cwd,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@example.com",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@example.com",
    },
  });
  return stdout;
}

/** A git repository holding the example workspace, committed. */
async function repository(name: string): Promise<string> {
  const root = path.join(folder, name);
  await cp(EXAMPLE, root, { recursive: true });
  await git(root, ["init", "-q"]);
  await git(root, ["add", "-A"]);
  await git(root, ["commit", "-qm", "start"]);
  return root;
}

/** Delegates three times, then runs a program that edits a file and one that writes a new one. */
async function use(root: string): Promise<void> {
  for (let index = 0; index < 3; index++)
    expect((await lackpy(["delegate", "list all typescript files"], { cwd: root })).code).toBe(0);
  const edit = await lackpy(["run", "-", "--kit", "files", "--mode", "in-process"], {
    cwd: root,
    stdin: `edit_file("README.md", "# ", "# The ")\nwrite_file("notes.md", "- ship\\n")`,
  });
  expect(edit.code, edit.err).toBe(0);
}

describe("what lackpy leaves in a git repository", () => {
  it("after init, delegates and writes, git status shows only what a team commits", async () => {
    const root = await repository("fresh");
    expect((await lackpy(["init"], { cwd: root })).code).toBe(0);
    expect((await git(root, ["status", "--porcelain", "-uall"])).split("\n").sort()).toEqual([
      "",
      "?? .lackpy/.gitignore",
      "?? .lackpy/config.toml",
    ]);
    await git(root, ["add", "-A"]);
    await git(root, ["commit", "-qm", "lackpy init"]);
    await use(root);
    // The state is there (the ratchet's history, the run undo restores), and ignored.
    expect(await readFile(path.join(root, ".lackpy", "ratchet.json"), "utf8")).toContain(
      '"recent"',
    );
    expect(await git(root, ["status", "--porcelain", "-uall"])).toBe(" M README.md\n?? notes.md\n");
    expect(await git(root, ["status", "--porcelain", "-uall", "--ignored"])).toMatch(
      /!! \.lackpy\/ratchet\.json\n!! \.lackpy\/runs\/\S+\/before\/0\n!! \.lackpy\/runs\/\S+\/record\.json\n$/,
    );
  });

  it("gives a workspace made before .gitignore existed one the first time lackpy writes state there", async () => {
    const root = await repository("older");
    await mkdir(path.join(root, ".lackpy"));
    await writeFile(path.join(root, ".lackpy", "config.toml"), '[kit]\ndefault = "readonly"\n');
    await git(root, ["add", "-A"]);
    await git(root, ["commit", "-qm", "config"]);
    await use(root);
    expect(await git(root, ["status", "--porcelain", "-uall"])).toBe(
      " M README.md\n?? .lackpy/.gitignore\n?? notes.md\n",
    );
  });

  it("never replaces a .gitignore a person wrote", async () => {
    const root = await repository("own");
    await mkdir(path.join(root, ".lackpy"));
    await writeFile(path.join(root, ".lackpy", ".gitignore"), "# mine\n");
    await lackpy(["init"], { cwd: root });
    await use(root);
    expect(await readFile(path.join(root, ".lackpy", ".gitignore"), "utf8")).toBe("# mine\n");
  });
});

describe("lackpy status in a folder without .lackpy", () => {
  it("says that nothing is recorded there, and why, however many delegates ran", async () => {
    const root = path.join(folder, "plain");
    await cp(EXAMPLE, root, { recursive: true });
    for (let index = 0; index < 2; index++)
      await lackpy(["delegate", "list all typescript files"], { cwd: root });
    const { out } = await lackpy(["status"], { cwd: root });
    expect(out).toContain(
      "recent     nothing recorded here: delegates are counted in .lackpy/, which this folder does not have (lackpy init makes one)\n",
    );
  });
});
