/**
 * lackpy's MCP tools over Streamable HTTP: the SDK's `createMcpHandler` (stateless per request
 * for the 2026 protocol, its stateless fallback for 2025 clients) behind a `node:http` server
 * that adds what a shared endpoint needs and the SDK leaves to its host: bearer tokens
 * (required off loopback, constant-time compare, per-workspace limits), Host and Origin checks
 * on loopback (DNS rebinding), a body size limit (413), a cap on requests in flight (503),
 * per-token rate limits (429 with `Retry-After`), `/healthz` and `/readyz` (the stores), JSON
 * logs without secrets, and a drain on SIGTERM: no new requests, in-flight ones finish within
 * `drainMs` or are cancelled, then the stores are flushed and closed.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { once } from "node:events";
import http from "node:http";
import path from "node:path";
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
  type McpHttpHandler,
} from "@modelcontextprotocol/server";
import { LackpyService, ServiceError } from "@lackpy/service";
import { createMcpServer, type McpServerOptions } from "../create-mcp-server.js";
import { TokenTable, type TokenEntry, type TokenIdentity } from "./bearer-tokens.js";
import { jsonLog, type JsonLog, type LogFields } from "./json-log.js";
import { McpServeError } from "./mcp-serve-error.js";
import { RateLimiter } from "./rate-limiter.js";
import { RunOwnership } from "../run-ownership.js";

/** Defaults of the HTTP server's limits. */
export const HTTP_DEFAULTS = Object.freeze({
  host: "127.0.0.1",
  port: 8765,
  maxBodyBytes: 1_048_576,
  maxConcurrent: 32,
  ratePerMinute: 600,
  drainMs: 10_000,
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
  /** The largest request body, in bytes (413 above it). */
  maxBodyBytes?: number;
  /** MCP requests in flight at once (503 above it). */
  maxConcurrent?: number;
  /** Requests a minute per token (per client address without tokens); 429 above it. */
  ratePerMinute?: number;
  /** How long in-flight requests may take to finish on shutdown before they are cancelled. */
  drainMs?: number;
  /** Where log lines go (stderr by default). */
  log?: JsonLog;
  /** Drain and stop on SIGTERM and SIGINT (the CLI's server). */
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
  /** Drains and stops (what SIGTERM does); resolves when everything is closed. */
  close(): Promise<void>;
  /** Resolves once the server stopped. */
  closed: Promise<void>;
}

interface Served {
  name: string;
  service: LackpyService;
  handler: McpHttpHandler;
}

/** True for addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Starts the server; refuses (`auth_required`) to bind off loopback without a token. */
export async function serveHttp(options: ServeHttpOptions): Promise<HttpServerHandle> {
  const host = options.host ?? HTTP_DEFAULTS.host;
  const tokens = new TokenTable(options.tokens ?? []);
  /** The token id of the request being handled, for `RunOwnership`. */
  const callers = new AsyncLocalStorage<string | undefined>();
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
    drainMs: options.drainMs ?? HTTP_DEFAULTS.drainMs,
  };
  const log = options.log ?? jsonLog();
  const limiter = new RateLimiter({
    perMinute: options.ratePerMinute ?? HTTP_DEFAULTS.ratePerMinute,
  });
  /** The workspaces the token of the request being handled may use (undefined: any), for the stores. */
  const grants = new AsyncLocalStorage<readonly string[] | undefined>();
  const storeAccess = (key: string) => {
    const allowed = grants.getStore();
    if (allowed && !allowed.includes(key))
      throw new ServiceError(
        "forbidden_workspace",
        `This token may not use the workspace '${key}'.`,
        {
          hint: "use a token given for that workspace",
        },
      );
  };
  const open =
    options.openService ?? ((workspace, more) => LackpyService.open({ workspace, ...more }));
  const shape = {
    ...(options.trace ? { trace: options.trace } : {}),
    ...(options.maxOutputChars ? { maxOutputChars: options.maxOutputChars } : {}),
  };
  const served: Served[] = [];
  for (const directory of options.workspaces) {
    const service = await open(path.resolve(directory), { storeAccess });
    const name = service.store.workspace ?? path.basename(service.workspace);
    if (served.some((other) => other.name === name))
      throw new McpServeError("invalid_option", `Two workspaces are named '${name}'.`, {
        hint: "give each workspace its own [store] workspace key or folder name",
      });
    // With tokens, each caller applies and undoes only its own runs (the token of the request
    // being handled, carried through its async work).
    const ownership = tokens.size > 0 ? new RunOwnership(() => callers.getStore()) : undefined;
    const handler = createMcpHandler(
      () => createMcpServer(service, { ...shape, ...(ownership ? { ownership } : {}) }),
      {
        maxRequestBodySize: limits.maxBodyBytes,
        onerror: (error) => log.warn("mcp_error", { workspace: name, message: error.message }),
      },
    );
    served.push({ name, service, handler });
  }

  const inFlight = new Set<AbortController>();
  let draining = false;
  let idle: (() => void) | null = null;

  const server = http.createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      log.error("internal_error", {
        message: error instanceof Error ? error.message : String(error),
      });
      if (!response.headersSent)
        sendError(response, 500, "internal_error", "The server failed.", "see the server's log");
      else response.destroy();
    });
  });

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const started = performance.now();
    const url = new URL(request.url ?? "/", "http://localhost");
    const fields: LogFields = { method: request.method, path: url.pathname };
    response.on("finish", () =>
      log.info("request", {
        ...fields,
        status: response.statusCode,
        ms: Math.round(performance.now() - started),
      }),
    );
    if (url.pathname === "/healthz")
      return sendJson(response, 200, {
        status: draining ? "draining" : "ok",
        inFlight: inFlight.size,
      });
    if (url.pathname === "/readyz") return ready(response);
    const route = /^\/mcp(?:\/([^/]+))?\/?$/.exec(url.pathname);
    if (!route)
      return sendError(
        response,
        404,
        "not_found",
        `Nothing is served at ${url.pathname}.`,
        "MCP is served at /mcp",
      );
    if (draining) {
      response.setHeader("Connection", "close");
      return sendError(
        response,
        503,
        "shutting_down",
        "The server is shutting down.",
        "retry on another instance",
      );
    }
    let identity: TokenIdentity | null = null;
    if (tokens.size > 0) {
      identity = tokens.authenticate(request.headers.authorization);
      if (!identity) {
        response.setHeader("WWW-Authenticate", 'Bearer realm="lackpy"');
        return sendError(
          response,
          401,
          "unauthorized",
          "A valid bearer token is required.",
          "send Authorization: Bearer <token>",
        );
      }
      fields.token = identity.id;
    }
    const target =
      route[1] === undefined ? served[0] : served.find((entry) => entry.name === route[1]);
    if (!target) {
      // Name only the workspaces this caller may use: the others' names are not its to learn.
      const visible = served
        .map((entry) => entry.name)
        .filter((name) => !identity?.workspaces || identity.workspaces.includes(name));
      return sendError(
        response,
        404,
        "unknown_workspace",
        `No workspace named '${route[1]}' is served here.`,
        visible.length > 0
          ? `served to this token: ${visible.join(", ")}`
          : "no workspace served here is open to this token",
      );
    }
    fields.workspace = target.name;
    if (identity?.workspaces && !identity.workspaces.includes(target.name))
      return sendError(
        response,
        403,
        "forbidden_workspace",
        `This token may not use the workspace '${target.name}'.`,
        `it may use: ${identity.workspaces.join(", ")}`,
      );
    const caller = identity?.id ?? `addr:${request.socket.remoteAddress ?? "?"}`;
    const allowed = limiter.take(caller);
    if (!allowed.ok) {
      response.setHeader("Retry-After", String(allowed.retryAfterSeconds));
      return sendError(
        response,
        429,
        "rate_limited",
        "Too many requests for this token.",
        `retry after ${allowed.retryAfterSeconds} s`,
      );
    }
    if (inFlight.size >= limits.maxConcurrent) {
      response.setHeader("Retry-After", "1");
      return sendError(
        response,
        503,
        "busy",
        `The server has ${limits.maxConcurrent} requests in flight.`,
        "retry in a second",
      );
    }
    const declared = Number(request.headers["content-length"] ?? 0);
    if (declared > limits.maxBodyBytes) return tooLarge(response, limits.maxBodyBytes, request);
    const controller = new AbortController();
    inFlight.add(controller);
    response.on("close", () => {
      if (!response.writableFinished) controller.abort();
    });
    try {
      const body = request.method === "POST" ? await readBody(request, limits.maxBodyBytes) : null;
      if (body === "too_large") return tooLarge(response, limits.maxBodyBytes, request);
      if (body) Object.assign(fields, rpcFields(body));
      const webRequest = new Request(
        new URL(url.pathname + url.search, `http://${request.headers.host ?? "localhost"}`),
        {
          method: request.method,
          headers: headersOf(request),
          ...(body ? { body } : {}),
          signal: controller.signal,
        },
      );
      if (loopback && tokens.size === 0) {
        const refused =
          hostHeaderValidationResponse(webRequest, localhostAllowedHostnames()) ??
          originValidationResponse(webRequest, localhostAllowedOrigins());
        if (refused) return await send(response, refused);
      }
      const handled = await callers.run(identity?.id, () =>
        grants.run(identity?.workspaces ?? undefined, () => target.handler.fetch(webRequest)),
      );
      await send(response, handled);
    } finally {
      inFlight.delete(controller);
      if (inFlight.size === 0) idle?.();
    }
  }

  async function ready(response: http.ServerResponse) {
    const checks = await Promise.all(
      served.map(async (entry) => ({
        name: entry.name,
        health: await entry.service.store.check(),
      })),
    );
    const isReady = !draining && checks.every((check) => check.health.ready);
    for (const check of checks)
      if (!check.health.ready)
        log.warn("store_not_ready", {
          workspace: check.name,
          backend: check.health.backend,
          message: check.health.error,
        });
    sendJson(response, isReady ? 200 : 503, {
      status: draining ? "draining" : isReady ? "ready" : "not_ready",
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

  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      draining = true;
      log.info("draining", { inFlight: inFlight.size, drainMs: limits.drainMs });
      server.close();
      server.closeIdleConnections();
      const drained = new Promise<void>((resolve) => {
        idle = resolve;
        if (inFlight.size === 0) resolve();
      });
      let timer: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        drained.then(() => false),
        new Promise<boolean>(
          (resolve) => (timer = setTimeout(() => resolve(true), limits.drainMs)),
        ),
      ]);
      clearTimeout(timer);
      if (late) {
        log.warn("cancelling", { inFlight: inFlight.size });
        for (const controller of inFlight) controller.abort();
        await Promise.all(served.map((entry) => entry.handler.close().catch(() => undefined)));
        await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      }
      server.closeAllConnections();
      for (const entry of served)
        await entry.service
          .close()
          .catch((error: unknown) =>
            log.error("close_failed", { workspace: entry.name, message: (error as Error).message }),
          );
      log.info("stopped", {});
      resolveClosed();
    })());
  if (options.handleSignals) {
    const stop = (signal: NodeJS.Signals) => {
      log.info("signal", { signal });
      void close();
    };
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
    void closed.then(() => {
      process.removeListener("SIGTERM", stop);
      process.removeListener("SIGINT", stop);
    });
  }
  return {
    url: `http://${shown}:${address.port}`,
    port: address.port,
    workspaces: served.map((entry) => entry.name),
    inFlight: () => inFlight.size,
    close,
    closed,
  };
}

/** Reads a body up to `limit` bytes; `"too_large"` past it (without reading the rest). */
async function readBody(
  request: http.IncomingMessage,
  limit: number,
): Promise<Buffer | "too_large"> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) return "too_large";
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function tooLarge(
  response: http.ServerResponse,
  limit: number,
  request: http.IncomingMessage,
): void {
  response.setHeader("Connection", "close");
  sendError(
    response,
    413,
    "too_large",
    `The request body is over ${limit} bytes.`,
    "send a smaller request",
  );
  request.resume();
}

/** The JSON-RPC method and, for a tool call, the tool's name: nothing else of a body is logged. */
function rpcFields(body: Buffer): LogFields {
  try {
    const message = JSON.parse(body.toString("utf8")) as {
      method?: unknown;
      params?: { name?: unknown };
    };
    const fields: LogFields = {};
    if (typeof message.method === "string") fields.rpc = message.method.slice(0, 64);
    if (message.method === "tools/call" && typeof message.params?.name === "string")
      fields.tool = message.params.name.slice(0, 64);
    return fields;
  } catch {
    return {};
  }
}

function headersOf(request: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2)
    headers.append(request.rawHeaders[index]!, request.rawHeaders[index + 1]!);
  return headers;
}

/** Writes a web `Response` (a JSON body or an SSE stream) to a Node response. */
async function send(response: http.ServerResponse, answer: Response): Promise<void> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, key) => (headers[key] = value));
  response.writeHead(answer.status, headers);
  if (!answer.body) return void response.end();
  const reader = answer.body.getReader();
  response.on("close", () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!response.write(value)) await once(response, "drain");
    }
  } catch {
    // The client went away, or the exchange was cancelled: nothing more to send.
  }
  response.end();
}

function sendJson(response: http.ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(`${JSON.stringify(value)}\n`);
}

function sendError(
  response: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  hint: string,
): void {
  sendJson(response, status, { error: { code, message, hint } });
}
