/**
 * The workspace fixture: a committed small project the intents ask about. Runs never touch it;
 * each run gets a copy in a temporary folder with the eval kit written into `.lackpy/kits`.
 */
import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createFileTools } from "@lackpy/kit/node";

/** The committed workspace fixture. */
export const WORKSPACE_DIR = fileURLToPath(new URL("../../workspace", import.meta.url));

/**
 * The fixture's content hash. Fixtures recorded against another hash are refused, so change it
 * only together with the intents' checks and the fixtures (a test says when it is out of date).
 */
export const PINNED_WORKSPACE_HASH =
  "e032d57ba34618fa4d249dcb6a76ceff93280b2c82b2f8bf520aa3a255a5694d";

/** The eval kit: the read-only tools plus the two code-search tools of `eval-tools.ts`. */
export const EVAL_KIT_FILE = `---
name: eval
description: Read and find files, and look up where a function or class is defined and called.
---
read_file
find_files
find_definitions
find_callers
`;

/**
 * sha256 over the sorted `path\0content\0` of every file a program can see, as hex: the files
 * `find_files("**\/*")` lists, so `.lackpy` (the eval kit, promoted templates) is left out.
 */
export async function workspaceHash(dir: string = WORKSPACE_DIR): Promise<string> {
  const hash = createHash("sha256");
  const files = await createFileTools(dir).find_files("**/*");
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(dir, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** A disposable copy of the workspace fixture. */
export interface PreparedWorkspace {
  dir: string;
  dispose(): Promise<void>;
}

/** Copies the fixture to a fresh temporary folder and adds the eval kit. */
export async function prepareWorkspace(source: string = WORKSPACE_DIR): Promise<PreparedWorkspace> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "lackpy-eval-"));
  await cp(source, dir, { recursive: true });
  await mkdir(path.join(dir, ".lackpy", "kits"), { recursive: true });
  await writeFile(path.join(dir, ".lackpy", "kits", "eval.kit"), EVAL_KIT_FILE);
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
