import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceOf } from "../__fixtures__/create-workspace.js";
import { findFiles } from "./find-files.js";
import { BUILTIN_PROTECTION } from "../protect/protected-paths.js";
import { createFileTools } from "./create-file-tools.js";

let root: string;
const options = { maxFindResults: 100, protection: BUILTIN_PROTECTION };

/** A workspace with visible, hidden (closed) and sealed files. */
const FILES: Record<string, string> = {
  "index.js": "x",
  ".runkit_example.js": "hidden file at the top",
  "lib/llhttp/.gitkeep": "",
  ".vscode/settings.json": "{}",
  ".github/workflows/ci.yml": "on: push",
  ".env": "SECRET=1",
  ".env.local": "SECRET=2",
  ".npmrc": "//registry/:_authToken=x",
  ".git/config": "[core]",
  ".lackpy/config.toml": "",
  "lib/.secrets/.env.production": "SECRET=3",
};

let remove: () => Promise<void>;

beforeAll(async () => {
  ({ root, remove } = await workspaceOf(FILES));
});

afterAll(() => remove());

describe("find_files { hidden: true }", () => {
  it("leaves hidden names out by default", async () => {
    expect(await findFiles(root, "**/*", options)).toEqual([
      ".github/workflows/ci.yml",
      "index.js",
    ]);
  });

  it("lists hidden names too, and never a sealed one", async () => {
    expect(await findFiles(root, "**/*", options, { hidden: true })).toEqual([
      ".github/workflows/ci.yml",
      ".runkit_example.js",
      ".vscode/settings.json",
      "index.js",
      "lib/llhttp/.gitkeep",
    ]);
  });

  it("looks into a hidden folder the pattern names, but never a sealed one", async () => {
    expect(await findFiles(root, ".vscode/*", options, { hidden: true })).toEqual([
      ".vscode/settings.json",
    ]);
    await expect(findFiles(root, ".vscode/*", options)).rejects.toMatchObject({
      code: "closed_path",
    });
    for (const sealed of [".git/*", ".lackpy/**"])
      await expect(findFiles(root, sealed, options, { hidden: true })).rejects.toMatchObject({
        code: "protected_path",
      });
    // A closed folder is entered; the sealed file in it stays out.
    expect(await findFiles(root, "lib/.secrets/*", options, { hidden: true })).toEqual([]);
    expect(await findFiles(root, "**/.env*", options, { hidden: true })).toEqual([]);
    expect(await findFiles(root, "**/.npmrc", options, { hidden: true })).toEqual([]);
  });

  it("refuses { text: true } with { hidden: true }, since telling text apart reads the file", async () => {
    await expect(
      findFiles(root, "**/*", options, { hidden: true, text: true }),
    ).rejects.toMatchObject({ code: "invalid_argument" });
  });

  it("keeps a listed hidden file closed for reading", async () => {
    const tools = createFileTools(root);
    const listed = await tools.find_files("**/*.js", { hidden: true });
    expect(listed).toContain(".runkit_example.js");
    await expect(
      Promise.resolve().then(() => tools.read_file(".runkit_example.js")),
    ).rejects.toMatchObject({
      code: "closed_path",
    });
  });
});
