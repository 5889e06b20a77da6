import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDefaultToolbox, createFileTools, FileStaging, resolveKitSpecifier } from "./node.js";
import { ToolError, unifiedDiff } from "./index.js";

let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-readme-"));
  await mkdir(path.join(workspace, "docs"));
  await writeFile(path.join(workspace, "README.md"), "# hello\n");
  await writeFile(path.join(workspace, "docs/intro.md"), "intro\n");
});

afterAll(() => rm(workspace, { recursive: true, force: true }));

describe("README usage example", () => {
  it("runs as written", async () => {
    const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toContain(
      'const kit = await resolveKitSpecifier({ cat: "read_file", find_files: "find_files" }, toolbox);',
    );

    const toolbox = createDefaultToolbox({ root: workspace });
    const kit = await resolveKitSpecifier({ cat: "read_file", find_files: "find_files" }, toolbox);

    expect(readme).toContain(kit.description.split("\n")[0]);
    expect(kit.grade).toEqual({ w: 1, d: 0 });
    expect(await kit.callables.find_files("**/*.md")).toEqual(["README.md", "docs/intro.md"]);
    await expect(kit.callables.cat("../etc/passwd")).rejects.toMatchObject({
      constructor: ToolError,
      code: "path_outside_root",
      retriable: true,
    });
  });

  it("runs the staged-writes example as written", async () => {
    const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toContain('await tools.write_file.call(call, "notes.md", "# Notes\\n");');
    const tools = createFileTools(workspace);
    const staging = new FileStaging();
    const call = { signal: new AbortController().signal, staging };
    await tools.write_file.call(call, "notes.md", "# Notes\n");
    expect(await tools.read_file.call(call, "notes.md")).toBe("# Notes\n");
    await expect(readFile(path.join(workspace, "notes.md"))).rejects.toThrow();
    const diffs = staging
      .list()
      .map((file) => unifiedDiff(file.before.text, file.content, { path: file.path }));
    expect(diffs).toEqual(["--- /dev/null\n+++ b/notes.md\n@@ -0,0 +1 @@\n+# Notes\n"]);
    expect(readme).toContain(JSON.stringify(diffs[0]));
  });
});
