import { chmod, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileTools, fileSystem } from "./file-tools.js";
import { ToolError } from "./kit-error.js";

let root: string;
let outside: string;
let tools: ReturnType<typeof createFileTools>;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-kit-"));
  outside = await mkdtemp(path.join(os.tmpdir(), "lackpy-outside-"));
  await writeFile(path.join(outside, "secret.txt"), "secret");
  await mkdir(path.join(root, "src/nested"), { recursive: true });
  await mkdir(path.join(root, "node_modules/pkg"), { recursive: true });
  await writeFile(path.join(root, "src/a.ts"), "const a = 1 // TODO\n");
  await writeFile(path.join(root, "src/nested/b.ts"), "b\n");
  await writeFile(path.join(root, "src/c.md"), "# c\n");
  await writeFile(path.join(root, "README.md"), "# readme\n");
  await writeFile(path.join(root, "node_modules/pkg/index.ts"), "x");
  await writeFile(path.join(root, "binary.bin"), Buffer.from([1, 0, 2]));
  await symlink(path.join(outside, "secret.txt"), path.join(root, "link-out.txt"));
  await symlink(outside, path.join(root, "dir-out"));
  await symlink(path.join(outside, "missing.txt"), path.join(root, "dangling.txt"));
  await symlink(path.join(root, "src/a.ts"), path.join(root, "link-in.ts"));
  tools = createFileTools(root);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

async function refusal(promise: Promise<unknown>): Promise<ToolError> {
  try {
    await promise;
  } catch (error) {
    return error as ToolError;
  }
  throw new Error("expected a refusal");
}

const ATTACK_PATHS = [
  "/etc/passwd",
  "../secret.txt",
  "../../etc/passwd",
  "src/../../secret.txt",
  "src/../../../etc/hostname",
  "./../x",
  "..",
  "../",
  "..\\..\\windows",
  "src\\..\\..\\x",
  "C:\\Windows\\system.ini",
  "C:/Windows",
  "~/.ssh/id_rsa",
  "link-out.txt",
  "dir-out/secret.txt",
  "dir-out/new.txt",
  "dangling.txt",
  "src/\0.ts",
  "",
  "dir-out",
  "src/nested/../../../x",
  "/tmp",
];

describe("file tools: containment", () => {
  it("has at least 20 attack paths", () => expect(ATTACK_PATHS.length).toBeGreaterThanOrEqual(20));

  it.each(ATTACK_PATHS)("read_file refuses %j", async (attack) => {
    const error = await refusal(tools.read_file(attack));
    expect(error).toBeInstanceOf(ToolError);
    expect(["path_outside_root", "invalid_path"]).toContain(error.code);
    expect(error.retriable).toBe(true);
  });

  it.each(ATTACK_PATHS)("write_file refuses %j and writes nothing outside", async (attack) => {
    const error = await refusal(tools.write_file(attack, "pwned"));
    expect(["path_outside_root", "invalid_path"]).toContain(error.code);
    expect(await readdir(outside)).toEqual(["secret.txt"]);
  });

  it.each(["/etc/passwd", "../x", "dir-out/secret.txt"])("edit_file refuses %j", async (attack) => {
    expect((await refusal(tools.edit_file(attack, "a", "b"))).code).toBe("path_outside_root");
  });

  it.each(["/etc/*", "../*", "src/../../*"])(
    "find_files refuses the pattern %j",
    async (pattern) => {
      expect((await refusal(tools.find_files(pattern))).code).toBe("path_outside_root");
    },
  );

  it("says paths are relative to the workspace", async () => {
    const error = await refusal(tools.read_file("/etc/passwd"));
    expect(error.message).toBe("The path '/etc/passwd' is outside the workspace.");
    expect(error.hint).toContain("relative to the workspace root");
  });

  it("follows a symlink that stays inside the root", async () => {
    expect(await tools.read_file("link-in.ts")).toBe("const a = 1 // TODO\n");
  });
});

describe("file tools: behaviour", () => {
  it("reads text files", async () => {
    expect(await tools.read_file("src/a.ts")).toBe("const a = 1 // TODO\n");
    expect(await tools.read_file("./README.md")).toBe("# readme\n");
  });

  it("refuses directories, binary and missing files clearly", async () => {
    expect((await refusal(tools.read_file("src"))).code).toBe("is_directory");
    expect((await refusal(tools.read_file("binary.bin"))).code).toBe("binary_file");
    const missing = await refusal(tools.read_file("nope.txt"));
    expect(missing).toMatchObject({
      code: "not_found",
      retriable: true,
      message: "No file 'nope.txt' in the workspace.",
    });
  });

  it("refuses a file over the read limit", async () => {
    await writeFile(path.join(root, "huge.txt"), Buffer.alloc(10 * 1024 * 1024 + 1, 97));
    expect(await refusal(tools.read_file("huge.txt"))).toMatchObject({
      code: "too_large",
      message: "'huge.txt' is 10485761 bytes; read_file reads files up to 10485760 bytes.",
    });
    await rm(path.join(root, "huge.txt"));
  });

  it("finds files by glob, sorted, relative, skipping node_modules and never following links", async () => {
    expect(await tools.find_files("**/*.ts")).toEqual(["src/a.ts", "src/nested/b.ts"]);
    expect(await tools.find_files("src/*")).toEqual(["src/a.ts", "src/c.md"]);
    expect(await tools.find_files("src/**/*.{ts,md}")).toEqual([
      "src/a.ts",
      "src/c.md",
      "src/nested/b.ts",
    ]);
    expect(await tools.find_files("?EADME.md")).toEqual(["README.md"]);
    expect(await tools.find_files("node_modules/**/*.ts")).toEqual(["node_modules/pkg/index.ts"]);
  });

  it("writes atomically, creating folders, and edits the first occurrence", async () => {
    expect(await tools.write_file("out/new.txt", "one two one")).toBe(11);
    expect(await tools.edit_file("out/new.txt", "one", "1")).toBe(true);
    expect(await readFile(path.join(root, "out/new.txt"), "utf8")).toBe("1 two one");
    expect(await tools.edit_file("out/new.txt", "zzz", "y")).toBe(false);
    expect(
      (await readdir(path.join(root, "out"))).filter((file) => file.includes("lackpy-tmp")),
    ).toEqual([]);
  });

  it("keeps the original file when the write crashes before the rename", async () => {
    await writeFile(path.join(root, "keep.txt"), "original");
    const rename = fileSystem.rename;
    fileSystem.rename = async () => {
      throw new Error("simulated crash");
    };
    try {
      expect((await refusal(tools.write_file("keep.txt", "new"))).code).toBe("write_failed");
    } finally {
      fileSystem.rename = rename;
    }
    expect(await readFile(path.join(root, "keep.txt"), "utf8")).toBe("original");
    expect((await readdir(root)).filter((file) => file.includes("lackpy-tmp"))).toEqual([]);
  });

  it("refuses to replace a read-only file (mode 444), even as root", async () => {
    await writeFile(path.join(root, "locked.txt"), "locked");
    await chmod(path.join(root, "locked.txt"), 0o444);
    expect((await refusal(tools.write_file("locked.txt", "x"))).code).toBe("read_only");
    expect((await refusal(tools.edit_file("locked.txt", "locked", "x"))).code).toBe("read_only");
    expect(await readFile(path.join(root, "locked.txt"), "utf8")).toBe("locked");
  });

  it("refuses non-string content with a hint", async () => {
    expect(await refusal(tools.write_file("x.txt", { a: 1 }))).toMatchObject({
      code: "invalid_content",
      retriable: true,
    });
  });
});
