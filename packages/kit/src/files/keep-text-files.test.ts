import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "../__fixtures__/create-workspace.js";
import { createFileTools } from "./create-file-tools.js";
import { FileStaging } from "./file-staging.js";

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-text-files-"));
  await mkdir(path.join(root, "src"));
  await writeFile(path.join(root, "README.md"), "# readme\n");
  await writeFile(path.join(root, "empty.txt"), "");
  await writeFile(path.join(root, "src/app.ts"), "const a = 1\n");
  await writeFile(path.join(root, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
  // A NUL past the first 8 KiB: read_file reads it as text, so it is kept.
  await writeFile(
    path.join(root, "late-nul.txt"),
    Buffer.concat([Buffer.alloc(9000, 0x61), Buffer.from([0])]),
  );
  await writeFile(path.join(root, "big.log"), "x".repeat(2000));
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe("find_files with { text: true }", () => {
  it("lists only the files read_file reads as text: no NUL in the first 8 KiB, within its size limit", async () => {
    const files = createFileTools(root, { maxReadBytes: 1000 });
    expect(await files.find_files("**/*")).toEqual([
      "README.md",
      "big.log",
      "empty.txt",
      "late-nul.txt",
      "logo.png",
      "src/app.ts",
    ]);
    expect(await files.find_files("**/*", { text: true })).toEqual([
      "README.md",
      "empty.txt",
      "src/app.ts",
    ]);
    expect(await createFileTools(root).find_files("**/*", { text: true })).toEqual([
      "README.md",
      "big.log",
      "empty.txt",
      "late-nul.txt",
      "src/app.ts",
    ]);
    for (const file of await files.find_files("**/*", { text: true }))
      expect(typeof (await files.read_file(file))).toBe("string");
  });

  it("judges a file the run staged by its staged content", async () => {
    const files = createFileTools(root);
    const context = { staging: new FileStaging() };
    await files.write_file.call(context, "README.md", "now \u0000 binary");
    await files.write_file.call(context, "src/new.ts", "export {}\n");
    expect(await files.find_files.call(context, "**/*", { text: true })).toEqual([
      "big.log",
      "empty.txt",
      "late-nul.txt",
      "src/app.ts",
      "src/new.ts",
    ]);
  });

  it.each([
    [{ text: "yes" }, "text must be true or false"],
    [{ txt: true }, "no option 'txt'"],
  ])("refuses %j", async (options, message) => {
    const error = await refusal(createFileTools(root).find_files("**/*", options));
    expect(error).toMatchObject({ code: "invalid_argument", retriable: true });
    expect(error.message).toContain(message);
    expect(error.hint).toContain("{ text: true }");
  });
});
