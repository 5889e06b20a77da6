import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ToolError } from "../tool-error.js";

/** A temporary workspace with files, skipped folders and symlinks in and out, plus a folder outside it. */
export interface TestWorkspace {
  root: string;
  outside: string;
  remove(): Promise<void>;
}

/**
 * Creates the workspace the file-tool tests use: `src/a.ts`, `src/nested/b.ts`, `src/c.md`,
 * `README.md`, `binary.bin`, `node_modules/` and `.git/`; `link-out.txt`, `chain.txt`, `dir-out`
 * and `dangling.txt` lead outside, `link-in.ts` and `src-link` stay inside.
 */
export async function createWorkspace(): Promise<TestWorkspace> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-kit-"));
  const outside = await mkdtemp(path.join(os.tmpdir(), "lackpy-outside-"));
  await writeFile(path.join(outside, "secret.txt"), "secret");
  await mkdir(path.join(root, "src/nested"), { recursive: true });
  await mkdir(path.join(root, "node_modules/pkg"), { recursive: true });
  await mkdir(path.join(root, ".git"), { recursive: true });
  await writeFile(path.join(root, "src/a.ts"), "const a = 1 // TODO\n");
  await writeFile(path.join(root, "src/nested/b.ts"), "b\n");
  await writeFile(path.join(root, "src/c.md"), "# c\n");
  await writeFile(path.join(root, "README.md"), "# readme\n");
  await writeFile(path.join(root, "node_modules/pkg/index.ts"), "x");
  await writeFile(path.join(root, ".git/config.ts"), "x");
  await mkdir(path.join(root, ".lackpy/templates"), { recursive: true });
  await writeFile(path.join(root, ".lackpy/templates/count.tmpl"), "---\nname: count\n---\n1");
  await writeFile(path.join(root, "binary.bin"), Buffer.from([1, 0, 2]));
  await symlink(path.join(outside, "secret.txt"), path.join(root, "link-out.txt"));
  await symlink(path.join(root, "link-out.txt"), path.join(root, "chain.txt"));
  await symlink(outside, path.join(root, "dir-out"));
  await symlink(path.join(outside, "missing.txt"), path.join(root, "dangling.txt"));
  await symlink(path.join(root, "src/a.ts"), path.join(root, "link-in.ts"));
  await symlink(path.join(root, "src"), path.join(root, "src-link"));
  return {
    root,
    outside,
    async remove() {
      await rm(root, { recursive: true, force: true });
      await rm(outside, { recursive: true, force: true });
    },
  };
}

/** A temporary folder holding `files` (workspace-relative path → text), folders made as needed. */
export async function workspaceOf(
  files: Readonly<Record<string, string>>,
): Promise<{ root: string; remove(): Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-files-"));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/** The `ToolError` a tool call is refused with; fails when the call succeeds or throws something else. */
export async function refusal(promise: unknown): Promise<ToolError> {
  try {
    await promise;
  } catch (error) {
    if (ToolError.is(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}
