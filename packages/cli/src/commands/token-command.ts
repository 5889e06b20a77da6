import type { TokenRole } from "@lackpy/mcp";
import { UsageError } from "../args/usage-error.js";
import { importMcpServer } from "./import-mcp-server.js";

/** What `lackpy mcp token` made: the token (shown once), its id and tokens file line. */
export interface MadeToken {
  token: string;
  id: string;
  role: TokenRole;
  /** The tokens file line: the token's digest, never the token. */
  line: string;
  file: string | null;
  workspaces: string[] | null;
}

/**
 * Makes a random token (32 bytes, base64url) with a role and, with a file, appends its line
 * there (`sha256:<hex> role=… workspace…`; the file is made with mode 600).
 */
export async function makeToken(options: {
  file?: string;
  workspaces?: string;
  role?: string;
  cwd: string;
}): Promise<MadeToken> {
  const mcp = await importMcpServer();
  const role = options.role ?? mcp.DEFAULT_TOKEN_ROLE;
  if (!mcp.isTokenRole(role))
    throw new UsageError(
      `--role '${role}' is not a role.`,
      `use one of ${mcp.TOKEN_ROLES.join(", ")}`,
    );
  const { randomBytes } = await import("node:crypto");
  const token = randomBytes(32).toString("base64url");
  const names = options.workspaces
    ?.split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (names?.some((name) => !/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(name)))
    throw new UsageError(
      `--workspaces '${options.workspaces}' must be comma-separated workspace names.`,
      "use letters, digits, '.', '_' or '-'",
    );
  const workspaces = names?.length ? names : null;
  const line = mcp.tokenLine(token, { role, workspaces });
  const made = { token, id: mcp.tokenId(token), role, line, workspaces };
  if (!options.file) return { ...made, file: null };
  const { appendFile, chmod, stat } = await import("node:fs/promises");
  const { resolve } = await import("node:path");
  const target = resolve(options.cwd, options.file);
  const existed = await stat(target).then(
    () => true,
    () => false,
  );
  await appendFile(target, `${line}\n`, { mode: 0o600 });
  if (!existed) await chmod(target, 0o600);
  return { ...made, file: target };
}

/** Removes a token's lines (by its `tok_…` id) from a tokens file; running servers drop it on SIGHUP. */
export async function revokeToken(options: {
  id: string;
  file: string | undefined;
  cwd: string;
}): Promise<{ id: string; file: string; removed: number }> {
  if (!options.file)
    throw new UsageError(
      "--revoke needs the tokens file to remove the token from.",
      "add --tokens-file FILE",
    );
  const mcp = await importMcpServer();
  const { readFile, rename, stat, writeFile } = await import("node:fs/promises");
  const { resolve } = await import("node:path");
  const file = resolve(options.cwd, options.file);
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`Cannot read the tokens file ${file}: ${error.code ?? error.message}.`);
  });
  const { text: kept, removed } = mcp.revokeTokenLines(text, options.id);
  if (removed === 0)
    throw new UsageError(
      `${file} has no token with the id '${options.id}'.`,
      "the id is tok_ and 16 hex digits, as the server's log names it",
    );
  // Replaced whole (same mode), so a server reloading at that moment reads the old file or the new.
  const { mode } = await stat(file);
  const next = `${file}.${process.pid}.tmp`;
  await writeFile(next, kept, { mode: mode & 0o777 });
  await rename(next, file);
  return { id: options.id, file, removed };
}
