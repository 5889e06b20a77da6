import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILTIN_PROTECTION } from "@lackpy/kit";
import { MAX_UNDO_BYTES, MAX_UNDO_RUNS, RunStore, type RunRecord } from "./run-store.js";
import { undoRun } from "./undo-run.js";

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

async function storeWith(records: { beforeBytes: number }[]): Promise<RunStore> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-runs-"));
  folders.push(root);
  const store = new RunStore(root);
  for (const [index, { beforeBytes }] of records.entries()) {
    const runId = `run-${String(index).padStart(3, "0")}`;
    const record: RunRecord = {
      runId,
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
      source: "run",
      label: runId,
      files: [
        {
          path: "a.txt",
          action: "modify",
          before: { exists: true, hash: "0".repeat(64) },
          after: { exists: true, hash: "1".repeat(64) },
          blob: "before/0",
          createdFolder: null,
        },
      ],
      beforeBytes,
      undoable: true,
    };
    await mkdir(path.join(store.runFolder(runId), "before"), { recursive: true });
    await writeFile(path.join(store.runFolder(runId), "before/0"), "x");
    await writeFile(path.join(store.runFolder(runId), "record.json"), JSON.stringify(record));
  }
  return store;
}

describe("RunStore.prune", () => {
  it("keeps the newest MAX_UNDO_RUNS runs", async () => {
    const store = await storeWith(
      Array.from({ length: MAX_UNDO_RUNS + 3 }, () => ({ beforeBytes: 1 })),
    );
    await mkdir(path.join(store.folder, "stray"));
    await store.prune();
    const kept = store.list().map((record) => record.runId);
    expect(kept).toHaveLength(MAX_UNDO_RUNS);
    expect(kept[0]).toBe(`run-0${MAX_UNDO_RUNS + 2}`);
    expect(kept.at(-1)).toBe("run-003");
    expect((await readdir(store.folder)).sort()).toEqual(kept.sort());
  });

  it("keeps the newest runs whose before-images fit in MAX_UNDO_BYTES together", async () => {
    const third = Math.floor(MAX_UNDO_BYTES / 3);
    const store = await storeWith([
      { beforeBytes: third },
      { beforeBytes: third },
      { beforeBytes: third },
      { beforeBytes: third },
    ]);
    await store.prune();
    expect(store.list().map((record) => record.runId)).toEqual(["run-003", "run-002", "run-001"]);
  });

  it("drops the before-images of a newest run that alone is over the bound, which undo then refuses", async () => {
    const store = await storeWith([{ beforeBytes: 1 }, { beforeBytes: MAX_UNDO_BYTES + 1 }]);
    await store.prune();
    const [newest, older] = store.list();
    expect(newest).toMatchObject({ runId: "run-001", undoable: false, beforeBytes: 0 });
    expect(existsSync(path.join(store.runFolder("run-001"), "before"))).toBe(false);
    expect(older.runId).toBe("run-000");
    await expect(
      undoRun(store, "run-001", { force: false, protection: BUILTIN_PROTECTION }),
    ).rejects.toMatchObject({
      code: "not_undoable",
    });
    await expect(
      undoRun(store, "../etc", { force: false, protection: BUILTIN_PROTECTION }),
    ).rejects.toMatchObject({
      code: "unknown_run",
    });
  });
});
