import { mkdir, mkdtemp, readFile, readdir, rm, rmdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BUILTIN_PROTECTION } from "../protect/protected-paths.js";
import { ToolError } from "../tool-error.js";
import { TEMPORARY_SUFFIX, writeTextFile } from "./write-text-file.js";

const crash = vi.hoisted(() => ({
  rename: false,
  write: false,
  cleanup: false,
  onWrite: null as (() => void) | null,
}));

vi.mock("node:fs/promises", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...original,
    rename: async (from: string, to: string) => {
      if (crash.rename) throw Object.assign(new Error("simulated crash"), { code: "EIO" });
      return original.rename(from, to);
    },
    rm: async (...args: Parameters<typeof original.rm>) => {
      if (crash.cleanup)
        throw Object.assign(new Error(`ENOTDIR: not a directory, rm '${String(args[0])}'`), {
          code: "ENOTDIR",
        });
      return original.rm(...args);
    },
  };
});

// The temporary file is opened and written synchronously (only its flush waits).
vi.mock("node:fs", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:fs")>();
  return {
    ...original,
    openSync: (...args: Parameters<typeof original.openSync>) => {
      const descriptor = original.openSync(...args);
      crash.onWrite?.();
      return descriptor;
    },
    writeFileSync: (...args: Parameters<typeof original.writeFileSync>) => {
      if (crash.write && typeof args[0] === "number") {
        original.writeSync(args[0], "half");
        throw Object.assign(new Error("disk full"), { code: "ENOSPC" });
      }
      return original.writeFileSync(...args);
    },
  };
});

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-atomic-"));
});

afterAll(() => rm(root, { recursive: true, force: true }));

function write(file: string, content: string, signal?: AbortSignal): Promise<number> {
  return writeTextFile(root, file, content, { protection: BUILTIN_PROTECTION, signal });
}

async function failure(promise: Promise<unknown>): Promise<ToolError> {
  try {
    await promise;
  } catch (error) {
    if (ToolError.is(error)) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("writeTextFile", () => {
  it("keeps the original file and leaves no temporary file when the rename fails", async () => {
    await writeFile(path.join(root, "keep.txt"), "original");
    crash.rename = true;
    try {
      const error = await failure(write("keep.txt", "new content"));
      expect(error.code).toBe("write_failed");
      expect(error.message).toMatchInlineSnapshot(`"Could not write 'keep.txt' (EIO)."`);
    } finally {
      crash.rename = false;
    }
    expect(await readFile(path.join(root, "keep.txt"), "utf8")).toBe("original");
    expect((await readdir(root)).filter((file) => file.endsWith(TEMPORARY_SUFFIX))).toEqual([]);
  });

  it("keeps the original file when the write stops half-way", async () => {
    await writeFile(path.join(root, "half.txt"), "original");
    crash.write = true;
    try {
      expect((await failure(write("half.txt", "new content"))).code).toBe("write_failed");
    } finally {
      crash.write = false;
    }
    expect(await readFile(path.join(root, "half.txt"), "utf8")).toBe("original");
    expect(await readdir(root)).toEqual(["half.txt", "keep.txt"]);
  });

  it("removes the folders it created when the write fails", async () => {
    await mkdir(path.join(root, "existing"));
    crash.rename = true;
    try {
      const error = await failure(write("existing/new/deeper/file.txt", "x"));
      expect(error.code).toBe("write_failed");
    } finally {
      crash.rename = false;
    }
    expect(await readdir(path.join(root, "existing"))).toEqual([]);
    await rmdir(path.join(root, "existing"));
  });

  it("reports the real cause when removing the temporary file fails too", async () => {
    crash.rename = true;
    crash.cleanup = true;
    try {
      const error = await failure(write("keep.txt", "other"));
      expect(error.code).toBe("write_failed");
      expect(error.message).toMatchInlineSnapshot(
        `"Could not write 'keep.txt' (EIO). A temporary file ending in .lackpy-tmp could not be removed from its folder."`,
      );
      expect(error.message).not.toContain(root);
    } finally {
      crash.rename = false;
      crash.cleanup = false;
    }
    for (const file of await readdir(root))
      if (file.endsWith(TEMPORARY_SUFFIX)) await rm(path.join(root, file));
  });

  it("refuses to rename once the call's signal is aborted, leaving nothing behind", async () => {
    const controller = new AbortController();
    crash.onWrite = () => controller.abort();
    try {
      const error = await failure(write("late/aborted.txt", "late", controller.signal));
      expect(error.code).toBe("aborted");
      expect(error.message).toMatchInlineSnapshot(
        `"The tool call ended (it timed out, or its run ended or was cancelled) before 'late/aborted.txt' was written; nothing was changed."`,
      );
    } finally {
      crash.onWrite = null;
    }
    expect(await readdir(root)).toEqual(["half.txt", "keep.txt"]);
    expect((await failure(write("keep.txt", "late", controller.signal))).code).toBe("aborted");
    expect(await readFile(path.join(root, "keep.txt"), "utf8")).toBe("original");
  });

  it("writes when nothing fails", async () => {
    expect(await write("keep.txt", "new")).toBe(3);
    expect(await readFile(path.join(root, "keep.txt"), "utf8")).toBe("new");
  });
});
