/**
 * Tokens from a tokens file and from `LACKPY_MCP_TOKENS`. A file line is
 * `sha256:<hex> [role=ROLE] [rate=N] [workspace …]` (a token in plain is accepted too, and hashed
 * when read); `#` starts a comment. The variable is comma-separated `token[:role=ROLE][:rate=N][:workspace…]`.
 * A token itself never appears in a message.
 */
import { McpServeError } from "./mcp-serve-error.js";
import { isTokenRole, TOKEN_ROLES } from "./token-roles.js";
import type { TokenEntry } from "./bearer-tokens.js";

/** The RFC 6750 token68 alphabet: what a bearer token may hold (so spaces, commas and colons can separate). */
const TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
/** A SHA-256 digest as a tokens file keeps it. */
const DIGEST = /^sha256:([0-9a-f]{64})$/;
/** A workspace name a token may be limited to. */
const WORKSPACE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
/** Tokens shorter than this are refused: a guessable token is no authentication. */
export const MIN_TOKEN_LENGTH = 16;

/** A token entry as read, with whether the file kept the token in plain. */
export type ReadTokenEntry = TokenEntry & { plain?: boolean };

/** Reads tokens from a tokens file's text. */
export function parseTokensFile(text: string, file: string): ReadTokenEntry[] {
  const entries: ReadTokenEntry[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, "").trim();
    if (line === "") return;
    const [secret, ...rest] = line.split(/\s+/);
    entries.push(entry(secret!, rest, `${file}:${index + 1}`));
  });
  return entries;
}

/** Reads tokens from `LACKPY_MCP_TOKENS`: comma-separated, each `token` or `token:role=write:ws1:ws2`. */
export function parseTokensVariable(value: string): ReadTokenEntry[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item, index) => {
      const parts = item.split(":");
      // `sha256:<hex>` is one part of the entry, not a token followed by a workspace.
      const secret = parts[0] === "sha256" && parts.length > 1 ? `sha256:${parts[1]}` : parts[0]!;
      const rest = parts.slice(secret.startsWith("sha256:") ? 2 : 1);
      return entry(secret, rest, `LACKPY_MCP_TOKENS entry ${index + 1}`);
    });
}

function entry(secret: string, rest: readonly string[], where: string): ReadTokenEntry {
  const digest = DIGEST.exec(secret);
  if (!digest) checkToken(secret, where);
  const settings: Pick<TokenEntry, "role" | "ratePerMinute"> = {};
  const workspaces: string[] = [];
  for (const item of rest) {
    const [key, value] = item.includes("=") ? item.split("=", 2) : [null, item];
    if (key === "role") {
      if (!isTokenRole(value!))
        throw new McpServeError("invalid_token", `${where}: '${value}' is not a role.`, {
          hint: `the roles are ${TOKEN_ROLES.join(", ")}`,
        });
      settings.role = value;
    } else if (key === "rate") {
      const rate = Number(value);
      if (!Number.isSafeInteger(rate) || rate < 1)
        throw new McpServeError(
          "invalid_token",
          `${where}: rate=${value} is not a whole number of requests a minute.`,
          {
            hint: "write rate=60 for 60 requests a minute",
          },
        );
      settings.ratePerMinute = rate;
    } else if (key === null && WORKSPACE.test(item)) workspaces.push(item);
    else
      throw new McpServeError(
        "invalid_token",
        `${where}: '${item}' is not a workspace name, role= or rate=.`,
        {
          hint: "name workspaces with letters, digits, '.', '_' or '-'; write role=write or rate=60",
        },
      );
  }
  return {
    ...(digest ? { sha256: digest[1]! } : { token: secret, plain: true }),
    workspaces: workspaces.length ? workspaces : null,
    ...settings,
  };
}

function checkToken(token: string, where: string): void {
  if (!TOKEN.test(token))
    throw new McpServeError(
      "invalid_token",
      `${where}: the token has characters a bearer token cannot hold.`,
      { hint: "use letters, digits and -._~+/, or sha256:<hex> (lackpy mcp token makes one)" },
    );
  if (token.length < MIN_TOKEN_LENGTH)
    throw new McpServeError(
      "invalid_token",
      `${where}: the token is shorter than ${MIN_TOKEN_LENGTH} characters.`,
      { hint: "lackpy mcp token makes a random one" },
    );
}

/** The tokens of `--tokens-file` and `LACKPY_MCP_TOKENS` together (either may be absent). */
export async function loadTokens(options: {
  file?: string;
  env?: Record<string, string | undefined>;
}): Promise<ReadTokenEntry[]> {
  const entries: ReadTokenEntry[] = [];
  if (options.file) {
    const { readFile } = await import("node:fs/promises");
    let text: string;
    try {
      text = await readFile(options.file, "utf8");
    } catch (error) {
      throw new McpServeError(
        "invalid_option",
        `Cannot read the tokens file ${options.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`,
        {
          hint: "pass a file with one token per line (lackpy mcp token --tokens-file FILE makes one)",
        },
      );
    }
    entries.push(...parseTokensFile(text, options.file));
  }
  const variable = options.env?.LACKPY_MCP_TOKENS;
  if (variable) entries.push(...parseTokensVariable(variable).map(({ plain: _, ...rest }) => rest));
  return entries;
}
