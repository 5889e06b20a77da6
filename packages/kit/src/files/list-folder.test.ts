import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace, refusal, type TestWorkspace } from "../__fixtures__/create-workspace.js";
import { createFileTools } from "./create-file-tools.js";

let workspace: TestWorkspace;
let tools: ReturnType<typeof createFileTools>;

beforeAll(async () => {
  workspace = await createWorkspace();
  await mkdir(path.join(workspace.root, "src/empty"));
  tools = createFileTools(workspace.root);
});
afterAll(() => workspace.remove());

describe("list_folder", () => {
  it("lists the files and folders directly in a folder, sorted, with workspace paths", async () => {
    expect(await tools.list_folder("src")).toEqual([
      { name: "a.ts", path: "src/a.ts", kind: "file" },
      { name: "c.md", path: "src/c.md", kind: "file" },
      { name: "empty", path: "src/empty", kind: "folder" },
      { name: "nested", path: "src/nested", kind: "folder" },
    ]);
    expect(await tools.list_folder("src/nested/")).toEqual([
      { name: "b.ts", path: "src/nested/b.ts", kind: "file" },
    ]);
    expect(await tools.list_folder("src\\empty")).toEqual([]);
  });

  it("lists the root when the path is left out or '.', without protected entries or symlinks", async () => {
    const root = await tools.list_folder();
    expect(await tools.list_folder(".")).toEqual(root);
    expect(root).toEqual([
      { name: "README.md", path: "README.md", kind: "file" },
      { name: "binary.bin", path: "binary.bin", kind: "file" },
      { name: "node_modules", path: "node_modules", kind: "folder" },
      { name: "src", path: "src", kind: "folder" },
    ]);
  });

  it("names a folder reached through an inside symlink as it was given", async () => {
    expect((await tools.list_folder("src-link")).map((entry) => entry.path)).toContain(
      "src-link/a.ts",
    );
  });

  it.each([
    ["README.md", "not_a_folder", "'README.md' is a file, not a folder."],
    ["nope", "not_found", "No folder 'nope' in the workspace."],
    [".git", "protected_path", expect.stringContaining("'.git' is protected")],
  ])("refuses %j with %s", async (target, code, message) => {
    expect(await refusal(tools.list_folder(target))).toMatchObject({ code, message });
  });

  it("refuses a folder with more entries than the limit", async () => {
    const small = createFileTools(workspace.root, { maxFindResults: 3 });
    expect(await refusal(small.list_folder("src"))).toMatchObject({ code: "too_many_results" });
    await writeFile(path.join(workspace.root, "src/empty/one.txt"), "1");
    expect(await small.list_folder("src/empty")).toHaveLength(1);
  });
});
