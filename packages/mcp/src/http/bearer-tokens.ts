/**
 * The bearer tokens a server accepts, kept only as SHA-256 digests (a tokens file holds
 * `sha256:<hex>` lines; a token given in plain is hashed when read). A presented token is hashed
 * and compared with every known digest in constant time (`timingSafeEqual`, no early exit), so
 * the time taken says nothing about which token, or how much of one, was right. A token is named
 * by `tokenId`, never by itself.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { DEFAULT_TOKEN_ROLE, type TokenRole } from "./token-roles.js";

/** Who a request authenticated as: the token's id, its role, its limits, and the workspaces it may use (null: all). */
export interface TokenIdentity {
  /** `tokenId` of the token: the caller's opaque id in logs, limits and per-caller state. */
  id: string;
  workspaces: readonly string[] | null;
  role: TokenRole;
  /** Its own rate, in requests a minute (the server's when absent). */
  ratePerMinute?: number;
}

/** A token (or its SHA-256 in hex), the workspaces it may use (null: all), its role and rate. */
export type TokenEntry = ({ token: string } | { sha256: string }) & {
  workspaces: readonly string[] | null;
  /** Default `write` (`DEFAULT_TOKEN_ROLE`). */
  role?: TokenRole;
  ratePerMinute?: number;
};

interface KnownToken {
  digest: Buffer;
  identity: TokenIdentity;
}

/** The tokens a server accepts; `replace` swaps them all at once (a reload). */
export class TokenTable {
  private tokens: KnownToken[] = [];

  constructor(entries: readonly TokenEntry[]) {
    this.replace(entries);
  }

  /** How many tokens are known. */
  get size(): number {
    return this.tokens.length;
  }

  /** Replaces every known token: a token left out is refused from the next request on. */
  replace(entries: readonly TokenEntry[]): void {
    this.tokens = entries.map((entry) => {
      const digest = "token" in entry ? digestOf(entry.token) : Buffer.from(entry.sha256, "hex");
      return {
        digest,
        identity: {
          id: idOfDigest(digest),
          workspaces: entry.workspaces,
          role: entry.role ?? DEFAULT_TOKEN_ROLE,
          ...(entry.ratePerMinute === undefined ? {} : { ratePerMinute: entry.ratePerMinute }),
        },
      };
    });
  }

  /**
   * The identity of the `Authorization: Bearer …` header's token, or null. Every known token is
   * compared, each in constant time, whatever matched first.
   */
  authenticate(header: string | undefined): TokenIdentity | null {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
    const presented = digestOf(match?.[1] ?? "");
    let found: TokenIdentity | null = null;
    for (const known of this.tokens)
      if (timingSafeEqual(known.digest, presented) && match) found ??= known.identity;
    return found;
  }
}

/**
 * A token's opaque id: `tok_` and the first 16 hex digits of its SHA-256. It names the token in
 * logs and is the caller's key for rate limits and for per-caller state (runs, dry runs, undo),
 * the same on every instance.
 */
export function tokenId(token: string): string {
  return idOfDigest(digestOf(token));
}

/** The SHA-256 of a token in hex: what a tokens file keeps (`sha256:<hex>`). */
export function tokenDigest(token: string): string {
  return digestOf(token).toString("hex");
}

/** The id of the token whose SHA-256 is `digest` (hex, as a tokens file keeps it). */
export function tokenIdOfDigest(digest: string): string {
  return `tok_${digest.slice(0, 16)}`;
}

function idOfDigest(digest: Buffer): string {
  return tokenIdOfDigest(digest.toString("hex"));
}

function digestOf(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}
