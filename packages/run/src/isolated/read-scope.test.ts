import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readScope } from "./read-scope.js";

let root: string;

/** Writes `text` at `file` under the root, making its folders. */
async function put(file: string, text = ""): Promise<string> {
  const full = path.join(root, file);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, text);
  return full;
}

beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), "lackpy-scope-")));
  await put("cli/package.json", JSON.stringify({ dependencies: { engine: "1" } }));
  await put("cli/node_modules/engine/package.json", JSON.stringify({}));
  await put("cli/dist/bin/child-entry.cjs");
  await put("cli/dist/bin/child-read-file.js");
  await put("plugin/package.json", JSON.stringify({ dependencies: {} }));
  await put("plugin/tool.js");
  await mkdir(path.join(root, "workspace"));
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe("readScope", () => {
  const at = (...parts: string[]) => path.join(root, ...parts);

  it("holds the read roots, and the packages of the entry and its modules with their dependencies", () => {
    const scope = readScope(
      at("cli/dist/bin/child-entry.cjs"),
      [at("cli/dist/bin/child-read-file.js")],
      [at("workspace")],
    );
    expect(scope.folders).toEqual([at("cli"), at("cli/node_modules/engine"), at("workspace")]);
  });

  it("holds only the entry's folder for a bundle's child and the modules beside it", () => {
    const scope = readScope(
      at("cli/dist/bin/child-entry.cjs"),
      [at("cli/dist/bin/child-read-file.js")],
      [at("workspace")],
      true,
    );
    expect(scope.folders).toEqual([at("cli/dist/bin"), at("workspace")]);
    expect(scope.key).toBe(scope.folders.join("\u0000"));
  });

  it("still brings the package of a bundle's module that lies elsewhere", () => {
    const scope = readScope(
      at("cli/dist/bin/child-entry.cjs"),
      [at("plugin/tool.js")],
      [at("workspace")],
      true,
    );
    expect(scope.folders).toEqual([at("cli/dist/bin"), at("plugin"), at("workspace")]);
  });
});
