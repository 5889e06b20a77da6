import type { ArgsDef } from "citty";
import type { TraceDetail } from "@lackpy/service";
import { UsageError } from "../args/usage-error.js";
import type { CommandContext } from "../io/command-context.js";
import { importMcpServer } from "./import-mcp-server.js";
import type { ServeFlag, ServeSettings } from "./serve-environment.js";

/** The flags of `lackpy mcp serve --http`. */
export const HTTP_ARGS = {
  http: { type: "boolean", description: "Serve over Streamable HTTP instead of stdio" },
  host: {
    type: "string",
    description: "Address to listen on (default 127.0.0.1; any other needs tokens)",
    valueHint: "addr",
  },
  port: {
    type: "string",
    description: "Port to listen on (default 8765; 0: any free one)",
    valueHint: "n",
  },
  "tokens-file": {
    type: "string",
    description:
      "Bearer tokens, one per line, each optionally followed by the workspaces it may use",
    valueHint: "file",
  },
  "max-body-bytes": {
    type: "string",
    description: "Largest request body (default 1048576; 413 above it)",
    valueHint: "n",
  },
  "max-concurrent": {
    type: "string",
    description: "Requests served at once (default 32; 503 above it)",
    valueHint: "n",
  },
  "rate-limit": {
    type: "string",
    description: "Requests a minute per token (default 600; 429 above it)",
    valueHint: "n",
  },
  "drain-ms": {
    type: "string",
    description:
      "On SIGTERM, how long requests in flight may finish before they are answered shutting_down (default 10000)",
    valueHint: "ms",
  },
  "ready-grace-ms": {
    type: "string",
    description:
      "On SIGTERM, how long /readyz fails while requests are still served, before the drain (default 0)",
    valueHint: "ms",
  },
  "header-timeout-ms": {
    type: "string",
    description: "How long a client may take to send a request's headers (default 10000)",
    valueHint: "ms",
  },
  "body-timeout-ms": {
    type: "string",
    description: "How long a client may take to send a request's body (default 10000; 408 past it)",
    valueHint: "ms",
  },
} as const satisfies ArgsDef;

type HttpFlags = { [Key in keyof typeof HTTP_ARGS]?: string | boolean };

/** Refuses HTTP flags without `--http`, so a mistyped command does not silently serve stdio. */
export function checkNoHttpFlags(args: HttpFlags): void {
  const given = Object.keys(HTTP_ARGS).filter(
    (key) => key !== "http" && args[key as keyof HttpFlags] !== undefined,
  );
  if (given.length > 0)
    throw new UsageError(`--${given[0]} is a flag of the HTTP server.`, "add --http");
}

/** `lackpy mcp serve --http`: serves until SIGTERM or SIGINT (then drains), reloads tokens on SIGHUP. */
export async function serveOverHttp(
  context: CommandContext,
  workspace: string,
  settings: ServeSettings,
  shape: { trace: TraceDetail; maxOutputChars?: number },
): Promise<void> {
  const { args, source } = settings;
  const mcp = await importMcpServer();
  const { resolve } = await import("node:path");
  const port = args.port === undefined ? undefined : portNumber(source("port"), args.port);
  const file = args["tokens-file"]
    ? resolve(context.io.cwd, String(args["tokens-file"]))
    : undefined;
  const loadTokens = () => mcp.loadTokens({ ...(file ? { file } : {}), env: context.io.env });
  const tokens = await loadTokens();
  const number = (flag: ServeFlag, min = 1) => wholeNumber(source(flag), args[flag], min);
  const { LackpyService } = await import("@lackpy/service");
  const { childPoolStats } = await import("@lackpy/run/node");
  // Spans leave the process only when OTEL_* asks; the SDK loads here and nowhere else.
  const exported = await mcp.startOtlpExport(context.io.env);
  const server = await mcp.serveHttp({
    workspaces: [workspace],
    ...(args.host ? { host: String(args.host) } : {}),
    ...(port === undefined ? {} : { port }),
    tokens,
    loadTokens,
    ...optional("maxBodyBytes", number("max-body-bytes")),
    ...optional("maxConcurrent", number("max-concurrent")),
    ...optional("ratePerMinute", number("rate-limit")),
    ...optional("drainMs", number("drain-ms", 0)),
    ...optional("readyGraceMs", number("ready-grace-ms", 0)),
    ...optional("headerTimeoutMs", number("header-timeout-ms")),
    ...optional("bodyTimeoutMs", number("body-timeout-ms")),
    ...shape,
    handleSignals: true,
    childPool: childPoolStats,
    ...(exported ? { onClosed: () => exported.shutdown() } : {}),
    openService: (directory, more) =>
      LackpyService.open({ workspace: directory, env: context.io.env, ...more }),
  });
  const plain = tokens.filter((entry) => "plain" in entry && entry.plain && file).length;
  if (plain > 0)
    context.io.stderr(
      `lackpy: ${plain} token(s) in ${file} are kept in plain; lackpy mcp token writes sha256:<hex> lines\n`,
    );
  context.io.stderr(
    `lackpy: serving MCP at ${server.url}/mcp${tokens.length ? " (bearer tokens required)" : ""}${exported ? `; traces to ${exported.endpoint}` : ""}\n`,
  );
  await server.closed;
}

function optional<Key extends string>(key: Key, value: number | undefined) {
  return value === undefined ? {} : ({ [key]: value } as Record<Key, number>);
}

function wholeNumber(name: string, value: unknown, min: number): number | undefined {
  if (value === undefined || value === "") return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < min)
    throw new UsageError(
      `${name} must be a whole number${min === 0 ? "" : " above 0"}, not '${String(value)}'.`,
    );
  return number;
}

function portNumber(name: string, value: unknown): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65_535)
    throw new UsageError(`${name} must be a port number from 0 to 65535, not '${String(value)}'.`);
  return number;
}
