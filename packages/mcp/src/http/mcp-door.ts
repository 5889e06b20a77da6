/**
 * What an MCP request passes before the SDK's handler sees it, in order: a well-formed `Host`
 * (400), the token (401), the workspace (404, 403), the caller's rate (429, each request once:
 * a JSON-RPC batch is refused, as over stdio), the body, read within its deadline before the
 * request takes a slot (413, 408: a slow body never holds one), the cap on requests in flight
 * (503 `busy`), and on loopback without tokens the SDK's Host and Origin checks. A request that
 * arrives while the server drains gets 503 `shutting_down`. Every answer carries the request id.
 */
import type http from "node:http";
import {
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
  type McpHttpHandler,
} from "@modelcontextprotocol/server";
import type { LackpyService } from "@lackpy/service";
import type { TokenIdentity, TokenTable } from "./bearer-tokens.js";
import type { CallerLimits } from "./caller-limits.js";
import { sendError, sendWebResponse } from "./http-answers.js";
import type { InFlight, Exchange } from "./in-flight.js";
import type { LogFields } from "./json-log.js";
import { readBody } from "./read-body.js";
import { withRequest, type RequestContext } from "./request-context.js";
import type { RequestTracer } from "./request-span.js";

/** A workspace the server serves. */
export interface Served {
  name: string;
  service: LackpyService;
  handler: McpHttpHandler;
}

/** What the door checks against. */
export interface DoorOptions {
  served: readonly Served[];
  tokens: TokenTable;
  limits: {
    maxBodyBytes: number;
    maxConcurrent: number;
    bodyTimeoutMs: number;
    ratePerMinute: number;
  };
  rates: CallerLimits;
  inFlight: InFlight;
  tracer: RequestTracer | null;
  /** Whether the server binds to loopback (the SDK's rebinding checks apply there without tokens). */
  loopback: boolean;
  /** True once the drain started: new MCP requests are refused. */
  draining: () => boolean;
}

/** What the door learnt of a request, for its log line and metrics. */
export interface DoorNotes {
  fields: LogFields;
  /** The refusal's code, when the door refused. */
  refused?: string;
  context?: RequestContext;
}

/** Serves one request to `/mcp` or `/mcp/<workspace>` (`route` is the workspace's name, if given). */
export async function passDoor(
  door: DoorOptions,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  route: string | undefined,
  notes: DoorNotes,
  requestId: string,
): Promise<void> {
  const refuse = (status: number, code: string, message: string, hint: string) => {
    notes.refused = code;
    sendError(response, status, code, message, hint);
  };
  if (door.draining()) {
    response.setHeader("Connection", "close");
    return refuse(
      503,
      "shutting_down",
      "The server is shutting down.",
      "retry on another instance",
    );
  }
  let identity: TokenIdentity | null = null;
  if (door.tokens.size > 0) {
    identity = door.tokens.authenticate(request.headers.authorization);
    if (!identity) {
      response.setHeader("WWW-Authenticate", 'Bearer realm="lackpy"');
      return refuse(
        401,
        "unauthorized",
        "A valid bearer token is required.",
        "send Authorization: Bearer <token>",
      );
    }
    notes.fields.token = identity.id;
  }
  const target =
    route === undefined ? door.served[0] : door.served.find((entry) => entry.name === route);
  if (!target) {
    // Name only the workspaces this caller may use: the others' names are not its to learn.
    const visible = door.served
      .map((entry) => entry.name)
      .filter((name) => !identity?.workspaces || identity.workspaces.includes(name));
    return refuse(
      404,
      "unknown_workspace",
      `No workspace named '${route}' is served here.`,
      visible.length > 0
        ? `served to this token: ${visible.join(", ")}`
        : "no workspace served here is open to this token",
    );
  }
  notes.fields.workspace = target.name;
  if (identity?.workspaces && !identity.workspaces.includes(target.name))
    return refuse(
      403,
      "forbidden_workspace",
      `This token may not use the workspace '${target.name}'.`,
      `it may use: ${identity.workspaces.join(", ")}`,
    );
  const caller = identity?.id ?? `addr:${request.socket.remoteAddress ?? "?"}`;
  const allowed = await door.rates.take(
    caller,
    identity?.ratePerMinute ?? door.limits.ratePerMinute,
    target.service.store.rates,
  );
  if (!allowed.ok) {
    response.setHeader("Retry-After", String(allowed.retryAfterSeconds));
    return refuse(
      429,
      "rate_limited",
      "Too many requests for this token.",
      `retry after ${allowed.retryAfterSeconds} s`,
    );
  }
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > door.limits.maxBodyBytes)
    return tooLarge(response, door.limits.maxBodyBytes, notes);
  const body =
    request.method === "POST"
      ? await readBody(request, {
          limit: door.limits.maxBodyBytes,
          deadlineMs: door.limits.bodyTimeoutMs,
        })
      : null;
  if (body === "too_large") return tooLarge(response, door.limits.maxBodyBytes, notes);
  if (body === "too_slow") {
    response.setHeader("Connection", "close");
    return refuse(
      408,
      "body_timeout",
      `The request body did not arrive within ${door.limits.bodyTimeoutMs} ms.`,
      "send the whole body at once",
    );
  }
  const message = body ? parseMessage(body) : null;
  if (Array.isArray(message)) {
    notes.fields.rpc = "batch";
    notes.fields.batch = message.length;
    notes.refused = "batch_refused";
    return sendJsonRpcError(
      response,
      -32600,
      "JSON-RPC batches are not accepted: send one request per HTTP request.",
    );
  }
  Object.assign(notes.fields, rpcFields(message));
  if (door.inFlight.size >= door.limits.maxConcurrent) {
    response.setHeader("Retry-After", "1");
    return refuse(
      503,
      "busy",
      `The server has ${door.limits.maxConcurrent} requests in flight.`,
      "retry in a second",
    );
  }
  const exchange: Exchange = {
    controller: new AbortController(),
    response,
    rpcId: rpcIdOf(message),
  };
  door.inFlight.add(exchange);
  response.on("close", () => {
    if (!response.writableFinished) exchange.controller.abort();
  });
  try {
    const webRequest = new Request(
      new URL(request.url ?? "/", `http://${request.headers.host ?? "localhost"}`),
      {
        method: request.method,
        headers: headersOf(request),
        // A body parsed here goes to the SDK as `parsedBody` (below), which then never reads the
        // request's: only one that did not parse is sent along (no body stream per request).
        ...(body && message === null ? { body } : {}),
        signal: exchange.controller.signal,
      },
    );
    if (door.loopback && door.tokens.size === 0) {
      const refused =
        hostHeaderValidationResponse(webRequest, localhostAllowedHostnames()) ??
        originValidationResponse(webRequest, localhostAllowedOrigins());
      if (refused) {
        notes.refused = refused.status === 403 ? "forbidden_origin" : "bad_host";
        return await sendWebResponse(response, refused);
      }
    }
    const context: RequestContext = {
      requestId,
      caller: identity?.id,
      role: identity?.role ?? null,
      workspaces: identity?.workspaces ?? null,
    };
    notes.context = context;
    // The body is parsed once, here: the SDK takes it as parsed instead of reading it again.
    const parsed = message === null ? undefined : { parsedBody: message };
    const serve = () => withRequest(context, () => target.handler.fetch(webRequest, parsed));
    const attributes = {
      requestId,
      workspace: target.name,
      ...(typeof notes.fields.rpc === "string" ? { method: notes.fields.rpc } : {}),
      ...(typeof notes.fields.tool === "string" ? { tool: notes.fields.tool } : {}),
    };
    if (!door.tracer) return await sendWebResponse(response, await serve());
    await door.tracer.run(request, attributes, async (end) => {
      response.once("close", () =>
        end({
          status: response.statusCode,
          outcome:
            context.outcome ??
            notes.refused ??
            (response.statusCode < 400 ? "ok" : `http_${response.statusCode}`),
        }),
      );
      await sendWebResponse(response, await serve());
    });
  } finally {
    door.inFlight.delete(exchange);
  }
}

function tooLarge(response: http.ServerResponse, limit: number, notes: DoorNotes): void {
  notes.refused = "too_large";
  response.setHeader("Connection", "close");
  sendError(
    response,
    413,
    "too_large",
    `The request body is over ${limit} bytes.`,
    "send a smaller request",
  );
}

/** A JSON-RPC error with no id (the request could not be taken), as HTTP 400. */
function sendJsonRpcError(response: http.ServerResponse, code: number, message: string): void {
  response.writeHead(400, { "content-type": "application/json" });
  response.end(`${JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } })}\n`);
}

function parseMessage(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
}

/** The JSON-RPC method and, for a tool call, the tool's name: nothing else of a body is logged. */
function rpcFields(message: unknown): LogFields {
  const fields: LogFields = {};
  if (typeof message !== "object" || message === null) return fields;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  if (typeof method === "string") fields.rpc = method.slice(0, 64);
  if (method === "tools/call" && typeof params?.name === "string")
    fields.tool = params.name.slice(0, 64);
  return fields;
}

function rpcIdOf(message: unknown): string | number | null | undefined {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === "string" || typeof id === "number" || id === null ? id : undefined;
}

function headersOf(request: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2)
    headers.append(request.rawHeaders[index]!, request.rawHeaders[index + 1]!);
  return headers;
}
