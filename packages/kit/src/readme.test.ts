import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDefaultToolbox, resolveKitSpecifier } from "./node.js";
import { ToolError } from "./index.js";

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
});
