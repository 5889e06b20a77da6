/**
 * How to reach one MCP server: a command started over stdio, or a Streamable HTTP `url`.
 * A stdio server's environment is the MCP SDK's safe default (PATH, HOME, USER, SHELL, TERM,
 * LOGNAME and their Windows equivalents) plus `inheritEnv` (names copied from lackpy's
 * environment) plus `env`: nothing else of lackpy's environment, secrets included, reaches it.
 */
export interface McpServerConfig {
  /** The executable of a stdio server. */
  command?: string;
  args?: readonly string[];
  /** Variables set for a stdio server. */
  env?: Readonly<Record<string, string>>;
  /** Names of lackpy's environment variables passed on to a stdio server. */
  inheritEnv?: readonly string[];
  /** Working folder of a stdio server, relative to the provider's `baseDir`. */
  cwd?: string;
  /** The endpoint of a Streamable HTTP server. */
  url?: string;
  /** Headers sent to an HTTP server. */
  headers?: Readonly<Record<string, string>>;
  /** Name of an environment variable whose value is sent as `Authorization: Bearer …` to an HTTP server. */
  bearerTokenEnv?: string;
  /** Prepended to each tool's name (default `<server name>_`; `""` for none). */
  prefix?: string;
  /** Time limit of one tool call (default `DEFAULT_MCP_CALL_TIMEOUT_MS`). */
  timeoutMs?: number;
  /** Time limit of starting and initialising the server (default `DEFAULT_MCP_CONNECT_TIMEOUT_MS`). */
  connectTimeoutMs?: number;
  /**
   * True when the server's tools may be given secret parameters (`accepts_secrets = true`): a
   * server may echo what it gets, so by default its tools take none (`secret_access`).
   */
  acceptsSecrets?: boolean;
}

/** A tool call's time limit when the config gives none (the run's tool time limit usually comes first). */
export const DEFAULT_MCP_CALL_TIMEOUT_MS = 60_000;

/** Starting and initialising a server's time limit when the config gives none. */
export const DEFAULT_MCP_CONNECT_TIMEOUT_MS = 10_000;

/** The prefix of a server's tool names: the configured one, else `<server name>_`. */
export function mcpPrefix(server: string, config: McpServerConfig): string {
  return config.prefix ?? `${server}_`;
}
