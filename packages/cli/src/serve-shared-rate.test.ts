/**
 * A token's rate is one rate across instances when they share a Postgres store (decision 103),
 * end to end from the built bin: two `lackpy mcp serve --http` processes on one workspace and
 * one store, one token calling through both in turn, are limited together; with the files store
 * (no shared buckets) each instance counts its own. Needs `pnpm build` and `LACKPY_TEST_PG_URL`.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { testSchema } from "../../service/src/__fixtures__/test-postgres.mjs";
import { killServers, startServer } from "./__fixtures__/server-process.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
const BIN = fileURLToPath(new URL("../bin/lackpy.js", import.meta.url));
const TOKEN = "r".repeat(43);
const OTHER = "s".repeat(43);
/** One request a minute: the burst (10) is all a token gets while the test runs. */
const RATE = "1";
const BURST = 10;
const schema = await testSchema("serve-shared-rate");
const folders: string[] = [];
afterAll(async () => {
  killServers();
  await schema?.drop();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** Two servers on one workspace (and, with `env`, one store); resolves with their URLs. */
async function twoServers(env: Record<string, string>) {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-shared-rate-"));
  folders.push(root);
  await cp(EXAMPLE, root, { recursive: true });
  const args = [BIN, "mcp", "serve", "--http", "--port", "0", "--workspace", root];
  const start = () =>
    startServer(process.execPath, [...args, "--rate-limit", RATE], {
      ...env,
      LACKPY_MCP_TOKENS: `${TOKEN},${OTHER}`,
    }).url;
  return Promise.all([start(), start()]);
}

/** The status of one MCP request (a ping) with `token`, and the error code of a refusal. */
async function ping(url: string, token: string) {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
  });
  const code =
    response.status === 429
      ? ((await response.json()) as { error?: { code?: string } }).error?.code
      : (await response.body?.cancel(), undefined);
  return { status: response.status, code };
}

/** `count` requests with `token`, through the servers in turn; the statuses in order. */
async function alternate(urls: string[], token: string, count: number) {
  const answers: { status: number; code: string | undefined }[] = [];
  for (let index = 0; index < count; index++)
    answers.push(await ping(urls[index % urls.length]!, token));
  return answers;
}

describe("one token's rate through two served instances", () => {
  it.runIf(Boolean(schema))(
    "is counted once across both when they share a Postgres store",
    async () => {
      const urls = await twoServers({
        LACKPY_STORE_URL: schema!.url,
        LACKPY_STORE_WORKSPACE: "shared-rate",
      });
      const answers = await alternate(urls, TOKEN, BURST + 4);
      // Ten through the two together, then both refuse: half the calls went to each.
      expect(answers.slice(0, BURST).map((answer) => answer.status)).not.toContain(429);
      expect(answers.slice(BURST)).toEqual(
        Array.from({ length: 4 }, () => ({ status: 429, code: "rate_limited" })),
      );
      // Another token's rate is its own, on either instance.
      expect((await ping(urls[1]!, OTHER)).status).not.toBe(429);
    },
  );

  it("is counted by each instance alone with the files store", async () => {
    const urls = await twoServers({});
    const answers = await alternate(urls, TOKEN, BURST + 4);
    expect(answers.map((answer) => answer.status)).not.toContain(429);
  });
});
