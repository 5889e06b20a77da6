import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contentHash } from "@lackpy/kit/node";
import { testSchema } from "../__fixtures__/test-postgres.mjs";
import {
  CHANGE_TTL_MS,
  MAX_PENDING_BYTES,
  MAX_PENDING_CHANGES,
  MAX_UNDO_RUNS,
  type ChangeStores,
  type RunRecord,
  type StoredChangeSet,
  type StoredPlan,
} from "./change-store-types.js";
import { FileWorkspaceStore } from "./file-store.js";
import { PostgresWorkspaceStore } from "./postgres/pg-workspace-store.js";
import type { WorkspaceStore } from "./store-types.js";

/**
 * One contract, two backends: dry runs and landed runs kept where every instance of a workspace
 * finds them, keyed by caller. Each test opens two stores on one workspace, as two instances do.
 */
const schema = await testSchema("changes");
const opened: WorkspaceStore[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => undefined);
  await schema?.drop();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

let workspaces = 0;
/** Two instances' stores of one new workspace. */
async function twoInstances(
  backend: "files" | "postgres",
): Promise<{ root: string; one: ChangeStores; two: ChangeStores }> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-change-stores-"));
  folders.push(root);
  const key = `changes-${++workspaces}`;
  const open = () =>
    backend === "files"
      ? new FileWorkspaceStore(root)
      : new PostgresWorkspaceStore({ url: schema!.url, workspace: key });
  const stores = [open(), open()];
  opened.push(...stores);
  return { root, one: stores[0]!.changes, two: stores[1]!.changes };
}

const plan = (file: string, content: StoredPlan["content"]): StoredPlan => ({
  path: file,
  action: "create",
  expected: { exists: false },
  content,
  createdFolder: null,
  change: { path: file, action: "create", diff: `+++ b/${file}\n` },
});

function changeSet(entry: Partial<StoredChangeSet> = {}, now = 0): StoredChangeSet {
  return {
    plans: [plan("a.txt", "text\n")],
    source: "run",
    label: "label",
    caller: null,
    expiresAt: now + CHANGE_TTL_MS,
    sizeBytes: 10,
    ...entry,
  };
}

async function code(work: Promise<unknown>): Promise<string> {
  return work.then(
    () => "no error",
    (error: { code?: string }) => error.code ?? String(error),
  );
}

const BACKENDS = [
  ["files", true],
  ["postgres", Boolean(schema)],
] as const;

describe.each(BACKENDS)("pending changes (%s)", (backend, available) => {
  it.runIf(available)(
    "hands a dry run out once, through any instance, with its text and bytes intact",
    async () => {
      const { one, two } = await twoInstances(backend);
      const bytes = Uint8Array.from([0, 255, 10, 13, 0x80]);
      const changeId = await one.pending.add(
        changeSet({ plans: [plan("a.txt", "héllo\n"), plan("b.bin", bytes), plan("c", null)] }),
      );
      const taken = await two.pending.take(changeId, undefined, 1);
      expect(taken.plans.map((entry) => entry.content)).toEqual([
        "héllo\n",
        Buffer.from(bytes),
        null,
      ]);
      expect(taken).toMatchObject({ source: "run", label: "label", caller: null });
      expect(await code(one.pending.take(changeId, undefined, 2))).toBe("change_applied");
      expect(await code(two.pending.take(changeId, undefined, 2))).toBe("change_applied");
    },
  );

  it.runIf(available)("lets exactly one of two instances take a dry run at once", async () => {
    const { one, two } = await twoInstances(backend);
    const changeId = await one.pending.add(changeSet());
    const outcomes = await Promise.all(
      [one, two, one, two].map((stores) => code(stores.pending.take(changeId, undefined, 1))),
    );
    expect(outcomes.sort()).toEqual([
      "change_applied",
      "change_applied",
      "change_applied",
      "no error",
    ]);
  });

  it.runIf(available)(
    "gives a caller only its own dry runs; without a caller id, any",
    async () => {
      const { one, two } = await twoInstances(backend);
      const theirs = await one.pending.add(changeSet({ caller: "tok_a" }));
      expect(await code(two.pending.take(theirs, "tok_b", 1))).toBe("unknown_change");
      await expect(two.pending.take(theirs, "tok_b", 1)).rejects.toThrow("of yours");
      expect((await two.pending.take(theirs, "tok_a", 1)).caller).toBe("tok_a");
      const local = await one.pending.add(changeSet({ caller: "tok_a" }));
      expect((await two.pending.take(local, undefined, 1)).caller).toBe("tok_a");
      expect(await code(one.pending.take("0123456789abcdef01234567", undefined, 1))).toBe(
        "unknown_change",
      );
      expect(await code(one.pending.take("../../x", undefined, 1))).toBe("unknown_change");
    },
  );

  it.runIf(available)("expires 15 minutes after the dry run", async () => {
    const { one, two } = await twoInstances(backend);
    const early = await one.pending.add(changeSet({ label: "early" }, 0), 0);
    const late = await one.pending.add(changeSet({ label: "late" }, 0), 0);
    expect((await two.pending.take(early, undefined, CHANGE_TTL_MS - 1)).label).toBe("early");
    expect(await code(two.pending.take(late, undefined, CHANGE_TTL_MS))).toBe("change_expired");
    expect(await code(one.pending.take(late, undefined, CHANGE_TTL_MS + 1))).toBe("change_expired");
  });

  it.runIf(available)(
    "keeps at most MAX_PENDING_CHANGES per caller, the caller's oldest pushed out, never another's",
    async () => {
      const { one, two } = await twoInstances(backend);
      const other = await two.pending.add(changeSet({ caller: "tok_b", label: "other" }), 0);
      const ids: string[] = [];
      for (let index = 0; index <= MAX_PENDING_CHANGES; index++)
        ids.push(await one.pending.add(changeSet({ caller: "tok_a", label: String(index) }), 0));
      expect(await code(two.pending.take(ids[0]!, "tok_a", 1))).toBe("unknown_change");
      expect((await two.pending.take(ids[1]!, "tok_a", 1)).label).toBe("1");
      expect((await one.pending.take(other, "tok_b", 1)).label).toBe("other");
    },
  );

  it.runIf(available)(
    "pushes a caller's oldest out when its sets are over MAX_PENDING_BYTES",
    async () => {
      const { one } = await twoInstances(backend);
      const half = MAX_PENDING_BYTES / 2 + 1;
      const first = await one.pending.add(changeSet({ label: "first", sizeBytes: half }), 0);
      const second = await one.pending.add(changeSet({ label: "second", sizeBytes: half }), 0);
      expect(await code(one.pending.take(first, undefined, 1))).toBe("unknown_change");
      expect((await one.pending.take(second, undefined, 1)).label).toBe("second");
    },
  );
});

/** Lands a run's folder as a landing leaves it (one before-image), and commits it. */
async function commit(stores: ChangeStores, root: string, runId: string, caller?: string) {
  const folder = path.join(root, ".lackpy", "runs", runId);
  await mkdir(path.join(folder, "before"), { recursive: true });
  await writeFile(path.join(folder, "before/0"), `before ${runId}`);
  const record: RunRecord = {
    runId,
    at: new Date(Date.UTC(2026, 0, 1) + Number(runId.slice(4)) * 1000).toISOString(),
    source: "run",
    label: runId,
    files: [
      {
        path: "a.txt",
        action: "modify",
        before: { exists: true, hash: contentHash(`before ${runId}`) },
        after: { exists: true, hash: contentHash("after") },
        blob: "before/0",
        createdFolder: null,
      },
    ],
    beforeBytes: 10,
    undoable: true,
    ...(caller === undefined ? {} : { caller }),
  };
  await stores.runs.commit(record, folder);
  return record;
}

describe.each(BACKENDS)("the run history (%s)", (backend, available) => {
  it.runIf(available)(
    "keeps a run for every instance, with its before-image, until it is removed",
    async () => {
      const { root, one, two } = await twoInstances(backend);
      const record = await commit(one, root, "run-1", "tok_a");
      expect(await two.runs.has("run-1")).toBe(true);
      expect(await two.runs.read("run-1")).toEqual(record);
      const image = await two.runs.beforeImage(record, record.files[0]!);
      expect(image?.toString()).toBe("before run-1");
      await two.runs.remove("run-1");
      expect(await one.runs.read("run-1")).toBeNull();
      expect(await one.runs.list()).toEqual([]);
    },
  );

  it.runIf(available)("lists by caller, newest first, and every run without a scope", async () => {
    const { root, one, two } = await twoInstances(backend);
    await commit(one, root, "run-1", "tok_a");
    await commit(two, root, "run-2", "tok_b");
    await commit(one, root, "run-3", "tok_a");
    await commit(two, root, "run-4");
    const ids = async (scope?: { caller: string | null }) =>
      (await one.runs.list(scope)).map((record) => record.runId);
    expect(await ids({ caller: "tok_a" })).toEqual(["run-3", "run-1"]);
    expect(await ids({ caller: "tok_b" })).toEqual(["run-2"]);
    expect(await ids({ caller: null })).toEqual(["run-4"]);
    expect(await ids()).toEqual(["run-4", "run-3", "run-2", "run-1"]);
  });

  it.runIf(available)(
    "prunes per caller: one caller's many runs never push out another caller's",
    async () => {
      const { root, one, two } = await twoInstances(backend);
      await commit(two, root, "run-0", "tok_b");
      for (let index = 1; index <= MAX_UNDO_RUNS + 10; index++)
        await commit(one, root, `run-${index}`, "tok_a");
      // A history that prunes as it commits (Postgres) needs no call; the others are pruned after.
      if (!one.runs.prunesOnCommit) {
        await one.runs.prune("tok_a");
        await one.runs.prune("tok_b");
      }
      expect((await two.runs.list({ caller: "tok_b" })).map((record) => record.runId)).toEqual([
        "run-0",
      ]);
      const kept = await two.runs.list({ caller: "tok_a" });
      expect(kept).toHaveLength(MAX_UNDO_RUNS);
      expect(kept[0]!.runId).toBe(`run-${MAX_UNDO_RUNS + 10}`);
    },
  );
});
