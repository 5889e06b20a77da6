import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeChildPool } from "@lackpy/run/node";
import { LackpyService } from "../lackpy-service.js";
import { stageTools } from "../changes/stage-tools.js";

let root: string;
let outside: string;
let state: string;
const previousState = process.env.XDG_STATE_HOME;

beforeAll(async () => {
  // The trust store of these tests, never the user's: the config's allow_read counts once trusted.
  state = await mkdtemp(path.join(os.tmpdir(), "lackpy-child-reads-state-"));
  process.env.XDG_STATE_HOME = state;
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-child-reads-"));
  outside = await mkdtemp(path.join(os.tmpdir(), "lackpy-child-outside-"));
  const files: Record<string, string> = {
    "README.md": "# hi\n",
    "src/a.ts": "export const a = 1 // TODO\n",
    "src/deep/b.ts": "b\n",
    ".vscode/settings.json": "{}\n",
    ".github/workflows/ci.yml": "on: push\n",
    ".env": "KEY=secret-env-value\n",
    ".git/config": "[core]\n",
    "secrets/key.txt": "secret-key-value\n",
    "big.txt": "x".repeat(1024 * 1024 + 10),
    ".lackpy/config.toml": '[files]\nprotected = ["secrets/**"]\nallow_read = [".vscode/**"]\n',
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  await writeFile(path.join(root, "binary.bin"), Buffer.from([1, 0, 2]));
  await writeFile(path.join(outside, "secret.txt"), "outside-secret-value");
  await symlink(path.join(outside, "secret.txt"), path.join(root, "link-out.txt"));
  await symlink(outside, path.join(root, "dir-out"));
  await symlink(path.join(root, "src/a.ts"), path.join(root, "link-in.ts"));
  await symlink(path.join(root, ".env"), path.join(root, "env-link"));
  await symlink(path.join(outside, "missing.txt"), path.join(root, "dangling.txt"));
  const trusting = await LackpyService.open({ workspace: root });
  await trusting.trust();
  await trusting.close();
});

afterAll(async () => {
  await closeChildPool();
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
  await rm(state, { recursive: true, force: true });
  if (previousState === undefined) delete process.env.XDG_STATE_HOME;
  else process.env.XDG_STATE_HOME = previousState;
});

/** Paths a program might read: hostile ones and controls that must keep working. */
const PATHS = [
  "README.md",
  "src/a.ts",
  "src/deep/b.ts",
  "./src/../README.md",
  "src\\deep\\b.ts",
  "link-in.ts",
  ".vscode/settings.json",
  ".github/workflows/ci.yml",
  "big.txt",
  "binary.bin",
  "src",
  "missing.txt",
  ".env",
  "env-link",
  ".ENV",
  ".git/config",
  ".lackpy/config.toml",
  "secrets/key.txt",
  "SECRETS/key.txt",
  "link-out.txt",
  "dir-out/secret.txt",
  "dangling.txt",
  "../secret.txt",
  "/etc/passwd",
  "~/.ssh/id_rsa",
  "C:\\Windows\\system.ini",
  "src/\u0000.ts",
  "",
];

const open = () => LackpyService.open({ workspace: root });

/** What a program sees of one run: its output or its error. */
function seen(result: { success: boolean; output: unknown; error: unknown }) {
  return { success: result.success, output: result.output, error: result.error };
}

describe("read_file answered by the isolated child against in-process (the attack table through both paths)", () => {
  it.each(PATHS)("reads %j exactly as in-process", async (file) => {
    const source = `len(read_file(${JSON.stringify(file)}))`;
    const service = await open();
    const inProcess = await service.runProgram(source, { kit: "files", mode: "in-process" });
    const isolated = await service.runProgram(source, { kit: "files", mode: "isolated" });
    expect(seen(isolated)).toEqual(seen(inProcess));
    expect(JSON.stringify(isolated)).not.toMatch(
      /secret-env-value|secret-key-value|outside-secret/,
    );
  });

  it("reads what the run staged, after each write, in both modes alike", async () => {
    const source = `const before = read_file("src/a.ts")
write_file("src/a.ts", "changed\\n")
const after = read_file("link-in.ts")
write_file("notes/new.md", "new\\n")
edit_file("notes/new.md", "new", "newer")
const made = read_file("notes/new.md")
const other = read_file("src/deep/b.ts")
const all = [before, after, made, other, find_files("**/*.md")]
all`;
    const results = [];
    for (const mode of ["in-process", "isolated"] as const)
      results.push(await (await open()).runProgram(source, { kit: "files", mode, dryRun: true }));
    expect(results[0].output).toEqual([
      "export const a = 1 // TODO\n",
      "changed\n",
      "newer\n",
      "b\n",
      ["README.md", "notes/new.md"],
    ]);
    expect(seen(results[1])).toEqual(seen(results[0]));
    expect(results[1].changes).toEqual(results[0].changes);
  });
});

describe("stageTools", () => {
  it("lets an isolated child answer the builtin read_file, and only it, reading the run's staging", async () => {
    const service = await open();
    const { kit } = await service.resolveKit("files");
    const staged = stageTools(kit, {
      dryRun: false,
      requiresApproval: new Set(),
      resultsUsed: new Set(),
      writes: true,
    });
    expect(Object.keys(staged.childTools())).toEqual(["read_file"]);
    const child = staged.childTools().read_file;
    expect(child.readRoots).toEqual([realpathSync(root)]);
    expect(child.options.protectedGlobs).toEqual(["secrets/**"]);
    expect(child.options.allowReadGlobs).toEqual([".vscode/**"]);
    expect(child.news?.()).toBeUndefined();
    await staged.callables.write_file.call(staged.toolContext, "src/a.ts", "staged\n");
    expect(child.news?.()).toEqual([realpathSync(path.join(root, "src/a.ts"))]);
    expect(child.news?.()).toBeUndefined();
  });
});
