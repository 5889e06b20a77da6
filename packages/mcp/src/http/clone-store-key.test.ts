import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { LackpyService } from "@lackpy/service";
import { closeWorkerPool } from "@lackpy/run/node";
import { afterAll, describe, expect, it } from "vitest";
import { post } from "./__fixtures__/test-server.js";
import { serveHttp, type HttpServerHandle } from "./serve-http.js";

/**
 * Issue 35: the HTTP server named a served folder by its config's `[store] workspace`, so a clone
 * nobody trusted that claims `acme-api` was what a token limited to `acme-api` reached. The name
 * is the store key only once that key counts (decision 87); until then, the folder's name. The
 * store URL is never reached here: naming a workspace connects to nothing.
 */
const TOKEN = "tok-0123456789abcdef-ACME";
const STORE_URL = "postgres://lackpy@127.0.0.1:9/never";
const folders: string[] = [];
const servers: HttpServerHandle[] = [];

afterAll(async () => {
  for (const server of servers) await server.close();
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function serveClone(env: Record<string, string>): Promise<HttpServerHandle> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-clone-key-"));
  folders.push(root);
  await mkdir(path.join(root, ".lackpy"));
  await writeFile(
    path.join(root, ".lackpy", "config.toml"),
    '[run]\nmode = "in-process"\n\n[store]\nworkspace = "acme-api"\n',
  );
  const server = await serveHttp({
    workspaces: [root],
    port: 0,
    tokens: [{ token: TOKEN, workspaces: ["acme-api"] }],
    log: { info() {}, warn() {}, error() {} },
    openService: (workspace, more) =>
      LackpyService.open({
        workspace,
        env: { XDG_STATE_HOME: process.env.XDG_STATE_HOME ?? "", ...env },
        ...more,
      }),
  });
  servers.push(server);
  return server;
}

describe("a clone's [store] workspace key, served over HTTP", () => {
  it("does not name the folder before anyone trusted the config", async () => {
    const server = await serveClone({ LACKPY_STORE_URL: STORE_URL });
    const folderName = server.workspaces[0]!;
    expect(folderName).toMatch(/^lackpy-clone-key-/);
    const claimed = await post(`${server.url}/mcp/acme-api`, "{}", {
      authorization: `Bearer ${TOKEN}`,
    });
    expect(claimed.status).toBe(404);
    const body = await claimed.text();
    expect(body).not.toContain(folderName);
    expect(JSON.parse(body)).toMatchObject({ error: { code: "unknown_workspace" } });
  });

  it("names it by the key the person set (control)", async () => {
    const server = await serveClone({
      LACKPY_STORE_URL: STORE_URL,
      LACKPY_STORE_WORKSPACE: "acme-api",
    });
    expect(server.workspaces).toEqual(["acme-api"]);
  });
});
