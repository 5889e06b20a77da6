/**
 * lackpy's MCP tools over Streamable HTTP: the SDK's `createMcpHandler` (stateless per request
 * for the 2026 protocol, its stateless fallback for 2025 clients) behind a `node:http` server
 * that adds what a shared endpoint needs and the SDK leaves to its host: the door (`passDoor`:
 * tokens, roles, limits, deadlines), a request id on every answer and log line, `/healthz`,
 * `/readyz`, `/metrics`, spans per request, tokens reloaded on SIGHUP, and a drain on SIGTERM
 * that keeps listening: `/readyz` fails at once, requests are still served for `readyGraceMs`
 * (a load balancer stops sending), then new ones are refused with `shutting_down`, those in
 * flight get `drainMs` to finish and are then answered `shutting_down`, and only then the
 * listener closes and the stores are flushed and closed.
 */
import { monotonicMs } from "@lackpy/lang";
import { once } from "node:events";
import http from "node:http";
import path from "node:path";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { LackpyService } from "@lackpy/service";
import { childPoolStats } from "@lackpy/run/node";
import { createMcpServer, type McpServerOptions } from "../create-mcp-server.js";
import { RunOwnership } from "../run-ownership.js";
import { TokenTable, type TokenEntry } from "./bearer-tokens.js";
import { CallerLimits } from "./caller-limits.js";
import { sendError, sendJson } from "./http-answers.js";
import { httpToolMiddleware } from "./http-tool-middleware.js";
import { InFlight } from "./in-flight.js";
import { jsonLog, type JsonLog, type LogFields } from "./json-log.js";
import { McpServeError } from "./mcp-serve-error.js";
import { passDoor, type DoorNotes, type Served } from "./mcp-door.js";
import { McpServerPool } from "./server-pool.js";
import { observeStore } from "./observe-store.js";
import { checkStoreAccess, currentCaller, requestIdFrom } from "./request-context.js";
import { loadRequestTracer } from "./request-span.js";
import type { ChildPoolCounts, ServerMetrics } from "./server-metrics.js";

/** Defaults of the HTTP server's limits. */
export const HTTP_DEFAULTS = Object.freeze({
  host: "127.0.0.1",
  port: 8765,
  maxBodyBytes: 1_048_576,
  maxConcurrent: 32,
  ratePerMinute: 600,
  drainMs: 10_000,
  readyGraceMs: 0,
  headerTimeoutMs: 10_000,
  bodyTimeoutMs: 10_000,
});

/** What `serveHttp` serves and how. */
export interface ServeHttpOptions extends McpServerOptions {
  /** The workspace folders to serve; each at `/mcp/<name>` (the first also at `/mcp`). */
  workspaces: readonly string[];
  host?: string;
  /** 0: any free port. */
  port?: number;
  /** Bearer tokens; required unless the server binds to loopback. */
  tokens?: readonly TokenEntry[];
  /** Reads the tokens again (on SIGHUP with `handleSignals`, or `reloadTokens()`). */
  loadTokens?: () => Promise<readonly TokenEntry[]>;
  /** The largest request body, in bytes (413 above it). */
  maxBodyBytes?: number;
  /** MCP requests in flight at once (503 above it). */
  maxConcurrent?: number;
  /** Requests a minute per token (per client address without tokens); 429 above it. */
  ratePerMinute?: number;
  /** How long in-flight requests may take to finish on shutdown before they are cancelled. */
  drainMs?: number;
  /** How long after SIGTERM `/readyz` fails while requests are still served, before the drain. */
  readyGraceMs?: number;
  /** How long a client may take to send a request's headers. */
  headerTimeoutMs?: number;
  /** How long a client may take to send a request's body (408 past it). */
  bodyTimeoutMs?: number;
  /** Serve `/metrics` (default true). */
  metrics?: boolean;
  /** The isolated child pool's counts for `/metrics` (default `@lackpy/run/node`'s pool). */
  childPool?: () => ChildPoolCounts;
  /** Runs after the services closed (the CLI flushes its trace export here). */
  onClosed?: () => Promise<void>;
  /** Where log lines go (stderr by default). */
  log?: JsonLog;
  /** Drain and stop on SIGTERM and SIGINT, reload tokens on SIGHUP (the CLI's server). */
  handleSignals?: boolean;
  /**
   * Opens a workspace's service (default `LackpyService.open`); pass `storeAccess` on to it
   * (`ServiceOptions.storeAccess`), so a shared store keeps each token to its workspaces itself.
   */
  openService?: (
    directory: string,
    options: { storeAccess: (key: string) => void },
  ) => Promise<LackpyService>;
}

/** A running HTTP server. */
export interface HttpServerHandle {
  /** `http://host:port`. */
  url: string;
  port: number;
  /** The workspaces by name. */
  workspaces: readonly string[];
  /** MCP requests being served now. */
  inFlight(): number;
  /** Reads the tokens again (what SIGHUP does); resolves with how many there are now. */
  reloadTokens(): Promise<number>;
  /** Drains and stops (what SIGTERM does); resolves when everything is closed. */
  close(): Promise<void>;
  /** Resolves once the server stopped. */
  closed: Promise<void>;
}

/** A `Host` header a URL can be made of: a name or an address, and a port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9_.-]{0,252})?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** True for addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Starts the server; refuses (`auth_required`) to bind off loopback without a token. */
export async function serveHttp(options: ServeHttpOptions): Promise<HttpServerHandle> {
  const host = options.host ?? HTTP_DEFAULTS.host;
  const tokens = new TokenTable(options.tokens ?? []);
  const loopback = isLoopback(host);
  if (!loopback && tokens.size === 0)
    throw new McpServeError(
      "auth_required",
      `lackpy mcp serve --http will not listen on ${host} without authentication: anyone who can reach it could run programs in the workspace.`,
      {
        hint: "give tokens with --tokens-file FILE or LACKPY_MCP_TOKENS (lackpy mcp token makes one), or bind to 127.0.0.1",
      },
    );
  if (options.workspaces.length === 0)
    throw new McpServeError("invalid_option", "No workspace to serve.", {
      hint: "pass --workspace DIR",
    });
  const limits = {
    maxBodyBytes: options.maxBodyBytes ?? HTTP_DEFAULTS.maxBodyBytes,
    maxConcurrent: options.maxConcurrent ?? HTTP_DEFAULTS.maxConcurrent,
    ratePerMinute: options.ratePerMinute ?? HTTP_DEFAULTS.ratePerMinute,
    drainMs: options.drainMs ?? HTTP_DEFAULTS.drainMs,
    readyGraceMs: options.readyGraceMs ?? HTTP_DEFAULTS.readyGraceMs,
    headerTimeoutMs: options.headerTimeoutMs ?? HTTP_DEFAULTS.headerTimeoutMs,
    bodyTimeoutMs: options.bodyTimeoutMs ?? HTTP_DEFAULTS.bodyTimeoutMs,
  };
  const log = options.log ?? jsonLog();
  const inFlight = new InFlight();
  const metrics =
    options.metrics === false
      ? null
      : new (await import("./server-metrics.js")).ServerMetrics({
          inFlight: () => inFlight.size,
          childPool: options.childPool ?? childPoolStats,
        });
  const served = await openWorkspaces(options, metrics, log);

  let phase: "serving" | "grace" | "draining" = "serving";
  const door = {
    served,
    tokens,
    limits,
    rates: new CallerLimits(log),
    inFlight,
    tracer: await loadRequestTracer(),
    loopback,
    draining: () => phase === "draining",
  };

  // Node checks the header and request deadlines on this interval (30 s by default).
  const checkingMs = Math.max(100, Math.min(1000, limits.headerTimeoutMs / 2));
  const server = http.createServer(
    { connectionsCheckingInterval: checkingMs },
    (request, response) => {
      void handle(request, response).catch((error: unknown) => {
        log.error("internal_error", {
          requestId: String(response.getHeader("x-request-id") ?? ""),
          message: error instanceof Error ? error.message : String(error),
        });
        if (!response.headersSent)
          sendError(response, 500, "internal_error", "The server failed.", "see the server's log");
        else response.destroy();
      });
    },
  );
  server.headersTimeout = limits.headerTimeoutMs;
  // The body has its own deadline (`bodyTimeoutMs`); this only bounds a request Node still reads.
  server.requestTimeout = limits.headerTimeoutMs + limits.bodyTimeoutMs;

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const started = monotonicMs();
    const requestId = requestIdFrom(request.headers["x-request-id"]);
    response.setHeader("x-request-id", requestId);
    const notes: DoorNotes = {
      fields: { requestId, method: request.method, path: (request.url ?? "/").split("?")[0] },
    };
    response.on("close", () => finished(response, notes, started));
    if (!HOST.test(request.headers.host ?? "")) {
      notes.refused = "bad_host";
      return sendError(
        response,
        400,
        "bad_host",
        "The Host header is not a host name or address.",
        "send Host: name[:port]",
      );
    }
    const url = new URL(request.url ?? "/", `http://${request.headers.host}`);
    notes.fields.path = url.pathname;
    if (url.pathname === "/healthz")
      return sendJson(response, 200, {
        status: phase === "serving" ? "ok" : "draining",
        inFlight: inFlight.size,
      });
    if (url.pathname === "/readyz") return ready(response);
    if (url.pathname === "/metrics" && metrics) {
      const { contentType, text } = await metrics.render();
      response.writeHead(200, { "content-type": contentType });
      return void response.end(text);
    }
    const route = /^\/mcp(?:\/([^/]+))?\/?$/.exec(url.pathname);
    if (!route)
      return sendError(
        response,
        404,
        "not_found",
        `Nothing is served at ${url.pathname}.`,
        "MCP is served at /mcp",
      );
    notes.fields.mcp = true;
    await passDoor(door, request, response, route[1], notes, requestId);
  }

  /** The request's log line (tool failures at `warn`, with their code) and its metrics. */
  function finished(response: http.ServerResponse, notes: DoorNotes, started: number) {
    const { fields } = notes;
    const seconds = (monotonicMs() - started) / 1000;
    const outcome =
      notes.context?.outcome ??
      notes.refused ??
      (response.statusCode < 400 ? "ok" : `http_${response.statusCode}`);
    const { mcp, ...logged } = fields;
    const line: LogFields = {
      ...logged,
      status: response.statusCode,
      ms: Math.round(seconds * 1000),
    };
    if (mcp) line.outcome = outcome;
    if (!response.writableFinished) line.aborted = true;
    (outcome === "ok" || !mcp ? log.info : log.warn)("request", line);
    if (mcp && metrics)
      metrics.request(
        {
          ...(typeof fields.rpc === "string" ? { method: fields.rpc } : {}),
          ...(notes.context?.tool ? { tool: notes.context.tool } : {}),
          code: outcome,
        },
        seconds,
      );
  }

  async function ready(response: http.ServerResponse) {
    const checks = await Promise.all(
      served.map(async (entry) => ({
        name: entry.name,
        health: await entry.service.store.check(),
      })),
    );
    const isReady = phase === "serving" && checks.every((check) => check.health.ready);
    for (const check of checks)
      if (!check.health.ready)
        log.warn("store_not_ready", {
          workspace: check.name,
          backend: check.health.backend,
          message: check.health.error,
        });
    sendJson(response, isReady ? 200 : 503, {
      status: phase !== "serving" ? "draining" : isReady ? "ready" : "not_ready",
      stores: checks.map((check) => ({
        workspace: check.name,
        backend: check.health.backend,
        ready: check.health.ready,
      })),
    });
  }

  server.listen(options.port ?? HTTP_DEFAULTS.port, host);
  try {
    await once(server, "listening");
  } catch (error) {
    await Promise.all(served.map((entry) => entry.service.close().catch(() => undefined)));
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE")
      throw new McpServeError("address_in_use", `${host}:${options.port} is in use.`, {
        hint: "choose another --port",
      });
    throw error;
  }
  const address = server.address() as { port: number };
  const shown = host.includes(":") ? `[${host}]` : host;
  log.info("listening", {
    url: `http://${shown}:${address.port}/mcp`,
    workspaces: served.map((entry) => entry.name).join(","),
    auth: tokens.size > 0,
    maxConcurrent: limits.maxConcurrent,
    maxBodyBytes: limits.maxBodyBytes,
  });

  const reloadTokens = async () => {
    if (!options.loadTokens) return tokens.size;
    const entries = await options.loadTokens();
    if (!loopback && entries.length === 0)
      throw new McpServeError(
        "auth_required",
        "The reloaded tokens are empty; the server keeps the ones it had.",
        {
          hint: "a server off loopback needs at least one token",
        },
      );
    tokens.replace(entries);
    log.info("tokens_reloaded", { tokens: entries.length });
    return entries.length;
  };

  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  let closing: Promise<void> | null = null;
  // Unref'd: a drain that ends early must not leave the process waiting out its timer.
  const sleep = (ms: number) =>
    new Promise<"late">((resolve) => setTimeout(() => resolve("late"), ms).unref());
  const close = () =>
    (closing ??= (async () => {
      phase = "grace";
      log.info("stopping", { readyGraceMs: limits.readyGraceMs, inFlight: inFlight.size });
      if (limits.readyGraceMs > 0) await sleep(limits.readyGraceMs);
      phase = "draining";
      log.info("draining", { inFlight: inFlight.size, drainMs: limits.drainMs });
      if ((await Promise.race([inFlight.idle(), sleep(limits.drainMs)])) === "late") {
        log.warn("cancelling", { inFlight: inFlight.size });
        const answered = inFlight.answerAll();
        log.info("answered", { shuttingDown: answered });
        await Promise.all(served.map((entry) => entry.handler.close().catch(() => undefined)));
        await Promise.race([inFlight.idle(), sleep(2000)]);
      }
      server.close();
      server.closeAllConnections();
      for (const entry of served)
        await entry.service
          .close()
          .catch((error: unknown) =>
            log.error("close_failed", { workspace: entry.name, message: (error as Error).message }),
          );
      await options.onClosed?.().catch(() => undefined);
      log.info("stopped", {});
      resolveClosed();
    })());
  if (options.handleSignals) {
    const stop = (signal: NodeJS.Signals) => {
      log.info("signal", { signal });
      void close();
    };
    const reload = () =>
      void reloadTokens().catch((error: unknown) =>
        log.error("tokens_reload_failed", { message: (error as Error).message }),
      );
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
    process.on("SIGHUP", reload);
    void closed.then(() => {
      process.removeListener("SIGTERM", stop);
      process.removeListener("SIGINT", stop);
      process.removeListener("SIGHUP", reload);
    });
  }
  return {
    url: `http://${shown}:${address.port}`,
    port: address.port,
    workspaces: served.map((entry) => entry.name),
    inFlight: () => inFlight.size,
    reloadTokens,
    close,
    closed,
  };
}

/** Opens each workspace's service and its MCP handler, with the tool middleware and store timing. */
async function openWorkspaces(
  options: ServeHttpOptions,
  metrics: ServerMetrics | null,
  log: JsonLog,
): Promise<Served[]> {
  const open =
    options.openService ?? ((workspace, more) => LackpyService.open({ workspace, ...more }));
  const shape = {
    ...(options.trace ? { trace: options.trace } : {}),
    ...(options.maxOutputChars ? { maxOutputChars: options.maxOutputChars } : {}),
  };
  const served: Served[] = [];
  for (const directory of options.workspaces) {
    const service = await open(path.resolve(directory), { storeAccess: checkStoreAccess });
    const name = await service.servedName();
    if (served.some((other) => other.name === name))
      throw new McpServeError("invalid_option", `Two workspaces are named '${name}'.`, {
        hint: "give each workspace its own [store] workspace key or folder name",
      });
    if (metrics)
      observeStore(service.store, (operation, ok, seconds) =>
        metrics.storeOperation(operation, ok, seconds),
      );
    // With tokens, each caller applies and undoes only its own runs (decision 71); without, the
    // caller is undefined and nothing is checked.
    const ownership = new RunOwnership(currentCaller);
    const middleware = httpToolMiddleware({ workspace: service.workspace, metrics });
    // One server per request in flight, made once and reused (decision 159).
    const pool = new McpServerPool(
      () =>
        createMcpServer(service, { ...shape, middleware, ownership, announceToolChanges: false }),
      { most: options.maxConcurrent ?? HTTP_DEFAULTS.maxConcurrent },
    );
    const handler = createMcpHandler((context) => pool.take(context.era), {
      maxRequestBodySize: options.maxBodyBytes ?? HTTP_DEFAULTS.maxBodyBytes,
      onerror: (error) => log.warn("mcp_error", { workspace: name, message: error.message }),
    });
    served.push({ name, service, handler });
  }
  return served;
}
