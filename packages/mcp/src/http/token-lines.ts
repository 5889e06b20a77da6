/**
 * Writing and revoking tokens file lines: a new token is kept as its digest (`sha256:<hex>`),
 * with its role and workspaces; revoking removes every line of a token id, comments and other
 * lines untouched. A running server takes either change on SIGHUP.
 */
import { tokenDigest, tokenId, tokenIdOfDigest } from "./bearer-tokens.js";
import type { TokenRole } from "./token-roles.js";

/** The tokens file line of a token: its digest, role and workspaces, never the token. */
export function tokenLine(
  token: string,
  options: { role: TokenRole; workspaces?: readonly string[] | null },
): string {
  return [
    `sha256:${tokenDigest(token)}`,
    `role=${options.role}`,
    ...(options.workspaces ?? []),
  ].join(" ");
}

/** The text without the lines of the token `id` (`tok_…`), and how many were removed. */
export function revokeTokenLines(text: string, id: string): { text: string; removed: number } {
  let removed = 0;
  const kept = text.split(/(?<=\n)/).filter((line) => {
    const first = line.replace(/#.*$/, "").trim().split(/\s+/)[0] ?? "";
    if (first === "") return true;
    const digest = /^sha256:([0-9a-f]{64})$/.exec(first);
    const lineId = digest ? tokenIdOfDigest(digest[1]!) : tokenId(first);
    if (lineId !== id) return true;
    removed += 1;
    return false;
  });
  return { text: kept.join(""), removed };
}
