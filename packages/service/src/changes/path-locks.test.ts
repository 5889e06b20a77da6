import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { withPathLocks } from "./path-locks.js";

const HOLDER = fileURLToPath(new URL("../__fixtures__/path-lock-holder.mjs", import.meta.url));
const CONTENDER = fileURLToPath(new URL("../__fixtures__/lock-contender.mjs", import.meta.url));
const folders: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function workspace(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-path-locks-"));
  folders.push(root);
  return root;
}

/** Another process holding one file's lock until told to let go. */
async function holder(root: string, file: string, note: string) {
  const child = spawn(process.execPath, [HOLDER, root, file, note], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  children.push(child);
  await once(child.stdout!, "data");
  return child;
}

describe("withPathLocks", () => {
  it("lets changes to different files run at once, and makes a change to the same file wait", async () => {
    const root = await workspace();
    const events: string[] = [];
    let release!: () => void;
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const first = withPathLocks(root, ["a.txt", "b.txt"], "first", async () => {
      events.push("first in");
      entered();
      await new Promise<void>((resolve) => (release = resolve));
      events.push("first out");
    });
    await inside;
    await withPathLocks(root, ["c.txt"], "other file", async () => void events.push("other"));
    const same = withPathLocks(root, ["b.txt"], "same file", async (waited) => {
      events.push("same");
      return waited;
    });
    // However long the same file's change is given, it waits for the first to let go.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await first;
    expect(Object.fromEntries(await same)).toEqual({ "b.txt": "first" });
    expect(events).toEqual(["first in", "other", "first out", "same"]);
  });

  it("queues the changes of one process to one file in order, each told whom it waited for", async () => {
    const root = await workspace();
    const events: string[] = [];
    let release!: () => void;
    const first = withPathLocks(root, ["b.txt"], "first", async () => {
      events.push("first");
      await new Promise<void>((resolve) => (release = resolve));
    });
    const later = ["second", "third", "fourth"].map((note) =>
      withPathLocks(root, ["b.txt"], note, async (waited) => {
        events.push(note);
        // Each holds the file a while: the next one still waits its turn.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return waited.get("b.txt");
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await first;
    expect(await Promise.all(later)).toEqual(["first", "second", "third"]);
    expect(events).toEqual(["first", "second", "third", "fourth"]);
  });

  it("refuses a change waiting behind one of its own process at the timeout, naming that change", async () => {
    const root = await workspace();
    let release!: () => void;
    const first = withPathLocks(root, ["a.txt"], "run 1 (apply_changes)", async () => {
      await new Promise<void>((resolve) => (release = resolve));
    });
    await expect(
      withPathLocks(root, ["a.txt"], "late", async () => "ran", { timeoutMs: 100 }),
    ).rejects.toMatchObject({
      code: "file_busy",
      file: "a.txt",
      message: expect.stringContaining(
        `'a.txt' is being changed by run 1 (apply_changes) (pid ${process.pid})`,
      ),
    });
    // The change that gave up is out of the queue: the next one takes the file after the first.
    release();
    await first;
    expect(await withPathLocks(root, ["a.txt"], "next", async () => "ran", { timeoutMs: 0 })).toBe(
      "ran",
    );
  });

  it("takes over the lock of a holder killed just after it was found alive", async () => {
    const root = await workspace();
    const child = await holder(root, "a.txt", "seen alive");
    await expect(
      withPathLocks(root, ["a.txt"], "early", async () => "ran", { timeoutMs: 50 }),
    ).rejects.toMatchObject({ code: "file_busy" });
    child.kill("SIGKILL");
    await once(child, "exit");
    expect(
      await withPathLocks(root, ["a.txt"], "next", async () => "ran", { timeoutMs: 5_000 }),
    ).toBe("ran");
  });

  it("refuses after the timeout with file_busy naming the file and the change holding it", async () => {
    const root = await workspace();
    const child = await holder(root, "src/a.ts", "run 20260101-000000-ab12cd34 (apply_changes: x)");
    const refused = withPathLocks(root, ["src/a.ts"], "late", async () => "ran", {
      timeoutMs: 200,
    });
    await expect(refused).rejects.toMatchObject({
      code: "file_busy",
      file: "src/a.ts",
      message: expect.stringContaining(
        "'src/a.ts' is being changed by run 20260101-000000-ab12cd34 (apply_changes: x) (pid",
      ),
    });
    expect(await withPathLocks(root, ["src/b.ts"], "free", async () => "ran")).toBe("ran");
    child.stdin!.write("go\n");
    await once(child, "exit");
    expect(await withPathLocks(root, ["src/a.ts"], "after", async () => "ran")).toBe("ran");
  });

  it("takes over at once the lock of a process that was killed holding it", async () => {
    const root = await workspace();
    const child = await holder(root, "a.txt", "killed");
    child.kill("SIGKILL");
    await once(child, "exit");
    expect(await withPathLocks(root, ["a.txt"], "next", async () => "ran", { timeoutMs: 0 })).toBe(
      "ran",
    );
  });

  it("keeps one holder at a time while many processes race to take over the locks of killed ones", async () => {
    const root = await workspace();
    const contenders = Array.from({ length: 5 }, () => {
      const child = spawn(process.execPath, [CONTENDER, root, "a.txt", "60"], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      children.push(child);
      return once(child.stdout!, "data");
    });
    // Holders killed while they hold the lock: each leaves a lock the contenders all judge gone.
    for (let killed = 0; killed < 6; killed++) {
      const child = await holder(root, "a.txt", `killed ${killed}`);
      child.kill("SIGKILL");
      await once(child, "exit");
    }
    await Promise.all(contenders);
    expect(await readFile(path.join(root, "violations"), "utf8").catch(() => "")).toBe("");
  });

  it("gives two paths that reach one file through a link one lock", async () => {
    const root = await workspace();
    await writeFile(path.join(root, "real.txt"), "x");
    await symlink(path.join(root, "real.txt"), path.join(root, "link.txt"));
    const child = await holder(root, "real.txt", "through the real path");
    await expect(
      withPathLocks(root, ["link.txt"], "through the link", async () => "ran", { timeoutMs: 100 }),
    ).rejects.toMatchObject({ code: "file_busy", file: "link.txt" });
    child.stdin!.write("go\n");
    await once(child, "exit");
  });
});
