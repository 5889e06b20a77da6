import type { McpServerSettings } from "./config-types.js";

/** A problem found in the config, as `parseConfig` reports it. */
interface Problem {
  key: string;
  message: string;
}

const SERVER_NAME = /^[A-Za-z0-9_-]+$/;
const PREFIX = /^(?:[A-Za-z_$][A-Za-z0-9_$]*)?$/;
const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Problems of the `[mcp_servers.<name>]` tables that the per-key schema cannot see. */
export function checkMcpServers(raw: unknown): Problem[] {
  const problems: Problem[] = [];
  if (typeof raw !== "object" || raw === null) return problems;
  for (const [name, entry] of Object.entries(raw as Record<string, Record<string, unknown>>)) {
    const at = `mcp_servers.${name}`;
    if (typeof entry !== "object" || entry === null) continue;
    if (!SERVER_NAME.test(name))
      problems.push({ key: at, message: "a server name is letters, digits, _ and - only" });
    const hasCommand = typeof entry.command === "string" && entry.command.trim() !== "";
    const hasUrl = typeof entry.url === "string";
    if (hasCommand === hasUrl)
      problems.push({
        key: at,
        message: hasCommand
          ? "has both command and url; give command (stdio) or url (Streamable HTTP)"
          : "needs command (a stdio server) or url (a Streamable HTTP server)",
      });
    if (hasUrl && !/^https?:\/\/[^\s/]+/.test(entry.url as string))
      problems.push({ key: `${at}.url`, message: "must be an http:// or https:// URL" });
    if (hasUrl)
      for (const key of ["args", "env", "inherit_env", "cwd"])
        if (key in entry)
          problems.push({ key: `${at}.${key}`, message: "applies to stdio servers only" });
    if (hasCommand)
      for (const key of ["headers", "bearer_token_env"])
        if (key in entry)
          problems.push({ key: `${at}.${key}`, message: "applies to HTTP servers only" });
    if (typeof entry.prefix === "string" && !PREFIX.test(entry.prefix))
      problems.push({
        key: `${at}.prefix`,
        message: `"${entry.prefix}" cannot start a tool name: use letters, digits and _ (e.g. "${name.replace(/[^A-Za-z0-9_]/g, "_")}_")`,
      });
    for (const key of ["inherit_env"])
      for (const variable of Array.isArray(entry[key]) ? (entry[key] as unknown[]) : [])
        if (typeof variable === "string" && !VARIABLE.test(variable))
          problems.push({ key: `${at}.${key}`, message: `"${variable}" is not a variable name` });
  }
  return problems;
}

/** The `[mcp_servers.<name>]` tables as provider configs. */
export function toMcpServers(
  raw: Record<string, Record<string, any>> | undefined,
): Record<string, McpServerSettings> {
  const servers: Record<string, McpServerSettings> = {};
  for (const [name, entry] of Object.entries(raw ?? {})) {
    const optional = <T>(key: string, as: keyof McpServerSettings) =>
      entry[key] !== undefined ? { [as]: entry[key] as T } : {};
    servers[name] = {
      ...optional("command", "command"),
      ...optional("args", "args"),
      ...optional("env", "env"),
      ...optional("inherit_env", "inheritEnv"),
      ...optional("cwd", "cwd"),
      ...optional("url", "url"),
      ...optional("headers", "headers"),
      ...optional("bearer_token_env", "bearerTokenEnv"),
      ...optional("prefix", "prefix"),
      ...optional("timeout_ms", "timeoutMs"),
      ...optional("connect_timeout_ms", "connectTimeoutMs"),
      ...optional("accepts_secrets", "acceptsSecrets"),
      ...optional("requires_approval", "requiresApproval"),
    };
  }
  return servers;
}
