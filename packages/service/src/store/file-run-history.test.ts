import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILTIN_PROTECTION } from "@lackpy/kit";
import { contentHash } from "@lackpy/kit/node";
import { RunStore } from "../changes/run-store.js";
import { undoRun } from "../changes/undo-run.js";
import { MAX_UNDO_BYTES, MAX_UNDO_RUNS, type RunRecord } from "./change-store-types.js";
import { FileRunHistory } from "./file-run-history.js";

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

/** A workspace whose history holds runs made in order (one a second), each by its caller. */
async function historyWith(runs: { beforeBytes: number; caller?: string }[]) {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-runs-"));
  folders.push(root);
  const history = new FileRunHistory(root);
  for (const [index, { beforeBytes, caller }] of runs.entries()) {
    const runId = `run-${String(index).padStart(3, "0")}`;
    const folder = path.join(history.folder, runId);
    const record: RunRecord = {
      runId,
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
      source: "run",
      label: runId,
      files: [
        {
          path: "a.txt",
          action: "modify",
          before: { exists: true, hash: contentHash("x") },
          after: { exists: true, hash: "1".repeat(64) },
          blob: "before/0",
          createdFolder: null,
        },
      ],
      beforeBytes,
      undoable: true,
      ...(caller === undefined ? {} : { caller }),
    };
    await mkdir(path.join(folder, "before"), { recursive: true });
    await writeFile(path.join(folder, "before/0"), "x");
    await history.commit(record, folder);
  }
  return { root, history };
}

const ids = (records: RunRecord[]) => records.map((record) => record.runId);

describe("FileRunHistory.prune", () => {
  it("keeps the newest MAX_UNDO_RUNS runs", async () => {
    const { history } = await historyWith(
      Array.from({ length: MAX_UNDO_RUNS + 3 }, () => ({ beforeBytes: 1 })),
    );
    await history.prune(null);
    const kept = ids(await history.list());
    expect(kept).toHaveLength(MAX_UNDO_RUNS);
    expect(kept[0]).toBe(`run-0${MAX_UNDO_RUNS + 2}`);
    expect(kept.at(-1)).toBe("run-003");
    expect((await readdir(history.folder)).sort()).toEqual(kept.sort());
  });

  it("counts each caller's runs apart: one caller's many runs never push out another's", async () => {
    const { history } = await historyWith([
      { beforeBytes: 1, caller: "tok_b" },
      ...Array.from({ length: MAX_UNDO_RUNS + 10 }, () => ({ beforeBytes: 1, caller: "tok_a" })),
    ]);
    await history.prune("tok_a");
    expect(ids(await history.list({ caller: "tok_b" }))).toEqual(["run-000"]);
    expect(await history.list({ caller: "tok_a" })).toHaveLength(MAX_UNDO_RUNS);
    expect(await history.list({ caller: null })).toEqual([]);
  });

  it("keeps the newest runs whose before-images fit in MAX_UNDO_BYTES together", async () => {
    const third = Math.floor(MAX_UNDO_BYTES / 3);
    const { history } = await historyWith([
      { beforeBytes: third },
      { beforeBytes: third },
      { beforeBytes: third },
      { beforeBytes: third },
    ]);
    await history.prune(null);
    expect(ids(await history.list())).toEqual(["run-003", "run-002", "run-001"]);
  });

  it("keeps a run whose before-images alone are over the bound without them, which undo then refuses", async () => {
    const { root, history } = await historyWith([
      { beforeBytes: 1 },
      { beforeBytes: MAX_UNDO_BYTES + 1 },
    ]);
    const [newest, older] = await history.list();
    expect(newest).toMatchObject({ runId: "run-001", undoable: false, beforeBytes: 0 });
    expect(existsSync(path.join(history.folder, "run-001", "before"))).toBe(false);
    expect(older!.runId).toBe("run-000");
    const stores = { store: new RunStore(root), history };
    const options = { force: false, protection: BUILTIN_PROTECTION };
    await expect(undoRun(stores, "run-001", options)).rejects.toMatchObject({
      code: "not_undoable",
    });
    await expect(undoRun(stores, "../etc", options)).rejects.toMatchObject({
      code: "unknown_run",
    });
  });
});

describe("FileRunHistory", () => {
  it("sees what another instance keeps and removes, and reads a before-image only when it holds the recorded bytes", async () => {
    const { root, history } = await historyWith([{ beforeBytes: 1, caller: "tok_a" }]);
    const other = new FileRunHistory(root);
    const [record] = await other.list({ caller: "tok_a" });
    expect((await other.beforeImage(record!, record!.files[0]!))?.toString()).toBe("x");
    await writeFile(path.join(history.folder, "run-000", "before/0"), "replaced");
    await expect(other.beforeImage(record!, record!.files[0]!)).rejects.toThrow(
      "does not hold what its run recorded",
    );
    await history.remove("run-000");
    expect(await other.list()).toEqual([]);
    expect(await other.read("run-000")).toBeNull();
  });
});
