import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  applyRatchetChange,
  dropCutAnswers,
  emptyRatchetFile,
  MAX_RECENT,
  type RatchetChange,
} from "./ratchet-file.js";
import { FileRatchetStore as RatchetStore } from "./ratchet-store.js";
import { outputHash } from "./ratchet-keys.js";
import type { RatchetRequest } from "./store-types.js";

const HOLDER = fileURLToPath(new URL("../__fixtures__/lock-holder.mjs", import.meta.url));

let root: string;
let store: RatchetStore;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-ratchet-"));
  await mkdir(path.join(root, ".lackpy"));
  store = new RatchetStore(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const REQUEST: RatchetRequest = { intent: "how many lines in README.md", kit: "readonly" };
const saved = async () => JSON.parse(await readFile(store.file, "utf8"));

describe("RatchetStore", () => {
  it("counts successes per normalised intent, kit and program", async () => {
    await store.recordSuccess(REQUEST, "len(x)", 4, 4);
    const second = await store.recordSuccess(
      { ...REQUEST, intent: "How many lines in  README.md?" },
      "len(x)",
      4,
      4,
    );
    expect(second).toMatchObject({
      entry: { successes: 2, program: "len(x)" },
      agreed: true,
      agreeingRuns: 2,
    });
    expect(
      (await store.recordSuccess({ ...REQUEST, kit: "files" }, "len(x)", 4, 4)).entry.successes,
    ).toBe(1);
  });

  it("agrees only when the request's latest answers, of any program, had the same output", async () => {
    expect((await store.recordSuccess(REQUEST, "a", 4, 4)).agreed).toBe(true);
    // Another program with the same output keeps the agreement.
    expect(await store.recordSuccess(REQUEST, "b", 4, 4)).toMatchObject({
      agreed: true,
      agreeingRuns: 2,
    });
    // A different output breaks it, for this answer and the next ones inside the window.
    expect((await store.recordSuccess(REQUEST, "wrong", 5, 4)).agreed).toBe(false);
    expect((await store.recordSuccess(REQUEST, "a", 4, 4)).agreed).toBe(false);
    expect((await store.recordSuccess(REQUEST, "a", 4, 4)).agreed).toBe(false);
    expect(await store.recordSuccess(REQUEST, "a", 4, 4)).toMatchObject({
      agreed: false,
      agreeingRuns: 3,
    });
    // Four agreeing answers in a row push the disagreement out of the window.
    expect(await store.recordSuccess(REQUEST, "a", 4, 4)).toMatchObject({
      agreed: true,
      agreeingRuns: 4,
    });
  });

  it("tells requests with other param values apart, and never keeps secret values", async () => {
    const france = { ...REQUEST, params: { country: "FR", token: "[secret]" } };
    const germany = { ...REQUEST, params: { country: "DE", token: "[secret]" } };
    await store.recordSuccess(france, "cities(country)", ["Paris"], 4);
    expect(await store.recordSuccess(germany, "cities(country)", ["Berlin"], 4)).toMatchObject({
      entry: { successes: 2 },
      agreed: true,
      agreeingRuns: 1,
    });
    expect((await store.recordSuccess(france, "cities(country)", ["Paris"], 4)).agreeingRuns).toBe(
      2,
    );
    await store.flush();
    expect(Object.keys((await saved()).answers)).toHaveLength(2);
  });

  it("compares outputs as JSON values", async () => {
    expect(outputHash({ a: [1, 2] })).toBe(outputHash({ a: [1, 2] }));
    expect(outputHash([1, 2])).not.toBe(outputHash([2, 1]));
    expect(outputHash(undefined)).toBe(outputHash(null));
  });

  it("writes nothing until it is flushed, then everything at once", async () => {
    await store.recordSuccess(REQUEST, "len(x)", 4, 4);
    await store.recordSuccess(REQUEST, "len(x)", 4, 4);
    await expect(readFile(store.file)).rejects.toMatchObject({ code: "ENOENT" });
    await store.flush();
    const file = await saved();
    expect(Object.values(file.programs)).toMatchObject([{ successes: 2 }]);
    expect(Object.values(file.answers)).toEqual([[outputHash(4), outputHash(4)]]);
    expect((await readdir(path.join(root, ".lackpy"))).sort()).toEqual([
      ".gitignore",
      "ratchet.json",
    ]);
  });

  it("adds its changes to what another process wrote meanwhile, and sees that process's counts", async () => {
    const other = new RatchetStore(root);
    await store.recordSuccess(REQUEST, "len(x)", 4, 4);
    other.recordSuccess(REQUEST, "len(x)", 4, 4);
    other.recordSuccess(REQUEST, "len(x)", 4, 4);
    await other.flush();
    // The file changed: this store reads it again and keeps its own pending success on top.
    expect((await store.recordSuccess(REQUEST, "len(x)", 4, 4)).entry.successes).toBe(4);
    await store.flush();
    expect(Object.values((await saved()).programs)).toMatchObject([{ successes: 4 }]);
  });

  it("records failed promotions until the request is promoted", async () => {
    await store.recordFailure(REQUEST, {
      template: "auto-x",
      program: "len(x)",
      code: "invalid_program",
      message: "'x' is not defined.",
    });
    expect(await store.failures()).toMatchObject([
      { intent: REQUEST.intent, kit: "readonly", template: "auto-x", code: "invalid_program" },
    ]);
    await store.flush();
    expect(await new RatchetStore(root).failures()).toHaveLength(1);
    await store.recordSuccess(REQUEST, "len(x)", 4, 4);
    await store.markPromoted(REQUEST, "len(x)", "auto-x");
    expect(await store.failures()).toEqual([]);
    await store.flush();
    expect(Object.values((await saved()).programs)).toMatchObject([{ promoted: "auto-x" }]);
  });

  it("reads a version 1 file (program entries at the top level) and writes version 2", async () => {
    const v1 = {
      abc: { intent: "x", program: "len(x)", kit: "readonly", successes: 1, lastSuccessAt: "" },
    };
    await writeFile(store.file, JSON.stringify(v1));
    await store.recordSuccess(REQUEST, "len(x)", 4, 4);
    await store.flush();
    const file = await saved();
    expect(file.version).toBe(2);
    expect(file.programs.abc).toEqual(v1.abc);
    expect(Object.values(file.answers)).toEqual([[outputHash(4)]]);
  });

  it("sets a damaged file aside instead of overwriting it", async () => {
    await writeFile(store.file, "{ not json");
    await store.recordSuccess(REQUEST, "len(x)", 4, 4);
    await store.flush();
    const names = await readdir(path.join(root, ".lackpy"));
    expect(names.some((name) => name.startsWith("ratchet.json.damaged-"))).toBe(true);
    expect(Object.values((await saved()).programs)).toMatchObject([{ successes: 1 }]);
  });

  it("remembers the tiers of the latest delegates, at most MAX_RECENT, and the names it promoted", async () => {
    for (let index = 0; index < MAX_RECENT + 5; index++)
      await store.recordDelegate(index % 5 === 0 ? null : "rules", index % 5 !== 0);
    expect(await store.recent()).toHaveLength(MAX_RECENT);
    expect((await store.recent()).at(-1)).toMatchObject({ tier: "rules", success: true });
    await store.recordSuccess(REQUEST, "len(x)", 4, 4);
    expect([...store.promotedTemplates()]).toEqual([]);
    await store.markPromoted(REQUEST, "len(x)", "auto-x");
    expect([...store.promotedTemplates()]).toEqual(["auto-x"]);
    await store.flush();
    expect((await saved()).recent).toHaveLength(MAX_RECENT);
    expect([...new RatchetStore(root).promotedTemplates()]).toEqual(["auto-x"]);
  });

  it("at exit, leaves its changes in a side file when another process holds the lock; the next write merges them", async () => {
    const holder = spawn(process.execPath, [HOLDER, path.join(root, ".lackpy", "write.lock")], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    const exited = once(holder, "exit");
    await once(holder.stdout!, "data");
    await store.recordSuccess(REQUEST, "len(x)", 4, 4);
    await store.recordDelegate("ollama", true);
    store.flushAtExit();
    expect(store.hasPending()).toBe(false);
    const unmerged = path.join(root, ".lackpy", "unmerged");
    expect(await readdir(unmerged)).toEqual([expect.stringMatching(/^ratchet-.*\.json$/)]);
    await expect(readFile(store.file)).rejects.toMatchObject({ code: "ENOENT" });
    holder.stdin!.write("go\n");
    await exited;
    // Another store with nothing of its own to write merges them when it sees them.
    const other = new RatchetStore(root);
    expect(other.hasUnmerged()).toBe(true);
    await other.flush();
    expect(Object.values((await saved()).programs)).toMatchObject([{ successes: 1 }]);
    expect(await other.recent()).toMatchObject([{ tier: "ollama", success: true }]);
    expect((await readdir(path.join(root, ".lackpy"))).sort()).toEqual([
      ".gitignore",
      "ratchet.json",
    ]);
  });

  it("at exit, writes under the lock when it is free, and sets a damaged side file aside", async () => {
    await mkdir(path.join(root, ".lackpy", "unmerged"));
    await writeFile(path.join(root, ".lackpy", "unmerged", "ratchet-1-2-ab.json"), "{ cut");
    await store.recordSuccess(REQUEST, "len(x)", 4, 4);
    store.flushAtExit();
    expect(Object.values((await saved()).programs)).toMatchObject([{ successes: 1 }]);
    expect(await readdir(path.join(root, ".lackpy", "unmerged"))).toEqual([
      "ratchet-1-2-ab.json.damaged",
    ]);
  });

  it("drops what is pending when the workspace is gone, without an error", async () => {
    await store.recordSuccess(REQUEST, "len(x)", 4, 4);
    await rm(root, { recursive: true, force: true });
    await expect(store.flush()).resolves.toBeUndefined();
    await expect(readdir(root)).rejects.toMatchObject({ code: "ENOENT" });
  });
});

const WRITER = fileURLToPath(new URL("../__fixtures__/ratchet-writer.mjs", import.meta.url));

describe("dropCutAnswers", () => {
  /** What a file ends with after the changes: applied as they are, or after the cut. */
  function applied(changes: readonly RatchetChange[]) {
    const file = emptyRatchetFile();
    file.recent = [{ tier: "rules", success: true, at: "2026-01-01T00:00:00.050Z" }];
    for (const change of changes) applyRatchetChange(file, change);
    return file;
  }

  it("leaves the written file as it was, whatever the order of the times, and keeps other changes", () => {
    // Times out of order and repeated (a clock set back), around the file's own delegate.
    const changes: RatchetChange[] = [];
    for (let index = 0; index < 4 * MAX_RECENT; index++) {
      const at = `2026-01-01T00:00:00.${String((index * 37) % 101).padStart(3, "0")}Z`;
      changes.push({ kind: "answered", delegate: { tier: `t${index}`, success: true, at } });
      if (index % 40 === 0)
        changes.push({
          kind: "promoted",
          key: `k${index}`,
          failureKey: `f${index}`,
          template: "x",
        });
    }
    const cut = dropCutAnswers(changes);
    expect(cut.filter((change) => change.kind === "answered")).toHaveLength(MAX_RECENT);
    expect(cut.filter((change) => change.kind === "promoted")).toHaveLength(5);
    expect(applied(cut)).toEqual(applied(changes));
  });

  it("keeps every change while there are at most MAX_RECENT answers", () => {
    const changes: RatchetChange[] = Array.from({ length: MAX_RECENT }, (_, index) => ({
      kind: "answered",
      delegate: {
        tier: null,
        success: false,
        at: `2026-01-01T00:00:${String(index).padStart(2, "0")}Z`,
      },
    }));
    expect(dropCutAnswers(changes)).toEqual(changes);
  });
});

describe("RatchetStore across processes", () => {
  it("loses no success when two processes record and flush at the same time", async () => {
    const runs = 40;
    await Promise.all(
      [0, 1].map(() =>
        promisify(execFile)(process.execPath, [WRITER, root, String(runs)], { timeout: 60_000 }),
      ),
    );
    const file = await saved();
    expect(Object.values(file.programs)).toMatchObject([{ successes: 2 * runs }]);
    expect((await readdir(path.join(root, ".lackpy"))).sort()).toEqual([
      ".gitignore",
      "ratchet.json",
    ]);
  });
});
