import type { ArgsDef } from "citty";
import type { TraceDetail } from "@lackpy/service";
import { positiveInteger } from "../args/parse-flags.js";
import { UsageError } from "../args/usage-error.js";
import type { CommandContext } from "../io/command-context.js";
import { importMcpServer } from "./import-mcp-server.js";

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
      "On SIGTERM, how long requests in flight may finish before they are cancelled (default 10000)",
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

/** `lackpy mcp serve --http`: serves until SIGTERM or SIGINT, then drains. */
export async function serveOverHttp(
  context: CommandContext,
  workspace: string,
  args: HttpFlags,
  shape: { trace: TraceDetail; maxOutputChars?: number },
): Promise<void> {
  const mcp = await importMcpServer();
  const { resolve } = await import("node:path");
  const port = args.port === undefined ? undefined : nonNegativeInteger("--port", args.port);
  const tokens = await mcp.loadTokens({
    ...(args["tokens-file"] ? { file: resolve(context.io.cwd, String(args["tokens-file"])) } : {}),
    env: context.io.env,
  });
  const number = (flag: keyof HttpFlags) => positiveInteger(`--${flag}`, args[flag]);
  const { LackpyService } = await import("@lackpy/service");
  const server = await mcp.serveHttp({
    workspaces: [workspace],
    ...(args.host ? { host: String(args.host) } : {}),
    ...(port === undefined ? {} : { port }),
    tokens,
    ...optional("maxBodyBytes", number("max-body-bytes")),
    ...optional("maxConcurrent", number("max-concurrent")),
    ...optional("ratePerMinute", number("rate-limit")),
    ...optional("drainMs", number("drain-ms")),
    ...shape,
    handleSignals: true,
    openService: (directory, more) =>
      LackpyService.open({ workspace: directory, env: context.io.env, ...more }),
  });
  context.io.stderr(
    `lackpy: serving MCP at ${server.url}/mcp${tokens.length ? " (bearer tokens required)" : ""}\n`,
  );
  await server.closed;
}

function optional<Key extends string>(key: Key, value: number | undefined) {
  return value === undefined ? {} : ({ [key]: value } as Record<Key, number>);
}

function nonNegativeInteger(flag: string, value: unknown): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65_535)
    throw new UsageError(`${flag} must be a port number from 0 to 65535, not '${String(value)}'.`);
  return number;
}

/** Makes a random token (32 bytes, base64url) and, with a file, appends it there (mode 600 when made). */
export async function makeToken(
  file: string | undefined,
  workspaces: string | undefined,
  cwd: string,
): Promise<{ token: string; file: string | null; workspaces: string[] | null }> {
  const { randomBytes } = await import("node:crypto");
  const token = randomBytes(32).toString("base64url");
  const names = workspaces
    ?.split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (names?.some((name) => !/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(name)))
    throw new UsageError(
      `--workspaces '${workspaces}' must be comma-separated workspace names.`,
      "use letters, digits, '.', '_' or '-'",
    );
  if (!file) return { token, file: null, workspaces: names?.length ? names : null };
  const { appendFile, chmod, stat } = await import("node:fs/promises");
  const { resolve } = await import("node:path");
  const target = resolve(cwd, file);
  const existed = await stat(target).then(
    () => true,
    () => false,
  );
  await appendFile(target, `${[token, ...(names ?? [])].join(" ")}\n`, { mode: 0o600 });
  if (!existed) await chmod(target, 0o600);
  return { token, file: target, workspaces: names?.length ? names : null };
}
