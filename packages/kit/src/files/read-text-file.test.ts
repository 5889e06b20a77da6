import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "../__fixtures__/create-workspace.js";
import { BUILTIN_PROTECTION } from "../protect/protected-paths.js";
import { readTextFile, SYNC_READ_BYTES } from "./read-text-file.js";

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-read-"));
});

afterAll(() => rm(root, { recursive: true, force: true }));

async function read(file: string, maxReadBytes = 10 * 1024 * 1024): Promise<string> {
  return readTextFile(root, file, { maxReadBytes, protection: BUILTIN_PROTECTION });
}

/** Text of `length` bytes whose every line differs, so a chunk read twice or skipped shows. */
function numberedText(length: number): string {
  let text = "";
  for (let line = 0; text.length < length; line++) text += `line ${line}\n`;
  return text.slice(0, length);
}

describe("readTextFile", () => {
  it.each([
    ["empty", 0],
    ["one byte", 1],
    ["just under the synchronous read", SYNC_READ_BYTES - 1],
    ["exactly the synchronous read", SYNC_READ_BYTES],
    ["one byte over it", SYNC_READ_BYTES + 1],
    ["several chunks", 3 * SYNC_READ_BYTES + 12_345],
  ])("reads a file of %s (%i bytes) whole", async (_name, length) => {
    const text = numberedText(length);
    await writeFile(path.join(root, "sized.txt"), text);
    expect(await read("sized.txt")).toBe(text);
  });

  it("reads a file of exactly the limit and refuses one byte more", async () => {
    const text = numberedText(SYNC_READ_BYTES + 7);
    await writeFile(path.join(root, "limit.txt"), text);
    expect(await read("limit.txt", text.length)).toBe(text);
    expect(await refusal(read("limit.txt", text.length - 1))).toMatchObject({
      code: "too_large",
      message: `'limit.txt' is ${text.length} bytes; read_file reads files up to ${text.length - 1} bytes.`,
    });
  });

  it("decodes UTF-8 that spans the synchronous and asynchronous reads", async () => {
    const text = `${"a".repeat(SYNC_READ_BYTES - 1)}é€😀 end`;
    await writeFile(path.join(root, "utf8.txt"), text);
    expect(await read("utf8.txt")).toBe(text);
  });

  it.skipIf(process.platform === "win32")(
    "refuses a FIFO without opening it, so the call never blocks",
    async () => {
      execFileSync("mkfifo", [path.join(root, "pipe")]);
      expect(await refusal(read("pipe"))).toMatchObject({
        code: "not_a_file",
        message: "'pipe' is not a regular file.",
      });
    },
  );
});
