import os from "node:os";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTACK_PATHS } from "../__fixtures__/attack-paths.js";
import { createWorkspace, refusal, type TestWorkspace } from "../__fixtures__/create-workspace.js";
import {
  createProtectedWorkspace,
  GLOB_ATTACKS,
  LOADED_ATTACKS,
  LOADED_PATHS,
  PROTECTED_ATTACKS,
  VISIBLE_FILES,
  type ProtectedWorkspace,
} from "../__fixtures__/protected-attacks.js";
import { createFileTools } from "./create-file-tools.js";
import { createWorkspaceView } from "./create-workspace-view.js";

/**
 * The everyday read tools (`file_size`, `read_lines`, `list_folder`, `search_files`,
 * `definitions_of`) and the workspace view go through the same path check as `read_file`: the
 * attack tables of `read_file` are run against each of them.
 */
type PathTool = (tools: ReturnType<typeof createFileTools>, target: string) => Promise<unknown>;

const PATH_TOOLS: [string, PathTool][] = [
  ["file_size", (tools, target) => tools.file_size(target)],
  ["read_lines", (tools, target) => tools.read_lines(target, 1)],
  ["list_folder", (tools, target) => tools.list_folder(target)],
];

describe("everyday read tools: containment", () => {
  let workspace: TestWorkspace;
  let tools: ReturnType<typeof createFileTools>;
  beforeAll(async () => {
    workspace = await createWorkspace();
    tools = createFileTools(workspace.root);
  });
  afterAll(() => workspace.remove());

  describe.each(PATH_TOOLS)("%s", (_name, call) => {
    it.each(ATTACK_PATHS)("refuses $attack: $path", async ({ path: attack, code }) => {
      const error = await refusal(call(tools, attack));
      expect(error.code).toBe(code);
      expect(error.retriable).toBe(true);
    });
  });

  it.each(["/etc/*", "../*", "src/../../*", "C:/*", "~/*"])(
    "the bulk tools refuse the glob %j",
    async (glob) => {
      expect((await refusal(tools.search_files("secret", glob))).code).toBe("path_outside_root");
      expect((await refusal(tools.definitions_of("secret", glob))).code).toBe("path_outside_root");
      expect((await refusal(tools.file_sizes(glob))).code).toBe("path_outside_root");
      expect((await refusal(tools.line_counts(glob))).code).toBe("path_outside_root");
    },
  );

  it("never reads outside through a symlink: the bulk tools' walk does not follow them", async () => {
    expect(await tools.search_files("secret")).toEqual([]);
    const files = ["README.md", "binary.bin", "src/a.ts", "src/c.md", "src/nested/b.ts"];
    expect((await tools.file_sizes()).map((row) => row.file)).toEqual(files);
    expect(await tools.line_counts()).toEqual([
      { file: "README.md", lines: 1 },
      { file: "src/a.ts", lines: 1 },
      { file: "src/c.md", lines: 1 },
      { file: "src/nested/b.ts", lines: 1 },
    ]);
    for (const glob of ["dir-out/*", "src-link/**", "*.txt", "link-in.ts"]) {
      expect(await tools.file_sizes(glob)).toEqual([]);
      expect(await tools.line_counts(glob)).toEqual([]);
    }
    expect((await readdir(workspace.outside)).sort()).toEqual(["secret.txt"]);
    expect(await readFile(path.join(workspace.outside, "secret.txt"), "utf8")).toBe("secret");
  });

  it.each(ATTACK_PATHS)(
    "the workspace view never grounds $attack: $path",
    async ({ path: attack }) => {
      expect(await createWorkspaceView(workspace.root).kind(attack)).toBeNull();
    },
  );
});

describe("everyday read tools: protected paths", () => {
  let workspace: ProtectedWorkspace;
  let tools: ReturnType<typeof createFileTools>;
  beforeAll(async () => {
    workspace = await createProtectedWorkspace();
    tools = createFileTools(workspace.root, { loadedPaths: LOADED_PATHS });
  });
  afterAll(() => workspace.remove());

  describe.each(PATH_TOOLS)("%s", (_name, call) => {
    it.each([...PROTECTED_ATTACKS, ...LOADED_ATTACKS])(
      "refuses $attack: $path",
      async ({ path: attack }) => {
        const error = await refusal(call(tools, attack));
        expect(error.code).toBe("protected_path");
        expect(`${error.message} ${error.hint}`).not.toContain(os.tmpdir());
      },
    );
  });

  it.each([...PROTECTED_ATTACKS, ...LOADED_ATTACKS])(
    "the workspace view never grounds $attack: $path",
    async ({ path: attack }) => {
      const view = createWorkspaceView(workspace.root, { loadedPaths: LOADED_PATHS });
      expect(await view.kind(attack)).toBeNull();
    },
  );

  it("searches only the files find_files lists: no secret, hook or loaded module is read", async () => {
    const files = (hits: { file: string }[]) => [...new Set(hits.map((hit) => hit.file))];
    expect(files(await tools.search_files("secret"))).toEqual(["notes.env"]);
    expect(files(await tools.search_files("export"))).toEqual(
      VISIBLE_FILES.filter((file) =>
        [".eslintrc.cjs", "envrc.example", "src/app.ts", "src/env.ts", "tools/helper.mjs"].includes(
          file,
        ),
      ),
    );
    expect(await tools.search_files("serve")).toEqual([]);
    expect(await tools.definitions_of("x")).toEqual([]);
    const listed = await tools.find_files("**/*");
    expect((await tools.file_sizes()).map((row) => row.file)).toEqual(listed);
    expect((await tools.line_counts()).map((row) => row.file)).toEqual(listed);
    expect(await tools.definitions_of("app")).toEqual([
      { file: "src/app.ts", line: 1, text: "export const app = 1;", kind: "variable" },
    ]);
  });

  it.each(GLOB_ATTACKS)(
    "lists only visible files for the glob %j, in every tool that takes one",
    async (glob) => {
      const found: Record<string, unknown> = {};
      const files = (hits: { file: string }[]) => [...new Set(hits.map((hit) => hit.file))];
      const ignored = { include_ignored: true };
      const calls: [string, () => Promise<unknown>][] = [
        ["find_files", () => tools.find_files(glob)],
        ["find_files ignored", () => tools.find_files(glob, { include_ignored: true })],
        ["search_files", async () => files(await tools.search_files("e", glob))],
        ["definitions_of", async () => files(await tools.definitions_of("x", glob))],
        ["file_sizes", async () => files(await tools.file_sizes(glob))],
        ["file_sizes ignored", async () => files(await tools.file_sizes(glob, ignored))],
        ["line_counts", async () => files(await tools.line_counts(glob))],
        ["line_counts ignored", async () => files(await tools.line_counts(glob, ignored))],
      ];
      for (const [name, call] of calls)
        found[name] = await call().catch((error: { code: string }) => error.code);
      const listed = Object.values(found).flatMap((value) => (Array.isArray(value) ? value : []));
      const unexpected = listed.filter(
        (file) =>
          !VISIBLE_FILES.includes(file as string) && !/^node_modules\//.test(file as string),
      );
      expect(unexpected, JSON.stringify(found)).toEqual([]);
    },
  );

  it("lists no protected entry in a folder, and the view's files are find_files'", async () => {
    const names = (await tools.list_folder(".")).map((entry) => entry.name);
    for (const hidden of [
      ".lackpy",
      ".git",
      ".env",
      ".env.local",
      ".npmrc",
      ".mcp.json",
      ".vscode",
      ".envrc",
    ])
      expect(names).not.toContain(hidden);
    expect(names).toEqual(expect.arrayContaining(["README.md", "src", "sub", "tools"]));
    expect((await tools.list_folder("sub")).map((entry) => entry.path)).toEqual(["sub/keep.txt"]);
    expect((await tools.list_folder("tools")).map((entry) => entry.path)).toEqual([
      "tools/helper.mjs",
    ]);
    const view = createWorkspaceView(workspace.root, { loadedPaths: LOADED_PATHS });
    expect(await view.files("**")).toEqual(VISIBLE_FILES);
    expect(await view.files(".git/**")).toEqual([]);
  });
});
