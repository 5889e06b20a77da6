/**
 * Starting an HTTP server on a copy of the example workspace for tests, connecting the official
 * client to it, and raw requests; everything started is closed by `stopAll` (call it in
 * `afterEach`) and `removeAll` (in `afterAll`).
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { DEFAULT_CONFIG, LackpyService } from "@lackpy/service";
import { closeWorkerPool } from "@lackpy/run/node";
import { jsonLog } from "../json-log.js";
import { serveHttp, type HttpServerHandle, type ServeHttpOptions } from "../serve-http.js";

export const EXAMPLE = fileURLToPath(new URL("../../../../../examples/workspace", import.meta.url));
export const folders: string[] = [];
const running: HttpServerHandle[] = [];
const clients: Client[] = [];

/** Closes the clients and servers started since the last call. */
export async function stopAll(): Promise<void> {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  for (const server of running.splice(0)) await server.close();
}

/** Stops the child pool and removes the workspaces. */
export async function removeAll(): Promise<void> {
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
}

/** Where a run executes. */
export type Mode = "in-process" | "isolated";

/** A server on a fresh copy of the example workspace, and its log lines. */
export async function start(
  options: Partial<ServeHttpOptions> & { mode?: Mode; maxSteps?: number } = {},
): Promise<{ server: HttpServerHandle; lines: Record<string, unknown>[]; folder: string }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "lackpy-http-"));
  folders.push(folder);
  await cp(EXAMPLE, folder, { recursive: true });
  const lines: Record<string, unknown>[] = [];
  const server = await serveHttp({
    workspaces: [folder],
    port: 0,
    log: jsonLog((line) => lines.push(JSON.parse(line) as Record<string, unknown>)),
    openService: async (workspace) => {
      const config = structuredClone(DEFAULT_CONFIG);
      config.run.mode = options.mode ?? "in-process";
      if (options.maxSteps) config.run.maxima.maxSteps = options.maxSteps;
      return new LackpyService({ workspace, config });
    },
    ...options,
  });
  running.push(server);
  return { server, lines, folder };
}

/** The official client, connected (with a bearer token when given). */
export async function connect(
  url: string,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Client> {
  const client = new Client({ name: "test", version: "0" });
  clients.push(client);
  const all = { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: all } }),
  );
  return client;
}

/** Waits until the server is serving a request. */
export async function inFlight(server: HttpServerHandle): Promise<void> {
  while (server.inFlight() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Waits until the log has a line of `event`. */
export async function logged(lines: Record<string, unknown>[], event: string): Promise<void> {
  while (!lines.some((line) => line.event === event))
    await new Promise((resolve) => setTimeout(resolve, 5));
}

// Tests read structured content loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Result = { isError?: boolean; structuredContent?: any; _meta?: any };

/** Calls a tool. */
export const call = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }) as Promise<Result>;

/** Calls `run_program`. */
export const run = (client: Client, program: string, extra: Record<string, unknown> = {}) =>
  call(client, "run_program", { program, ...extra });

/** A raw JSON POST. */
export const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body,
  });
