/**
 * Every instance equal, from the built bin (decision 95): two `lackpy mcp serve --http`
 * processes on one workspace, with the files store and with Postgres, behind no sticky load
 * balancer. A token's dry run made through one applies through the other, its run is undone
 * through either, also after the instance that made it was SIGKILLed; another token can do
 * neither. Needs `pnpm build`; the Postgres half needs `LACKPY_TEST_PG_URL`.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it } from "vitest";
import { testSchema } from "../../service/src/__fixtures__/test-postgres.mjs";
import { killServers, startServer } from "./__fixtures__/server-process.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
const BIN = fileURLToPath(new URL("../bin/lackpy.js", import.meta.url));
const TOKENS = { ada: "a".repeat(43), bob: "b".repeat(43) };
const schema = await testSchema("serve-instances");
const folders: string[] = [];
const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  killServers();
  await schema?.drop();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

type Answer = {
  isError?: boolean;
  structuredContent?: Record<string, unknown> & { error?: { code: string; message: string } };
};

/** Starts a server on the workspace; resolves with its URL. */
async function serve(root: string, env: Record<string, string>) {
  const server = startServer(
    process.execPath,
    [BIN, "mcp", "serve", "--http", "--port", "0", "--workspace", root],
    { ...env, LACKPY_MCP_TOKENS: `${TOKENS.ada},${TOKENS.bob}` },
  );
  return { child: server.child, url: await server.url, exited: server.exited };
}

/** A tool caller through one server with one token. */
async function caller(url: string, token: string) {
  const client = new Client({ name: "instances", version: "0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return (name: string, args: Record<string, unknown>) =>
    client.callTool({ name, arguments: args }) as Promise<Answer>;
}

let keys = 0;
async function workspace(backend: "files" | "postgres") {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-instances-"));
  folders.push(root);
  await cp(EXAMPLE, root, { recursive: true });
  await writeFile(path.join(root, "notes.txt"), "one\n");
  const env: Record<string, string> =
    backend === "files"
      ? {}
      : { LACKPY_STORE_URL: schema!.url, LACKPY_STORE_WORKSPACE: `instances-${++keys}` };
  return { root, env };
}

const WRITE = { program: 'write_file("notes.txt", "two\\n")', kit: "files" };

describe.each([
  ["files", true],
  ["postgres", Boolean(schema)],
] as const)("two lackpy mcp serve --http instances on one workspace (%s)", (backend, available) => {
  it.runIf(available)(
    "apply a token's dry run and undo its run through the other instance, after a SIGKILL too",
    async () => {
      const { root, env } = await workspace(backend);
      const [one, two] = await Promise.all([serve(root, env), serve(root, env)]);
      const adaOne = await caller(one.url, TOKENS.ada);
      const adaTwo = await caller(two.url, TOKENS.ada);
      const bobTwo = await caller(two.url, TOKENS.bob);

      const dry = await adaOne("run_program", { ...WRITE, dryRun: true });
      const changeId = dry.structuredContent!.changeId as string;
      expect((await bobTwo("apply_changes", { changeId })).structuredContent?.error?.code).toBe(
        "unknown_change",
      );
      const applied = await adaTwo("apply_changes", { changeId });
      expect(applied.isError).toBeFalsy();
      expect(await readFile(path.join(root, "notes.txt"), "utf8")).toBe("two\n");
      expect((await bobTwo("undo", {})).structuredContent?.error?.code).toBe("unknown_run");
      const undone = await adaOne("undo", {});
      expect(undone.structuredContent).toMatchObject({
        runId: applied.structuredContent!.runId,
      });
      expect(await readFile(path.join(root, "notes.txt"), "utf8")).toBe("one\n");

      // A run made through one, which is then killed; undone through the other and a restart.
      const ran = await adaOne("run_program", WRITE);
      expect(ran.structuredContent).toMatchObject({ applied: true });
      one.child.kill("SIGKILL");
      await one.exited;
      const restarted = await serve(root, env);
      const adaRestarted = await caller(restarted.url, TOKENS.ada);
      expect((await adaRestarted("undo", {})).structuredContent).toMatchObject({
        runId: ran.structuredContent!.runId,
      });
      expect(await readFile(path.join(root, "notes.txt"), "utf8")).toBe("one\n");
    },
    60_000,
  );
});
