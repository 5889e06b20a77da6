import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ToolError } from "./tool-error.js";
import { TEMPORARY_SUFFIX, writeTextFile } from "./write-text-file.js";

const crash = vi.hoisted(() => ({ rename: false, write: false }));

vi.mock("node:fs/promises", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...original,
    rename: async (from: string, to: string) => {
      if (crash.rename) throw Object.assign(new Error("simulated crash"), { code: "EIO" });
      return original.rename(from, to);
    },
    open: async (...args: Parameters<typeof original.open>) => {
      const handle = await original.open(...args);
      if (!crash.write) return handle;
      return Object.assign(Object.create(handle) as typeof handle, {
        writeFile: async () => {
          await handle.write("half");
          throw Object.assign(new Error("disk full"), { code: "ENOSPC" });
        },
        close: () => handle.close(),
      });
    },
  };
});

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-atomic-"));
});

afterAll(() => rm(root, { recursive: true, force: true }));

async function failure(promise: Promise<unknown>): Promise<ToolError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("writeTextFile", () => {
  it("keeps the original file and leaves no temporary file when the rename fails", async () => {
    await writeFile(path.join(root, "keep.txt"), "original");
    crash.rename = true;
    try {
      const error = await failure(writeTextFile(root, "keep.txt", "new content"));
      expect(error.code).toBe("write_failed");
      expect(error.message).toMatchInlineSnapshot(`"Could not write 'keep.txt': simulated crash."`);
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
      expect((await failure(writeTextFile(root, "half.txt", "new content"))).code).toBe(
        "write_failed",
      );
    } finally {
      crash.write = false;
    }
    expect(await readFile(path.join(root, "half.txt"), "utf8")).toBe("original");
    expect(await readdir(root)).toEqual(["half.txt", "keep.txt"]);
  });

  it("writes when nothing fails", async () => {
    expect(await writeTextFile(root, "keep.txt", "new")).toBe(3);
    expect(await readFile(path.join(root, "keep.txt"), "utf8")).toBe("new");
  });
});
