/**
 * Bearer tokens for the HTTP server: from a file (one token per line, optionally followed by the
 * workspaces it may use) and from `LACKPY_MCP_TOKENS` (comma-separated, `token` or
 * `token:ws1:ws2`). A presented token is compared with every known one in constant time (SHA-256
 * digests through `timingSafeEqual`, no early exit), so the time taken says nothing about how
 * much of a token was right. A token is named in logs by a digest prefix, never by itself.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { McpServeError } from "./mcp-serve-error.js";

/** The RFC 6750 token68 alphabet: what a bearer token may hold (so spaces, commas and colons can separate). */
const TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
/** A workspace name a token may be limited to. */
const WORKSPACE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
/** Tokens shorter than this are refused: a guessable token is no authentication. */
export const MIN_TOKEN_LENGTH = 16;

/** Who a request authenticated as: the token's id for logs and rate limits, and the workspaces it may use (null: all). */
export interface TokenIdentity {
  id: string;
  workspaces: readonly string[] | null;
}

/** A token and the workspaces it may use (null: all). */
export interface TokenEntry {
  token: string;
  workspaces: readonly string[] | null;
}

interface KnownToken {
  digest: Buffer;
  identity: TokenIdentity;
}

/** The tokens a server accepts. */
export class TokenTable {
  private readonly tokens: KnownToken[];

  constructor(entries: readonly TokenEntry[]) {
    this.tokens = entries.map(({ token, workspaces }) => ({
      digest: digest(token),
      identity: { id: tokenId(token), workspaces },
    }));
  }

  /** How many tokens are known. */
  get size(): number {
    return this.tokens.length;
  }

  /**
   * The identity of the `Authorization: Bearer …` header's token, or null. Every known token is
   * compared, each in constant time, whatever matched first.
   */
  authenticate(header: string | undefined): TokenIdentity | null {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
    const presented = digest(match?.[1] ?? "");
    let found: TokenIdentity | null = null;
    for (const known of this.tokens)
      if (timingSafeEqual(known.digest, presented) && match) found ??= known.identity;
    return found;
  }
}

/** A short, stable name for a token in logs: the first 8 hex digits of its SHA-256. */
export function tokenId(token: string): string {
  return `tok_${createHash("sha256").update(token).digest("hex").slice(0, 8)}`;
}

function digest(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

/** Reads tokens from a tokens file's text: `TOKEN [workspace …]` per line, `#` comments, blank lines. */
export function parseTokensFile(text: string, file: string): TokenEntry[] {
  const entries: TokenEntry[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, "").trim();
    if (line === "") return;
    const [token, ...workspaces] = line.split(/\s+/);
    checkToken(token!, `${file}:${index + 1}`);
    for (const workspace of workspaces) checkWorkspace(workspace, `${file}:${index + 1}`);
    entries.push({ token: token!, workspaces: workspaces.length ? workspaces : null });
  });
  return entries;
}

/** Reads tokens from `LACKPY_MCP_TOKENS`: comma-separated, each `token` or `token:ws1:ws2`. */
export function parseTokensVariable(value: string): TokenEntry[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item, index) => {
      const [token, ...workspaces] = item.split(":");
      checkToken(token!, `LACKPY_MCP_TOKENS entry ${index + 1}`);
      for (const workspace of workspaces)
        checkWorkspace(workspace, `LACKPY_MCP_TOKENS entry ${index + 1}`);
      return { token: token!, workspaces: workspaces.length ? workspaces : null };
    });
}

function checkToken(token: string, where: string): void {
  // The token itself is never part of a message.
  if (!TOKEN.test(token))
    throw new McpServeError(
      "invalid_token",
      `${where}: the token has characters a bearer token cannot hold.`,
      { hint: "use letters, digits and -._~+/ (lackpy mcp token makes one)" },
    );
  if (token.length < MIN_TOKEN_LENGTH)
    throw new McpServeError(
      "invalid_token",
      `${where}: the token is shorter than ${MIN_TOKEN_LENGTH} characters.`,
      { hint: "lackpy mcp token makes a random one" },
    );
}

function checkWorkspace(workspace: string, where: string): void {
  if (!WORKSPACE.test(workspace))
    throw new McpServeError("invalid_token", `${where}: '${workspace}' is not a workspace name.`, {
      hint: "name workspaces with letters, digits, '.', '_' or '-'",
    });
}

/** The tokens of `--tokens-file` and `LACKPY_MCP_TOKENS` together (either may be absent). */
export async function loadTokens(options: {
  file?: string;
  env?: Record<string, string | undefined>;
}): Promise<TokenEntry[]> {
  const entries: TokenEntry[] = [];
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
  if (variable) entries.push(...parseTokensVariable(variable));
  return entries;
}
