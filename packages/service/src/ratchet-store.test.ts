import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { outputHash, RatchetStore } from "./ratchet-store.js";

let root: string;
let store: RatchetStore;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-ratchet-"));
  await mkdir(path.join(root, ".lackpy"));
  store = new RatchetStore(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const INTENT = "how many lines in README.md";

describe("RatchetStore", () => {
  it("counts successes per normalised intent, kit and program", async () => {
    await store.recordSuccess(INTENT, "len(x)", "readonly", 4, 4);
    const second = await store.recordSuccess(
      "How many lines in README.md?",
      "len(x)",
      "readonly",
      4,
      4,
    );
    expect(second).toMatchObject({ entry: { successes: 2, program: "len(x)" }, agreed: true });
    const otherKit = await store.recordSuccess(INTENT, "len(x)", "files", 4, 4);
    expect(otherKit.entry.successes).toBe(1);
  });

  it("agrees only when the intent's latest answers, of any program, had the same output", async () => {
    expect((await store.recordSuccess(INTENT, "a", "readonly", 4, 4)).agreed).toBe(true);
    // Another program with the same output keeps the agreement.
    expect((await store.recordSuccess(INTENT, "b", "readonly", 4, 4)).agreed).toBe(true);
    // A different output breaks it, for this answer and the next ones inside the window.
    expect((await store.recordSuccess(INTENT, "wrong", "readonly", 5, 4)).agreed).toBe(false);
    expect((await store.recordSuccess(INTENT, "a", "readonly", 4, 4)).agreed).toBe(false);
    expect((await store.recordSuccess(INTENT, "a", "readonly", 4, 4)).agreed).toBe(false);
    expect((await store.recordSuccess(INTENT, "a", "readonly", 4, 4)).agreed).toBe(false);
    // Four agreeing answers in a row push the disagreement out of the window.
    expect((await store.recordSuccess(INTENT, "a", "readonly", 4, 4)).agreed).toBe(true);
  });

  it("compares outputs as JSON values", () => {
    expect(outputHash({ a: [1, 2] })).toBe(outputHash({ a: [1, 2] }));
    expect(outputHash([1, 2])).not.toBe(outputHash([2, 1]));
    expect(outputHash(undefined)).toBe(outputHash(null));
  });

  it("reads a version 1 file (program entries at the top level) and writes version 2", async () => {
    const v1 = {
      abc: { intent: "x", program: "len(x)", kit: "readonly", successes: 1, lastSuccessAt: "" },
    };
    await writeFile(store.file, JSON.stringify(v1));
    await store.recordSuccess(INTENT, "len(x)", "readonly", 4, 4);
    const saved = JSON.parse(await readFile(store.file, "utf8"));
    expect(saved.version).toBe(2);
    expect(saved.programs.abc).toEqual(v1.abc);
    expect(Object.values(saved.answers)).toEqual([[outputHash(4)]]);
  });

  it("sets a damaged file aside instead of overwriting it", async () => {
    await writeFile(store.file, "{ not json");
    await store.recordSuccess(INTENT, "len(x)", "readonly", 4, 4);
    const names = await readdir(path.join(root, ".lackpy"));
    expect(names.some((name) => name.startsWith("ratchet.json.damaged-"))).toBe(true);
  });
});
