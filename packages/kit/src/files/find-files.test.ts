import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "../__fixtures__/create-workspace.js";
import { findFiles } from "./find-files.js";
import { BUILTIN_PROTECTION } from "../protect/protected-paths.js";

let root: string;
const FILES: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-find-"));
  for (const top of ["a", "b", "c"])
    for (const middle of ["x", "y"])
      for (const name of ["one.ts", "two.md"]) {
        const file = `${top}/${middle}/${name}`;
        await mkdir(path.join(root, top, middle), { recursive: true });
        await writeFile(path.join(root, file), file);
        FILES.push(file);
      }
  await mkdir(path.join(root, ".git/objects"), { recursive: true });
  await writeFile(path.join(root, ".git/objects/one.ts"), "x");
  FILES.sort();
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe("findFiles", () => {
  it.each([0, 1, 1000])(
    "finds the same files when it lets the event loop run every %i ms",
    async (sliceMs) => {
      const options = { maxFindResults: 100, protection: BUILTIN_PROTECTION, sliceMs };
      expect(await findFiles(root, "**", options)).toEqual(FILES);
      expect(await findFiles(root, "**/*.ts", options)).toEqual(
        FILES.filter((file) => file.endsWith(".ts")),
      );
      expect(await findFiles(root, "b/*/two.md", options)).toEqual(["b/x/two.md", "b/y/two.md"]);
    },
  );

  it("lets the event loop run during a long walk, so its call can be aborted meanwhile", async () => {
    const controller = new AbortController();
    setImmediate(() => controller.abort());
    const error = await refusal(
      findFiles(root, "**", {
        maxFindResults: 100,
        protection: BUILTIN_PROTECTION,
        signal: controller.signal,
        sliceMs: 0,
      }),
    );
    expect(error.code).toBe("aborted");
  });

  it("refuses too many results however the walk is sliced", async () => {
    const options = { maxFindResults: 11, protection: BUILTIN_PROTECTION, sliceMs: 0 };
    expect((await refusal(findFiles(root, "**", options))).code).toBe("too_many_results");
    expect(await findFiles(root, "**", { ...options, maxFindResults: 12 })).toHaveLength(12);
  });
});
