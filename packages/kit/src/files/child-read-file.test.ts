import { realpathSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTACK_PATHS } from "../__fixtures__/attack-paths.js";
import { createWorkspace, type TestWorkspace } from "../__fixtures__/create-workspace.js";
import {
  CLOSED_ATTACKS,
  createProtectedWorkspace,
  LOADED_ATTACKS,
  LOADED_PATHS,
  PROTECTED_ATTACKS,
  READ_ONLY_ATTACKS,
  VISIBLE_FILES,
  WRITE_CLOSED_ATTACKS,
  type ProtectedWorkspace,
} from "../__fixtures__/protected-attacks.js";
import { childReadFileModule, childToolOf } from "./child-file-tool.js";
import { createChildReadFile, type ChildReadFile } from "./child-read-file.js";
import { createFileTools, type FileToolsOptions } from "./create-file-tools.js";
import { FileStaging } from "./file-staging.js";
import { contentHash } from "./file-state.js";
import { SYNC_READ_BYTES } from "./read-text-file.js";

/**
 * What the host's `read_file` gives a run (its text, or its refusal's code) next to what the
 * child's gives: the same text, or `null` (the host answers, with its own refusal).
 */
async function bothReads(
  host: ReturnType<typeof createFileTools>,
  child: ChildReadFile,
  file: string,
) {
  let expected: { value: string } | null;
  try {
    expected = { value: await host.read_file(file) };
  } catch {
    expected = null;
  }
  return { expected, child: child.call([file]) };
}

/** The child's `read_file` exactly as `childToolOf` describes the host's one. */
function childOf(host: ReturnType<typeof createFileTools>, staging?: FileStaging): ChildReadFile {
  const recipe = childToolOf(host.read_file, staging);
  if (!recipe) throw new Error("the builtin read_file has no child tool");
  return createChildReadFile(recipe.options);
}

describe("the child's read_file against the host's (the attack tables through both paths)", () => {
  let workspace: TestWorkspace;
  let host: ReturnType<typeof createFileTools>;
  beforeAll(async () => {
    workspace = await createWorkspace();
    host = createFileTools(workspace.root);
  });
  afterAll(() => workspace.remove());

  it.each([
    ...ATTACK_PATHS.map((row) => row.path),
    "README.md",
    "src/a.ts",
    "src/nested/b.ts",
    "link-in.ts",
    "src-link/nested/b.ts",
    "binary.bin",
    "missing.txt",
    "src",
    ".git/config.ts",
    ".lackpy/templates/count.tmpl",
    "node_modules/pkg/index.ts",
  ])("reads %j as the host does, or leaves it to the host", async (file) => {
    const child = childOf(host);
    // Twice: the second read goes through the folders the first found real.
    for (let round = 0; round < 2; round++) {
      const { expected, child: answer } = await bothReads(host, child, file);
      expect(answer).toEqual(expected);
    }
  });

  it("leaves files over SYNC_READ_BYTES to the host", async () => {
    await writeFile(path.join(workspace.root, "big.txt"), "x".repeat(SYNC_READ_BYTES + 1));
    expect(childOf(host).call(["big.txt"])).toBeNull();
    expect(await host.read_file("big.txt")).toHaveLength(SYNC_READ_BYTES + 1);
  });

  it("leaves the files a run staged to the host, told before and after the child got the run", async () => {
    const staging = new FileStaging();
    const context = { staging };
    await host.write_file.call(context, "src/nested/b.ts", "staged before\n");
    const recipe = childToolOf(host.read_file, staging)!;
    const child = createChildReadFile(recipe.options);
    expect(child.call(["src/nested/b.ts"])).toBeNull();
    expect(child.call(["src/a.ts"])).toEqual({ value: "const a = 1 // TODO\n" });
    expect(recipe.news?.()).toBeUndefined();
    await host.write_file.call(context, "src/a.ts", "staged after\n");
    await host.write_file.call(context, "src/a.ts", "staged again\n");
    const news = recipe.news?.();
    expect(news).toEqual([realpathSync(path.join(workspace.root, "src/a.ts"))]);
    child.news(news);
    // The same file through a symlink inside the workspace is staged too.
    for (const file of ["src/a.ts", "link-in.ts", "src-link/a.ts"]) {
      expect(child.call([file])).toBeNull();
      expect(await host.read_file.call(context, file)).toBe("staged again\n");
    }
    expect(recipe.news?.()).toBeUndefined();
    expect(child.call(["README.md"])).toEqual({ value: "# readme\n" });
  });

  it("reports what it read, with hashes, only for a run that writes", () => {
    const file = realpathSync(path.join(workspace.root, "README.md"));
    const writing = createChildReadFile(childToolOf(host.read_file, new FileStaging())!.options);
    expect(writing.call(["README.md"])).toEqual({ value: "# readme\n" });
    expect(writing.report()).toEqual([[file, contentHash("# readme\n")]]);
    expect(writing.report()).toBeUndefined();
    const recipe = childToolOf(host.read_file, new FileStaging({ writes: false }))!;
    expect(recipe.options.noteReads).toBe(false);
    const reading = createChildReadFile(recipe.options);
    expect(reading.call(["README.md"])).toEqual({ value: "# readme\n" });
    expect(reading.report()).toBeUndefined();
  });
});

describe("the child's read_file in a protected workspace", () => {
  let workspace: ProtectedWorkspace;
  const options: FileToolsOptions = {
    loadedPaths: LOADED_PATHS,
    protectedGlobs: ["secrets/**", "**/*.pem"],
    allowReadGlobs: [".vscode/**"],
  };
  beforeAll(async () => {
    workspace = await createProtectedWorkspace();
  });
  afterAll(() => workspace.remove());

  const paths = [
    ...PROTECTED_ATTACKS,
    ...CLOSED_ATTACKS,
    ...WRITE_CLOSED_ATTACKS,
    ...READ_ONLY_ATTACKS,
    ...LOADED_ATTACKS,
  ].map((row) => row.path);

  it.each([...paths, ...VISIBLE_FILES])(
    "reads %j as the host does, or leaves it to the host",
    async (file) => {
      const host = createFileTools(workspace.root, options);
      const { expected, child } = await bothReads(host, childOf(host), file);
      expect(child).toEqual(expected);
    },
  );

  it("describes the host's protection to the child as plain data", () => {
    const host = createFileTools(workspace.root, options);
    const recipe = childToolOf(host.read_file)!;
    expect(recipe).toMatchObject({
      module: childReadFileModule(),
      export: "createChildReadFile",
      readRoots: [realpathSync(workspace.root)],
      options: {
        root: realpathSync(workspace.root),
        protectedGlobs: ["secrets/**", "**/*.pem"],
        loadedPaths: LOADED_PATHS,
        allowReadGlobs: [".vscode/**"],
        allowWriteGlobs: [],
        staged: [],
      },
    });
    expect(structuredClone(recipe.options)).toEqual(recipe.options);
    expect(childToolOf(host.find_files)).toBeUndefined();
    expect(childToolOf(async () => "text")).toBeUndefined();
  });
});
