import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { closeWorkerPool } from "@lackpy/run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LackpyService } from "../lackpy-service.js";
import { ServiceError } from "../service-error.js";
import { testSchema, type TestSchema } from "../__fixtures__/test-postgres.mjs";

/**
 * Issue 35: a clone never trusted set `[store] workspace = "acme-api"`; with the person's own
 * `LACKPY_STORE_URL`, it listed, exported and ran acme-api's templates and raised their failure
 * counts. A key from the workspace's config counts only once that config is trusted; the
 * person's `LACKPY_STORE_WORKSPACE` always does; and the store itself refuses a key the caller
 * being served may not use.
 */
let schema: TestSchema | null = null;
const folders: string[] = [];

beforeAll(async () => {
  schema = await testSchema("workspace_key");
  if (!schema) return;
  // acme-api's own template, in the shared store.
  const acme = await workspace("");
  const service = await LackpyService.open({
    workspace: acme,
    env: { LACKPY_STORE_URL: schema.url, LACKPY_STORE_WORKSPACE: "acme-api" },
  });
  await service.create("len(find_files('**'))", {
    name: "acme-secret",
    pattern: "count acme files",
  });
  await service.close();
});

afterAll(async () => {
  await closeWorkerPool();
  await schema?.drop();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function workspace(config: string): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-store-key-"));
  folders.push(root);
  await mkdir(path.join(root, ".lackpy"));
  await writeFile(
    path.join(root, ".lackpy", "config.toml"),
    `[run]\nmode = "in-process"\n${config}`,
  );
  return root;
}

describe("a shared store's workspace key", () => {
  it("from an untrusted clone's config reads, runs and counts nothing of that workspace", async (context) => {
    if (!schema) return context.skip();
    const clone = await workspace('[store]\nworkspace = "acme-api"\n');
    const service = await LackpyService.open({
      workspace: clone,
      env: { LACKPY_STORE_URL: schema.url },
    });
    try {
      const refused = await service.templates().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ServiceError);
      expect(refused).toMatchObject({
        code: "untrusted_config",
        message: expect.stringContaining('[store] workspace = "acme-api"'),
      });
      expect((refused as ServiceError).hint).toMatch(/lackpy trust .*LACKPY_STORE_WORKSPACE/);
      await expect(service.delegate("count acme files")).rejects.toMatchObject({
        code: "untrusted_config",
      });
      const status = await service.status();
      expect(status.store).toMatchObject({ backend: "postgres", workspace: "acme-api" });
      expect(status.store.error).toMatch(/nobody trusted this config yet.*lackpy trust/);
      expect(status.templates).toBe(0);
      // Once the person trusts the config, the key is theirs.
      await service.trust();
      const trusted = await LackpyService.open({
        workspace: clone,
        env: { LACKPY_STORE_URL: schema.url },
      });
      try {
        expect((await trusted.templates()).map((template) => template.name)).toEqual([
          "acme-secret",
        ]);
      } finally {
        await trusted.close();
      }
    } finally {
      await service.close();
    }
  });

  it("from the person's LACKPY_STORE_WORKSPACE counts without trust", async (context) => {
    if (!schema) return context.skip();
    const clone = await workspace('[store]\nworkspace = "someone-else"\n');
    const service = await LackpyService.open({
      workspace: clone,
      env: { LACKPY_STORE_URL: schema.url, LACKPY_STORE_WORKSPACE: "acme-api" },
    });
    try {
      expect((await service.templates()).map((template) => template.name)).toEqual(["acme-secret"]);
    } finally {
      await service.close();
    }
  });

  it("is enforced by the store itself for the caller being served", async (context) => {
    if (!schema) return context.skip();
    let allowed: string[] = ["other-project"];
    const service = await LackpyService.open({
      workspace: await workspace(""),
      env: { LACKPY_STORE_URL: schema.url, LACKPY_STORE_WORKSPACE: "acme-api" },
      storeAccess: (key) => {
        if (!allowed.includes(key))
          throw new ServiceError(
            "forbidden_workspace",
            `This token may not use the workspace '${key}'.`,
          );
      },
    });
    try {
      await expect(service.templates()).rejects.toMatchObject({ code: "forbidden_workspace" });
      await expect(service.delegate("count acme files")).rejects.toMatchObject({
        code: "forbidden_workspace",
      });
      allowed = ["acme-api"];
      expect((await service.delegate("count acme files")).tier).toBe("templates");
    } finally {
      await service.close();
    }
  });
});
