import { UsageError } from "../args/usage-error.js";

/**
 * Every flag of `lackpy mcp serve` and the environment variable that sets it when the flag is
 * not given (a flag wins). The README's "Serving a team" lists the same table; a test keeps the
 * two and the command's flags in step.
 */
export const SERVE_VARIABLES = Object.freeze({
  workspace: "LACKPY_MCP_WORKSPACE",
  http: "LACKPY_MCP_HTTP",
  host: "LACKPY_MCP_HOST",
  port: "LACKPY_MCP_PORT",
  "tokens-file": "LACKPY_MCP_TOKENS_FILE",
  "max-body-bytes": "LACKPY_MCP_MAX_BODY_BYTES",
  "max-concurrent": "LACKPY_MCP_MAX_CONCURRENT",
  "rate-limit": "LACKPY_MCP_RATE_LIMIT",
  "drain-ms": "LACKPY_MCP_DRAIN_MS",
  "ready-grace-ms": "LACKPY_MCP_READY_GRACE_MS",
  "header-timeout-ms": "LACKPY_MCP_HEADER_TIMEOUT_MS",
  "body-timeout-ms": "LACKPY_MCP_BODY_TIMEOUT_MS",
  trace: "LACKPY_MCP_TRACE",
  "max-output-chars": "LACKPY_MCP_MAX_OUTPUT_CHARS",
  debug: "LACKPY_MCP_DEBUG",
});

/** A flag of `lackpy mcp serve`. */
export type ServeFlag = keyof typeof SERVE_VARIABLES;

/** Flags that only the HTTP server takes: their variables are ignored over stdio. */
const HTTP_ONLY = new Set<ServeFlag>([
  "host",
  "port",
  "tokens-file",
  "max-body-bytes",
  "max-concurrent",
  "rate-limit",
  "drain-ms",
  "ready-grace-ms",
  "header-timeout-ms",
  "body-timeout-ms",
]);

/** Flags that are switches (`1`/`true`/`yes`, `0`/`false`/`no`). */
const SWITCHES = new Set<ServeFlag>(["http", "debug"]);

/** The flags with the environment filled in, and how to name where each value came from. */
export interface ServeSettings {
  args: Partial<Record<ServeFlag, string | boolean>>;
  /** `--port`, or `LACKPY_MCP_PORT` when the value came from there. */
  source(flag: ServeFlag): string;
}

/**
 * Fills in each flag not given from its variable: all of them when serving HTTP (`--http` or
 * `LACKPY_MCP_HTTP`), else only those stdio takes, so a variable meant for a team server does not
 * break a stdio server started in the same shell.
 */
export function serveSettings(
  given: Partial<Record<string, unknown>>,
  env: Record<string, string | undefined>,
): ServeSettings {
  const args: ServeSettings["args"] = {};
  const fromEnv = new Set<ServeFlag>();
  for (const flag of Object.keys(SERVE_VARIABLES) as ServeFlag[]) {
    const value = given[flag];
    if (value !== undefined && value !== false) args[flag] = value as string | boolean;
  }
  const http = args.http === true || switchValue("http", env[SERVE_VARIABLES.http]) === true;
  for (const [flag, variable] of Object.entries(SERVE_VARIABLES) as [ServeFlag, string][]) {
    const raw = env[variable]?.trim();
    if (args[flag] !== undefined || !raw || (!http && HTTP_ONLY.has(flag))) continue;
    args[flag] = SWITCHES.has(flag) ? switchValue(flag, raw) : raw;
    fromEnv.add(flag);
  }
  if (args.http === false) delete args.http;
  if (args.debug === false) delete args.debug;
  return {
    args,
    source: (flag) => (fromEnv.has(flag) ? SERVE_VARIABLES[flag] : `--${flag}`),
  };
}

function switchValue(flag: ServeFlag, raw: string | undefined): boolean | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const value = raw.trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(value)) return true;
  if (["0", "false", "no", "off"].includes(value)) return false;
  throw new UsageError(
    `${SERVE_VARIABLES[flag]} must be 1 or 0 (true or false), not '${raw}'.`,
    `unset it, or set ${SERVE_VARIABLES[flag]}=1`,
  );
}
