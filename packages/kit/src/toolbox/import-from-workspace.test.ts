import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFromWorkspace } from "./import-from-workspace.js";

let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-import-"));
  const client = path.join(workspace, "node_modules", "lackpy-fake-client");
  await mkdir(path.join(client, "dist"), { recursive: true });
  await writeFile(
    path.join(client, "package.json"),
    JSON.stringify({ name: "lackpy-fake-client", exports: { "./browser": "./dist/browser.mjs" } }),
  );
  await writeFile(
    path.join(client, "dist", "browser.mjs"),
    "export class Client { kind = 'esm' }\n",
  );
});

afterAll(() => rm(workspace, { recursive: true, force: true }));

describe("importFromWorkspace", () => {
  it("loads a package (an ES module here) from the workspace's node_modules", async () => {
    const module = (await importFromWorkspace(workspace)("lackpy-fake-client/browser")) as {
      Client: new () => { kind: string };
    };
    expect(new module.Client().kind).toBe("esm");
  });

  it("rejects like require for a package the workspace lacks", async () => {
    await expect(importFromWorkspace(workspace)("lackpy-no-such-client")).rejects.toMatchObject({
      code: "MODULE_NOT_FOUND",
      message: expect.stringContaining("'lackpy-no-such-client'"),
    });
  });

  it("never resolves a package through the workspace's own package.json, which a program may write", async () => {
    const planted = await mkdtemp(path.join(os.tmpdir(), "lackpy-import-planted-"));
    try {
      await writeFile(
        path.join(planted, "package.json"),
        JSON.stringify({ name: "lackpy-planted", exports: { "./browser": "./evil.mjs" } }),
      );
      await writeFile(path.join(planted, "evil.mjs"), "export const Client = 'planted'\n");
      await expect(importFromWorkspace(planted)("lackpy-planted/browser")).rejects.toMatchObject({
        code: "MODULE_NOT_FOUND",
      });
    } finally {
      await rm(planted, { recursive: true, force: true });
    }
  });
});
