import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace, refusal, type TestWorkspace } from "../__fixtures__/create-workspace.js";
import { ATTACK_PATHS } from "../__fixtures__/attack-paths.js";
import { confinePath, isInside } from "./confine-path.js";
import { createFileTools } from "../files/create-file-tools.js";
import { FileStaging } from "../files/file-staging.js";

let workspace: TestWorkspace;
let root: string;
let outside: string;
let tools: ReturnType<typeof createFileTools>;

beforeAll(async () => {
  workspace = await createWorkspace();
  ({ root, outside } = workspace);
  tools = createFileTools(root);
});

afterAll(() => workspace.remove());

describe("isInside", () => {
  it.each([
    ["/work", "/work", true],
    ["/work", "/work/a/b", true],
    ["/work", "/work/..a", true],
    ["/work", "/work2", false],
    ["/work", "/wor", false],
    ["/work", "/", false],
    ["/work", "/work/../etc", false],
  ])("isInside(%j, %j) is %j", (parent, child, expected) => {
    expect(isInside(parent, child)).toBe(expected);
  });
});

describe("confinePath", () => {
  it("resolves paths inside the root, including ones that do not exist yet", async () => {
    const realRoot = path.dirname(await confinePath(root, "README.md"));
    expect(await confinePath(root, "src/new/deep.txt")).toBe(
      path.join(realRoot, "src/new/deep.txt"),
    );
    expect(await confinePath(root, "link-in.ts")).toBe(path.join(realRoot, "src/a.ts"));
    expect(await confinePath(root, ".")).toBe(realRoot);
  });

  it.each(ATTACK_PATHS)("refuses $attack: $path", async ({ path: attack, code }) => {
    expect((await refusal(confinePath(root, attack))).code).toBe(code);
  });

  it("reports a missing workspace folder", async () => {
    expect((await refusal(confinePath(path.join(root, "missing-root"), "a.txt"))).code).toBe(
      "workspace_missing",
    );
  });

  it.each([null, 3, undefined, ["a"]])("refuses the non-string path %j", async (value) => {
    expect((await refusal(confinePath(root, value))).code).toBe("invalid_path");
  });
});

describe("file tools: containment", () => {
  it("has a table of at least 20 attack paths", () => {
    expect(ATTACK_PATHS.length).toBeGreaterThanOrEqual(20);
  });

  it.each(ATTACK_PATHS)("read_file refuses $attack: $path", async ({ path: attack, code }) => {
    const error = await refusal(tools.read_file(attack));
    expect(error.code).toBe(code);
    expect(error.retriable).toBe(true);
    expect(error.hint).toContain("relative to the workspace root");
  });

  it.each(ATTACK_PATHS)("write_file refuses $attack: $path", async ({ path: attack, code }) => {
    const error = await refusal(tools.write_file(attack, "pwned"));
    expect(error.code).toBe(code);
    expect(error.retriable).toBe(true);
    expect((await readdir(outside)).sort()).toEqual(["secret.txt"]);
    expect(await readFile(path.join(outside, "secret.txt"), "utf8")).toBe("secret");
  });

  it.each(ATTACK_PATHS)("edit_file refuses $attack: $path", async ({ path: attack, code }) => {
    const error = await refusal(tools.edit_file(attack, "secret", "pwned"));
    expect(error.code).toBe(code);
    expect(await readFile(path.join(outside, "secret.txt"), "utf8")).toBe("secret");
  });

  it.each(["/etc/*", "/**", "../*", "src/../../*", "..\\*", "C:/*", "~/*"])(
    "find_files refuses the pattern %j",
    async (pattern) => {
      const error = await refusal(tools.find_files(pattern));
      expect(error.code).toBe("path_outside_root");
      expect(error.retriable).toBe(true);
    },
  );

  it("says that paths are relative to the workspace", async () => {
    const error = await refusal(tools.read_file("/etc/passwd"));
    expect(error.message).toMatchInlineSnapshot(
      `"The path '/etc/passwd' is outside the workspace; paths are relative to the workspace root."`,
    );
    expect(error.hint).toMatchInlineSnapshot(
      `"paths are relative to the workspace root, e.g. "src/app.ts"; absolute paths and .. are not allowed"`,
    );
  });

  it("follows symlinks that stay inside the root, for files and folders", async () => {
    expect(await tools.read_file("link-in.ts")).toBe("const a = 1 // TODO\n");
    expect(await tools.read_file("src-link/nested/b.ts")).toBe("b\n");
    expect(await tools.write_file("src-link/through.txt", "via link")).toBe(8);
    expect(await readFile(path.join(root, "src/through.txt"), "utf8")).toBe("via link");
  });

  it("does not create the target of a dangling symlink", async () => {
    await refusal(tools.write_file("dangling.txt", "x"));
    await expect(stat(path.join(outside, "missing.txt"))).rejects.toThrow();
  });
});

describe("confinePathSync with a remembered root", () => {
  it("refuses every attack path after the root's real path is remembered", async () => {
    const warm = createFileTools(root);
    expect(await warm.read_file("README.md")).toBe("# readme\n");
    for (const { path: attack, code } of ATTACK_PATHS) {
      expect((await refusal(warm.read_file(attack))).code).toBe(code);
      expect((await refusal(warm.write_file(attack, "pwned"))).code).toBe(code);
    }
    expect((await readdir(outside)).sort()).toEqual(["secret.txt"]);
  });

  it("refuses a symlink to outside made after the root was remembered", async () => {
    const warm = createFileTools(root);
    expect(await warm.read_file("src/a.ts")).toBe("const a = 1 // TODO\n");
    await symlink(path.join(outside, "secret.txt"), path.join(root, "late-link.txt"));
    await symlink(outside, path.join(root, "late-dir"));
    try {
      expect((await refusal(warm.read_file("late-link.txt"))).code).toBe("path_outside_root");
      expect((await refusal(warm.read_file("late-dir/secret.txt"))).code).toBe("path_outside_root");
      expect((await refusal(warm.write_file("late-dir/new.txt", "x"))).code).toBe(
        "path_outside_root",
      );
    } finally {
      await rm(path.join(root, "late-link.txt"));
      await rm(path.join(root, "late-dir"));
    }
    expect((await readdir(outside)).sort()).toEqual(["secret.txt"]);
  });

  it("follows a root symlink that is pointed at another folder between calls", async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), "lackpy-root-"));
    try {
      for (const [name, text] of [
        ["a", "first"],
        ["b", "second"],
      ]) {
        await mkdir(path.join(parent, name));
        await writeFile(path.join(parent, name, "f.txt"), text);
      }
      await symlink(path.join(parent, "a"), path.join(parent, "ws"));
      const linked = createFileTools(path.join(parent, "ws"));
      expect(await linked.read_file("f.txt")).toBe("first");
      await rm(path.join(parent, "ws"));
      await symlink(path.join(parent, "b"), path.join(parent, "ws"));
      expect(await linked.read_file("f.txt")).toBe("second");
      expect(await linked.write_file("g.txt", "new")).toBe(3);
      expect(await readdir(path.join(parent, "b"))).toEqual(["f.txt", "g.txt"]);
      expect(await readdir(path.join(parent, "a"))).toEqual(["f.txt"]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it("reports a workspace removed after it was remembered, and does not create it again", async () => {
    const removed = await mkdtemp(path.join(os.tmpdir(), "lackpy-gone-"));
    await writeFile(path.join(removed, "f.txt"), "here");
    const gone = createFileTools(removed);
    expect(await gone.read_file("f.txt")).toBe("here");
    await rm(removed, { recursive: true });
    expect((await refusal(gone.read_file("f.txt"))).code).toBe("workspace_missing");
    expect((await refusal(gone.write_file("f.txt", "x"))).code).toBe("workspace_missing");
    expect((await refusal(gone.find_files("**"))).code).toBe("workspace_missing");
    await expect(stat(removed)).rejects.toThrow();
  });
});

describe("confinePathSync with the folders one run found real (ConfinedFolders)", () => {
  /** A tool call's `this` inside one run: the run's staging area keeps its folders. */
  const inRun = () => ({ staging: new FileStaging() });

  it("refuses every attack path in a run whose folders are known", async () => {
    const run = inRun();
    expect(await tools.read_file.call(run, "src/a.ts")).toBe("const a = 1 // TODO\n");
    expect(await tools.read_file.call(run, "README.md")).toBe("# readme\n");
    for (const { path: attack, code } of ATTACK_PATHS)
      expect((await refusal(tools.read_file.call(run, attack))).code).toBe(code);
  });

  it("refuses a file swapped for a symlink to outside in a known folder", async () => {
    const run = inRun();
    await writeFile(path.join(root, "src/swapped.txt"), "plain");
    try {
      expect(await tools.read_file.call(run, "src/swapped.txt")).toBe("plain");
      await rm(path.join(root, "src/swapped.txt"));
      await symlink(path.join(outside, "secret.txt"), path.join(root, "src/swapped.txt"));
      expect((await refusal(tools.read_file.call(run, "src/swapped.txt"))).code).toBe(
        "path_outside_root",
      );
    } finally {
      await rm(path.join(root, "src/swapped.txt"), { force: true });
    }
  });

  it("reads a symlink inside the workspace in a known folder as its target", async () => {
    const run = inRun();
    expect(await tools.read_file.call(run, "README.md")).toBe("# readme\n");
    expect(await tools.read_file.call(run, "link-in.ts")).toBe("const a = 1 // TODO\n");
  });

  it("learns folders below a known one by lstat, and never through a symlinked folder", async () => {
    await mkdir(path.join(root, "deep/one/two"), { recursive: true });
    await writeFile(path.join(root, "deep/one/two/f.txt"), "deep");
    await writeFile(path.join(outside, "f.txt"), "outside");
    await symlink(outside, path.join(root, "deep/one/out"));
    await symlink(path.join(root, "deep/one/two"), path.join(root, "deep/one/in"));
    try {
      const run = inRun();
      expect(await tools.read_file.call(run, "README.md")).toBe("# readme\n");
      expect(await tools.read_file.call(run, "deep/one/two/f.txt")).toBe("deep");
      // A symlinked folder below a known one is no known folder: the full check decides.
      expect((await refusal(tools.read_file.call(run, "deep/one/out/f.txt"))).code).toBe(
        "path_outside_root",
      );
      expect(await tools.read_file.call(run, "deep/one/in/f.txt")).toBe("deep");
      expect((await refusal(tools.read_file.call(run, "src-link/../../outside/f.txt"))).code).toBe(
        "path_outside_root",
      );
      for (const { path: attack, code } of ATTACK_PATHS)
        expect((await refusal(tools.read_file.call(run, attack))).code).toBe(code);
    } finally {
      await rm(path.join(root, "deep"), { recursive: true, force: true });
      await rm(path.join(outside, "f.txt"), { force: true });
    }
  });

  it("shares the folders find_files walked with read_file, and still refuses what it did not walk", async () => {
    const run = inRun();
    const found = await tools.find_files.call(run, "**/*.ts");
    expect(found).toContain("src/nested/b.ts");
    expect(found).not.toContain("dir-out/secret.txt");
    for (const file of found) expect(typeof (await tools.read_file.call(run, file))).toBe("string");
    expect((await refusal(tools.read_file.call(run, "dir-out/secret.txt"))).code).toBe(
      "path_outside_root",
    );
    for (const { path: attack, code } of ATTACK_PATHS)
      expect((await refusal(tools.read_file.call(run, attack))).code).toBe(code);
  });

  it.skipIf(process.platform === "win32")(
    "refuses a FIFO, a folder, a missing file and a symlink's protected target in a known folder as outside a run",
    async () => {
      await mkdir(path.join(root, "quick/sub"), { recursive: true });
      await writeFile(path.join(root, "quick/plain.txt"), "plain");
      execFileSync("mkfifo", [path.join(root, "quick/pipe")]);
      await symlink(path.join(root, ".git/config.ts"), path.join(root, "quick/git-link"));
      try {
        const run = inRun();
        // The folder is known now: every name below is opened without following or blocking.
        expect(await tools.read_file.call(run, "quick/plain.txt")).toBe("plain");
        for (const name of ["pipe", "sub", "missing.txt", "git-link"]) {
          const inside = await refusal(tools.read_file.call(run, `quick/${name}`));
          const alone = await refusal(tools.read_file(`quick/${name}`));
          expect({ code: inside.code, message: inside.message }).toEqual({
            code: alone.code,
            message: alone.message,
          });
        }
        expect((await refusal(tools.read_file.call(run, "quick/pipe"))).code).toBe("not_a_file");
        expect((await refusal(tools.read_file.call(run, "quick/git-link"))).code).toBe(
          "protected_path",
        );
      } finally {
        await rm(path.join(root, "quick"), { recursive: true, force: true });
      }
    },
  );

  it("knows a folder for one run only: the next run sees a folder swapped for a symlink", async () => {
    await mkdir(path.join(root, "moving"));
    await writeFile(path.join(root, "moving/f.txt"), "inside");
    try {
      const first = inRun();
      expect(await tools.read_file.call(first, "moving/f.txt")).toBe("inside");
      await rm(path.join(root, "moving"), { recursive: true });
      await writeFile(path.join(outside, "f.txt"), "outside");
      await symlink(outside, path.join(root, "moving"));
      expect((await refusal(tools.read_file.call(inRun(), "moving/f.txt"))).code).toBe(
        "path_outside_root",
      );
    } finally {
      await rm(path.join(root, "moving"), { recursive: true, force: true });
      await rm(path.join(outside, "f.txt"), { force: true });
    }
  });
});
