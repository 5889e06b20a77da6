import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, symlink, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tryFileLockSync, withFileLock } from "./file-lock.js";

const HOLDER = fileURLToPath(new URL("../__fixtures__/lock-holder.mjs", import.meta.url));

let directory: string;
let lock: string;
const children: ChildProcess[] = [];
beforeEach(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), "lackpy-lock-"));
  lock = path.join(directory, "write.lock");
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  await rm(directory, { recursive: true, force: true });
});

/** A child process that holds the lock (with the real lock code) until it is told to let go, or killed. */
async function holder(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [HOLDER, lock], { stdio: ["pipe", "pipe", "inherit"] });
  children.push(child);
  const [line] = (await once(child.stdout!, "data")) as [Buffer];
  expect(line.toString()).toBe("locked\n");
  return child;
}

/** The pid of a process that has ended (and been reaped). */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await once(child, "exit");
  return child.pid!;
}

/** This process's start time as the lock writes it (Linux), read from `/proc`. */
function ownStart(): string {
  const text = readFileSync("/proc/self/stat", "utf8");
  return text.slice(text.lastIndexOf(")") + 2).split(" ")[19];
}

const owner = (fields: Record<string, unknown>) =>
  JSON.stringify({ host: os.hostname(), start: null, token: "left-behind", ...fields });

describe("withFileLock", () => {
  it("holds the lock file while the work runs, and removes it after, also when the work throws", async () => {
    // Inside the lock, the lock file exists and names this process.
    expect(await withFileLock(lock, () => readdirSync(directory))).toEqual(["write.lock"]);
    await withFileLock(lock, () =>
      expect(JSON.parse(readFileSync(lock, "utf8"))).toMatchObject({ pid: process.pid }),
    );
    await expect(
      withFileLock(lock, () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(tryFileLockSync(lock, () => "ran")).toEqual({ acquired: true, value: "ran" });
    expect(await readdir(directory)).toEqual([]);
  });

  it("waits for a live holder without blocking the event loop, and gets the lock when it lets go", async () => {
    const child = await holder();
    const exited = once(child, "exit");
    let ticks = 0;
    // The holder lets go only after this interval fired three times during the wait: a wait
    // that blocked the event loop would never see it let go, and would end in workspace_locked.
    const interval = setInterval(() => {
      if (++ticks === 3) child.stdin!.write("go\n");
    }, 20);
    try {
      const ticksInside = await withFileLock(lock, () => ticks, { timeoutMs: 30_000 });
      expect(ticksInside).toBeGreaterThanOrEqual(3);
    } finally {
      clearInterval(interval);
    }
    await exited;
    expect(await readdir(directory)).toEqual([]);
  });

  it("says who holds a live lock when it waits too long, and tryFileLockSync never waits for it", async () => {
    const child = await holder();
    await expect(withFileLock(lock, () => 1, { timeoutMs: 50 })).rejects.toMatchObject({
      code: "workspace_locked",
      message: `Another lackpy process (pid ${child.pid}) has held ${path.basename(directory)}/write.lock for over 50 ms.`,
      hint: expect.stringContaining("taken over at once"),
    });
    expect(tryFileLockSync(lock, () => "ran")).toEqual({
      acquired: false,
      holder: `pid ${child.pid}`,
    });
  });

  it("takes over at once a lock left by a process that was SIGKILLed while holding it", async () => {
    const child = await holder();
    child.kill("SIGKILL");
    await once(child, "exit");
    expect(JSON.parse(readFileSync(lock, "utf8"))).toMatchObject({ pid: child.pid });
    // timeoutMs 0: any wait would be a workspace_locked error.
    expect(await withFileLock(lock, () => "ran", { timeoutMs: 0 })).toBe("ran");
    expect(await readdir(directory)).toEqual([]);
  });

  const dead: [string, () => Promise<string>, boolean][] = [
    ["a pid that has ended", async () => owner({ pid: await endedPid() }), true],
    [
      "a live pid that is another process now (pid reuse: another start time)",
      async () => owner({ pid: process.pid, start: "1" }),
      process.platform === "linux",
    ],
  ];
  it.each(dead.filter(([, , runs]) => runs))(
    "takes over at once a lock whose owner is %s",
    async (_name, text) => {
      await writeFile(lock, await text());
      expect(await withFileLock(lock, () => "ran", { timeoutMs: 0 })).toBe("ran");
      await writeFile(lock, await text());
      expect(tryFileLockSync(lock, () => "ran")).toEqual({ acquired: true, value: "ran" });
      expect(await readdir(directory)).toEqual([]);
    },
  );

  const unchecked: [string, () => string][] = [
    ["an older lackpy's lock file", () => "123 2026-01-01T00:00:00.000Z\n"],
    ["a lock file being written (empty)", () => ""],
    ["a lock of another host", () => owner({ pid: 1, host: `not-${os.hostname()}`, start: "5" })],
    [
      "this very process, still working",
      () => owner({ pid: process.pid, start: ownStartOrNull() }),
    ],
  ];
  it.each(unchecked)(
    "waits for %s until its lease ends, then takes it over",
    async (_name, text) => {
      await writeFile(lock, text());
      await expect(withFileLock(lock, () => 1, { timeoutMs: 0 })).rejects.toMatchObject({
        code: "workspace_locked",
      });
      expect(tryFileLockSync(lock, () => 1)).toMatchObject({ acquired: false });
      const old = new Date(Date.now() - 60_000);
      await utimes(lock, old, old);
      expect(await withFileLock(lock, () => "ran", { timeoutMs: 0 })).toBe("ran");
      expect(await readdir(directory)).toEqual([]);
    },
  );
});

/**
 * Lock paths a cloned repository can bring that are no lock lackpy made: reading one as a lock
 * would block on a pipe or a terminal, or read forever. Each is taken over at once (the link
 * itself moved aside, its target untouched), by the waiting lock and by the one that never waits.
 */
const NOT_LOCKS: [string, (lockPath: string) => Promise<void>][] = [
  ["a symlink to standard input (a terminal or the MCP pipe)", (at) => symlink("/dev/stdin", at)],
  ["a symlink to /dev/zero (an endless read)", (at) => symlink("/dev/zero", at)],
  [
    "a symlink to a FIFO",
    async (at) => {
      execFileSync("mkfifo", [`${at}.fifo`]);
      await symlink(`${at}.fifo`, at);
    },
  ],
  ["a FIFO", async (at) => void execFileSync("mkfifo", [at])],
  ["a dangling symlink", (at) => symlink("/nonexistent/lock", at)],
  [
    "a symlink to a live holder's lock file, elsewhere",
    async (at) => {
      await writeFile(`${at}.elsewhere`, owner({ pid: process.pid, start: ownStartOrNull() }));
      await symlink(`${at}.elsewhere`, at);
    },
  ],
];

describe.skipIf(process.platform === "win32")("withFileLock: lock paths that are not files", () => {
  it.each(NOT_LOCKS)("takes over %s at once, and never reads through it", async (_name, plant) => {
    await plant(lock);
    const extra = (await readdir(directory)).filter((name) => name !== "write.lock");
    expect(await withFileLock(lock, () => "ran", { timeoutMs: 0 })).toBe("ran");
    await plant(lock).catch(() => undefined);
    expect(tryFileLockSync(lock, () => "ran")).toEqual({ acquired: true, value: "ran" });
    expect((await readdir(directory)).sort()).toEqual(extra.sort());
  });

  it("leaves a folder planted as the lock aside, and still locks (control: nothing is removed recursively)", async () => {
    await mkdir(path.join(lock, "inner"), { recursive: true });
    await writeFile(path.join(lock, "inner", "data.txt"), "kept");
    expect(await withFileLock(lock, () => "ran", { timeoutMs: 0 })).toBe("ran");
    const aside = (await readdir(directory)).filter((name) => name.startsWith("write.lock.stale-"));
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(directory, aside[0], "inner", "data.txt"), "utf8")).toBe("kept");
  });
});

function ownStartOrNull(): string | null {
  return process.platform === "linux" ? ownStart() : null;
}
