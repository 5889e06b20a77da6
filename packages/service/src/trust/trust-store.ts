/**
 * Where trust is recorded: one JSON file per workspace under the user's state folder
 * (`$XDG_STATE_HOME/lackpy/trust/`, else `~/.local/state/lackpy/trust/`; `%LOCALAPPDATA%` on
 * Windows), named after the workspace's real path. It lives outside every workspace, so no
 * program lackpy runs and no cloned repository can write it. The same state folder holds the
 * neutral folder package runners start in.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import { readRegularFileSync } from "@lackpy/kit/node";
import path from "node:path";
import type { Fingerprint } from "./fingerprint.js";
import type { TrustItem } from "./trust-types.js";

/**
 * The largest file lackpy reads from the state folder (32 MiB): every state file is read as a
 * regular file of at most this size, never a FIFO, a device or a link to one (decision 92).
 */
export const MAX_STATE_FILE_BYTES = 32 * 1024 * 1024;

/** The version of the record's format; a record of another version trusts nothing. */
export const TRUST_RECORD_VERSION = 1;

/** What `lackpy trust` wrote for one workspace. */
export interface TrustRecord {
  version: typeof TRUST_RECORD_VERSION;
  /** The workspace's real path. */
  workspace: string;
  /** ISO time of the trust. */
  trustedAt: string;
  /** The digest of the config text that was trusted (`absent` when there was none). */
  configDigest: string;
  /** The digest of the config's code-naming parts (`[tools]`, `[mcp_servers]`, `[kit] default`). */
  codeDigest: string;
  /** Every fingerprinted path by key (`folder:tools`, `file:/abs/outside.mjs`). */
  fingerprints: Record<string, Fingerprint>;
  /** What was trusted, for people and `lackpy status`. */
  items: TrustItem[];
}

/** lackpy's state folder for the user: `$XDG_STATE_HOME/lackpy`, else a per-platform default. */
export function stateDir(env: Record<string, string | undefined> = process.env): string {
  if (env.XDG_STATE_HOME && path.isAbsolute(env.XDG_STATE_HOME))
    return path.join(env.XDG_STATE_HOME, "lackpy");
  if (process.platform === "win32" && env.LOCALAPPDATA)
    return path.join(env.LOCALAPPDATA, "lackpy", "state");
  return path.join(env.HOME || os.homedir(), ".local", "state", "lackpy");
}

/** The real path of a workspace (itself when it cannot be resolved). */
export function realWorkspace(workspace: string): string {
  try {
    return realpathSync.native(workspace);
  } catch {
    return path.resolve(workspace);
  }
}

/** A workspace's file in a folder of the state folder (`trust`, `mcp-tools`), keyed by its real path: `<name>-<hash>.json`. */
export function workspaceStateFile(workspace: string, folder: string, state = stateDir()): string {
  const real = realWorkspace(workspace);
  const key = createHash("sha256").update(real).digest("hex").slice(0, 32);
  const label =
    path
      .basename(real)
      .replace(/[^A-Za-z0-9_.-]/g, "_")
      .slice(0, 40) || "root";
  return path.join(state, folder, `${label}-${key}.json`);
}

/** The record file of a workspace, keyed by its real path. */
export function trustRecordPath(workspace: string, state = stateDir()): string {
  return workspaceStateFile(workspace, "trust", state);
}

/** The folder package runners start in: outside every workspace, with an empty `package.json` of its own. */
export function neutralDir(state = stateDir()): string {
  return path.join(state, "neutral");
}

/** Creates the neutral folder and its `package.json` when missing. */
export function ensureNeutralDir(folder: string): void {
  const manifest = path.join(folder, "package.json");
  if (statSync(manifest, { throwIfNoEntry: false })?.isFile()) return;
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  writeAtomically(
    manifest,
    `${JSON.stringify({ name: "lackpy-neutral", private: true, description: "The folder lackpy starts package-runner MCP servers in, so that no workspace's package is picked." }, null, 2)}\n`,
  );
}

/**
 * The record of a workspace, or null when there is none (or it is unreadable, of another version,
 * not a regular file, or larger than `MAX_STATE_FILE_BYTES`): a record that is a FIFO or a link to
 * `/dev/zero` trusts nothing and stalls nothing.
 */
export function readTrustRecord(file: string): TrustRecord | null {
  let text: string;
  try {
    text = readRegularFileSync(file, { maxBytes: MAX_STATE_FILE_BYTES }).toString("utf8");
  } catch {
    return null;
  }
  try {
    const record = JSON.parse(text) as TrustRecord;
    return record?.version === TRUST_RECORD_VERSION && typeof record.fingerprints === "object"
      ? record
      : null;
  } catch {
    return null;
  }
}

/** Writes a record atomically (a temp file, then a rename), creating the folder private to the user. */
export function writeTrustRecord(file: string, record: TrustRecord): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeAtomically(file, `${JSON.stringify(record, null, 2)}\n`);
}

/** Removes a record; true when there was one. */
export function removeTrustRecord(file: string): boolean {
  const existed = statSync(file, { throwIfNoEntry: false }) !== undefined;
  rmSync(file, { force: true });
  return existed;
}

function writeAtomically(file: string, content: string): void {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`,
  );
  try {
    writeFileSync(temporary, content, { flag: "wx", mode: 0o600 });
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
