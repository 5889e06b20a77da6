import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import { LackpyService } from "../lackpy-service.js";
import { BUILTIN_PROTECTION } from "@lackpy/kit";
import { contentHash } from "@lackpy/kit/node";
import { processOwner } from "../store/file-lock.js";
import { FileRunHistory } from "../store/file-run-history.js";
import { CRASH_AFTER_RENAMES_VARIABLE } from "./land-changes.js";
import { recoverChanges } from "./recover-changes.js";
import { RunStore, type Journal } from "./run-store.js";

const CRASHING_RUN = fileURLToPath(new URL("../__fixtures__/crashing-run.mjs", import.meta.url));
const folders: string[] = [];

afterAll(async () => {
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const PROGRAM = `write_file("a.txt", "A2\\n")
write_file("b.txt", "B2\\n")
write_file("new/c.txt", "C\\n")`;

async function workspace(mode: string): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-crash-"));
  folders.push(root);
  await mkdir(path.join(root, ".lackpy"));
  await writeFile(path.join(root, ".lackpy/config.toml"), `[run]\nmode = "${mode}"\n`);
  await writeFile(path.join(root, "a.txt"), "A1\n");
  await writeFile(path.join(root, "b.txt"), "B1\n");
  return root;
}

/** Runs the program in a child process that kills itself after `renames` renames. */
function crashAfter(root: string, renames: number) {
  return spawnSync(process.execPath, [CRASHING_RUN, root, PROGRAM], {
    env: { ...process.env, [CRASH_AFTER_RENAMES_VARIABLE]: String(renames) },
    encoding: "utf8",
    timeout: 30_000,
  });
}

const read = (root: string, file: string) =>
  readFile(path.join(root, file), "utf8").catch(() => null);

describe.each(["isolated", "in-process"])("recovery of a crash between renames (%s)", (mode) => {
  it("rolls the half-landed run back on the next start, and says so", async () => {
    const root = await workspace(mode);
    const child = crashAfter(root, 1);
    expect(child.signal).toBe("SIGKILL");
    // Half landed: the first file renamed, the others still in their temporary files.
    expect(await read(root, "a.txt")).toBe("A2\n");
    expect(await read(root, "b.txt")).toBe("B1\n");
    expect((await readdir(root)).filter((name) => name.endsWith(".lackpy-tmp"))).toHaveLength(1);

    const service = await LackpyService.open({ workspace: root });
    const [notice] = await service.recovered();
    expect(notice).toMatchObject({ source: "run", restored: ["a.txt"], conflicts: [] });
    expect(notice.label).toBe('write_file("a.txt", "A2\\n")');
    expect(await read(root, "a.txt")).toBe("A1\n");
    expect(await read(root, "b.txt")).toBe("B1\n");
    expect(await read(root, "new/c.txt")).toBeNull();
    await expect(stat(path.join(root, "new"))).rejects.toThrow();
    expect((await readdir(root)).filter((name) => name.endsWith(".lackpy-tmp"))).toEqual([]);
    const status = await service.status();
    expect(status.recovered).toEqual([notice]);
    expect(status.runs).toEqual([]);
    await service.close();

    // Without the hook the same program lands whole.
    const again = spawnSync(process.execPath, [CRASHING_RUN, root, PROGRAM], { encoding: "utf8" });
    expect(JSON.parse(again.stdout)).toMatchObject({ success: true });
    expect(await read(root, "new/c.txt")).toBe("C\n");
  });

  it("leaves a file someone changed after the crash, and names it", async () => {
    const root = await workspace(mode);
    expect(crashAfter(root, 2).signal).toBe("SIGKILL");
    expect(await read(root, "b.txt")).toBe("B2\n");
    await writeFile(path.join(root, "b.txt"), "edited after the crash\n");
    const service = await LackpyService.open({ workspace: root });
    expect(await service.recovered()).toMatchObject([
      { restored: ["a.txt"], conflicts: ["b.txt"] },
    ]);
    expect(await read(root, "a.txt")).toBe("A1\n");
    expect(await read(root, "b.txt")).toBe("edited after the crash\n");
    await service.close();
  });
});

describe("a landing on a file of a run a crash left half-landed", () => {
  it("rolls that run back first, without waiting for a restart", async () => {
    const root = await workspace("in-process");
    const live = await LackpyService.open({ workspace: root });
    expect(await live.recovered()).toEqual([]);
    expect(crashAfter(root, 1).signal).toBe("SIGKILL");
    expect(await read(root, "a.txt")).toBe("A2\n");
    // b.txt's lock still names the dead run: this landing takes it over, and settles that run.
    const result = await live.runProgram(`write_file("b.txt", "B3\\n")`, { kit: "files" });
    expect(result.applied).toBe(true);
    expect(await read(root, "a.txt")).toBe("A1\n");
    expect(await read(root, "b.txt")).toBe("B3\n");
    expect(await read(root, "new/c.txt")).toBeNull();
    expect((await readdir(root)).filter((name) => name.endsWith(".lackpy-tmp"))).toEqual([]);
    expect((await live.status()).recovered).toMatchObject([
      { source: "run", restored: ["a.txt"], conflicts: [] },
    ]);
    await live.close();
  });
});

describe("recoverChanges", () => {
  it("leaves the journal of a process that still runs, and rolls back one whose process ended", async () => {
    const root = await workspace("in-process");
    const store = new RunStore(root);
    const ended = spawnSync(process.execPath, ["-e", ""]).pid!;
    const journal = (runId: string, pid: number): Journal => ({
      runId,
      at: new Date().toISOString(),
      source: "run",
      label: runId,
      files: [
        {
          path: `${runId}.txt`,
          action: "create",
          before: { exists: false },
          after: { exists: true, hash: contentHash("x") },
          blob: null,
          createdFolder: null,
        },
      ],
      beforeBytes: 0,
      undoable: true,
      phase: "landing",
      tokens: [`${runId}-t`],
      owner: { ...processOwner(), pid },
    });
    for (const [runId, pid] of [
      ["alive", process.pid],
      ["ended", ended],
    ] as const) {
      await mkdir(store.runFolder(runId), { recursive: true });
      await store.writeJournal(journal(runId, pid));
      await writeFile(path.join(root, `${runId}.txt`), "x");
    }
    const history = new FileRunHistory(root);
    const notices = await recoverChanges({ store, history }, async () => BUILTIN_PROTECTION);
    expect(notices).toMatchObject([{ runId: "ended", restored: ["ended.txt"] }]);
    expect(await read(root, "ended.txt")).toBeNull();
    expect(await read(root, "alive.txt")).toBe("x");
    expect(store.journals().map((left) => left.runId)).toEqual(["alive"]);
  });
});
