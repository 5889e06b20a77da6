import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeRunFolder } from "./run-files.js";

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

async function runFolder(): Promise<{ root: string; run: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-run-files-"));
  folders.push(root);
  const run = path.join(root, "20260101-000000-ab12cd34");
  await mkdir(path.join(run, "before"), { recursive: true });
  await writeFile(path.join(run, "journal.json"), "{}");
  await writeFile(path.join(run, "before", "0"), "old");
  await writeFile(path.join(run, "before", "1"), "older");
  return { root, run };
}

describe("removeRunFolder", () => {
  it("removes a run's files and its before-images", async () => {
    const { root, run } = await runFolder();
    await removeRunFolder(run);
    expect(existsSync(run)).toBe(false);
    expect(existsSync(root)).toBe(true);
  });

  it("removes what lies deeper than a run's layout too", async () => {
    const { run } = await runFolder();
    await mkdir(path.join(run, "before", "deeper", "still"), { recursive: true });
    await writeFile(path.join(run, "before", "deeper", "still", "x"), "x");
    await removeRunFolder(run);
    expect(existsSync(run)).toBe(false);
  });

  it("removes a link inside as a link, never what it points to", async () => {
    const { root, run } = await runFolder();
    const outside = path.join(root, "outside");
    await mkdir(outside);
    await writeFile(path.join(outside, "keep.txt"), "kept");
    await symlink(outside, path.join(run, "before", "link"));
    await removeRunFolder(run);
    expect(existsSync(run)).toBe(false);
    expect(await readFile(path.join(outside, "keep.txt"), "utf8")).toBe("kept");
  });

  it("takes a folder already gone as removed", async () => {
    const { root } = await runFolder();
    await expect(removeRunFolder(path.join(root, "missing"))).resolves.toBeUndefined();
  });
});
