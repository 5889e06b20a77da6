import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace, type TestWorkspace } from "../__fixtures__/create-workspace.js";
import { createFileTools } from "./create-file-tools.js";
import { createWorkspaceView } from "./create-workspace-view.js";

let workspace: TestWorkspace;

beforeAll(async () => {
  workspace = await createWorkspace();
});
afterAll(() => workspace.remove());

describe("createWorkspaceView", () => {
  it.each<[string, "file" | "folder" | null]>([
    ["README.md", "file"],
    ["src", "folder"],
    ["src/", "folder"],
    ["./src/nested", "folder"],
    ["src/a.ts", "file"],
    ["link-in.ts", "file"],
    ["src-link", "folder"],
    ["them", null],
    ["each", null],
    [".git", null],
    [".lackpy/templates/count.tmpl", null],
    ["link-out.txt", null],
    ["dir-out", null],
    ["../outside", null],
    ["/etc", null],
  ])("says %j is %j", async (target, kind) => {
    expect(await createWorkspaceView(workspace.root).kind(target)).toBe(kind);
  });

  it("lists what find_files lists, and nothing for a refused glob", async () => {
    const view = createWorkspaceView(workspace.root);
    expect(await view.files("**/*.ts")).toEqual(
      await createFileTools(workspace.root).find_files("**/*.ts"),
    );
    expect(await view.files("../*")).toEqual([]);
    expect(await view.files(".git/*")).toEqual([]);
    expect(await view.files("**/*.nothing")).toEqual([]);
  });

  it("honours the config's protected globs", async () => {
    const view = createWorkspaceView(workspace.root, { protectedGlobs: ["src/nested"] });
    expect(await view.kind("src/nested")).toBeNull();
    expect(await view.files("src/**")).toEqual(["src/a.ts", "src/c.md"]);
  });
});
