import { readdirSync } from "node:fs";
import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withFileLockSync } from "./file-lock.js";

let directory: string;
let lock: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), "lackpy-lock-"));
  lock = path.join(directory, "write.lock");
});
afterEach(() => rm(directory, { recursive: true, force: true }));

describe("withFileLockSync", () => {
  it("holds the lock file while the work runs, and removes it after, also when the work throws", async () => {
    // Inside the lock, the lock file exists.
    expect(withFileLockSync(lock, () => readdirSync(directory))).toEqual(["write.lock"]);
    expect(() =>
      withFileLockSync(lock, () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(await readdir(directory)).toEqual([]);
  });

  it("waits for a held lock, and says who holds it when it waits too long", async () => {
    await writeFile(lock, "123 now\n");
    expect(() => withFileLockSync(lock, () => 1, { timeoutMs: 50 })).toThrow(
      expect.objectContaining({
        code: "workspace_locked",
        message: `Another lackpy process has held ${path.basename(directory)}/write.lock for over 50 ms.`,
      }),
    );
  });

  it("takes over a lock left by a process that died", async () => {
    await writeFile(lock, "123 long ago\n");
    const old = new Date(Date.now() - 60_000);
    await utimes(lock, old, old);
    expect(withFileLockSync(lock, () => "ran", { timeoutMs: 50 })).toBe("ran");
    expect(await readdir(directory)).toEqual([]);
  });
});
