import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import { LackpyService } from "../lackpy-service.js";

/**
 * The files lackpy reads of its own under `.lackpy/`, each replaced by what a cloned repository
 * (or an archive) can bring: a link to standard input (a terminal, or the MCP server's own pipe),
 * to `/dev/zero` (an endless read), or a FIFO. Opening the workspace, its status and a delegate
 * must finish, say what is wrong where the file matters, and never read through it.
 */
const OWN_FILES = [
  ".lackpy/config.toml",
  ".lackpy/templates/t.tmpl",
  ".lackpy/ratchet.json",
  ".lackpy/templates.index",
  ".lackpy/runs/20990101-000000-abcd/record.json",
  ".lackpy/runs/20990101-000000-abcd/journal.json",
  ".lackpy/unmerged/x.json",
];

const PLANTS: [string, (at: string) => Promise<void>][] = [
  ["a link to standard input", (at) => symlink("/dev/stdin", at)],
  ["a link to /dev/zero", (at) => symlink("/dev/zero", at)],
  ["a FIFO", async (at) => void execFileSync("mkfifo", [at])],
];

const CASES = OWN_FILES.flatMap((file) =>
  PLANTS.map(([plant, make]) => [file, plant, make] as const),
);

const folders: string[] = [];
afterAll(async () => {
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe.skipIf(process.platform === "win32")("lackpy's own files that are not files", () => {
  it.each(CASES)(
    "%s as %s: open, status and delegate finish",
    async (file, _plant, make) => {
      const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-not-regular-"));
      folders.push(root);
      await writeFile(path.join(root, "a.ts"), "export const a = 1;\n");
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await make(path.join(root, file));
      const opened = await LackpyService.open({ workspace: root }).catch((error: unknown) => error);
      if (file === ".lackpy/config.toml") {
        // The config matters: a clear error naming it, never a hang.
        expect(opened).toMatchObject({ code: "invalid_config" });
        expect((opened as Error).message).toMatch(/config\.toml is not a regular file/);
        return;
      }
      const service = opened as LackpyService;
      try {
        await service.status();
        const result = await service.delegate("list all typescript files", {
          mode: "in-process",
        } as never);
        expect(result.output).toEqual(["a.ts"]);
      } finally {
        await service.close();
      }
    },
    20_000,
  );
});
