import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace, refusal, type TestWorkspace } from "../__fixtures__/create-workspace.js";
import { createFileTools } from "./create-file-tools.js";

let workspace: TestWorkspace;
let tools: ReturnType<typeof createFileTools>;

beforeAll(async () => {
  workspace = await createWorkspace();
  tools = createFileTools(workspace.root);
});
afterAll(() => workspace.remove());

describe("file_size", () => {
  it("measures files in bytes, binary files too, and follows symlinks that stay inside", async () => {
    expect(await tools.file_size("src/a.ts")).toBe(20);
    expect(await tools.file_size("binary.bin")).toBe(3);
    expect(await tools.file_size("./README.md")).toBe(9);
    expect(await tools.file_size("link-in.ts")).toBe(20);
  });

  it.each([
    [
      "src",
      "is_directory",
      "'src' is a folder, not a file.",
      'use list_folder("src") to see what it holds',
    ],
    [
      "missing.txt",
      "not_found",
      "No file 'missing.txt' in the workspace.",
      "use find_files(pattern) to see which files exist",
    ],
    ["", "invalid_path", 'A path must be a non-empty string, not "".', expect.any(String)],
  ])("refuses %j with %s", async (target, code, message, hint) => {
    expect(await refusal(tools.file_size(target))).toMatchObject({
      code,
      message,
      hint,
      retriable: true,
    });
  });
});
