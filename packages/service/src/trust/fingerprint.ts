/**
 * Fingerprints of the code a config names: a file is the SHA-256 of its bytes, a folder the
 * SHA-256 of its sorted listing (every entry's relative path, kind and content digest, through
 * symlinks), a missing path `absent`. File digests are cached in this process by path, size,
 * mtime, ctime and inode, so checking a folder again stats every entry but reads only what
 * changed. The cache lives in memory only: another process hashes everything afresh.
 */
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readlinkSync, realpathSync, statSync, type Stats } from "node:fs";
import path from "node:path";
import { readRegularFileSync } from "@lackpy/kit/node";
import { ServiceError } from "../service-error.js";

/** Most entries a code folder may hold: lackpy fingerprints it whole on every check. */
export const MAX_CODE_FOLDER_ENTRIES = 5_000;

/** Most bytes a code folder may hold. */
export const MAX_CODE_FOLDER_BYTES = 128 * 1024 * 1024;

/** How a path is fingerprinted: the file alone, or the folder and everything in it. */
export type CodeScope = "file" | "folder";

interface CachedDigest {
  stamp: string;
  digest: string;
}

const fileDigests = new Map<string, CachedDigest>();

/** How many files this process has read to hash them (what the cache saves shows here). */
export const fingerprintReads = { files: 0 };

/** A path's fingerprint: its digest, and for a folder the digest of each entry by its `/`-separated path inside it. */
export interface Fingerprint {
  digest: string;
  entries?: Record<string, string>;
}

/** The fingerprint of a file or folder (`absent` when missing); throws `invalid_config` for a folder over the caps. */
export function fingerprintPath(absolute: string, scope: CodeScope): Fingerprint {
  const info = statOf(absolute);
  if (!info) return { digest: "absent" };
  if (info.isFile()) {
    if (info.size > MAX_CODE_FOLDER_BYTES) throw tooBig(absolute, "bytes", "file");
    return { digest: `file:${fileDigest(absolute, info)}` };
  }
  if (!info.isDirectory()) return { digest: "other" };
  if (scope === "file") return { digest: "folder" };
  const budget = { entries: 0, bytes: 0, root: absolute };
  const entries: Record<string, string> = {};
  walk(absolute, "", new Set([realOf(absolute)]), entries, budget);
  const listing = Object.keys(entries)
    .sort()
    .map((name) => `${name}\0${entries[name]}`)
    .join("\n");
  return { digest: `folder:${createHash("sha256").update(listing).digest("hex")}`, entries };
}

/**
 * What differs between a recorded and a current fingerprint of the same path: `""` for the
 * path itself, an entry's path inside a folder, or null when they agree.
 */
export function changedEntry(recorded: Fingerprint, current: Fingerprint): string | null {
  if (recorded.digest === current.digest) return null;
  if (!recorded.entries || !current.entries) return "";
  const names = [...new Set([...Object.keys(recorded.entries), ...Object.keys(current.entries)])];
  return names.sort().find((name) => recorded.entries![name] !== current.entries![name]) ?? "";
}

function walk(
  folder: string,
  prefix: string,
  visited: Set<string>,
  entries: Record<string, string>,
  budget: { entries: number; bytes: number; root: string },
): void {
  const names = readdirSync(folder).sort();
  for (const name of names) {
    const absolute = path.join(folder, name);
    const relative = prefix ? `${prefix}/${name}` : name;
    if (++budget.entries > MAX_CODE_FOLDER_ENTRIES) throw tooBig(budget.root, "entries");
    const link = lstatSync(absolute, { throwIfNoEntry: false });
    if (!link) continue;
    const info = link.isSymbolicLink() ? statOf(absolute) : link;
    const linked = link.isSymbolicLink() ? `link(${readLink(absolute)}) ` : "";
    if (!info) {
      entries[relative] = `${linked}dangling`;
    } else if (info.isDirectory()) {
      const real = realOf(absolute);
      if (visited.has(real)) {
        entries[relative] = `${linked}cycle`;
        continue;
      }
      entries[relative] = `${linked}folder`;
      walk(absolute, relative, new Set([...visited, real]), entries, budget);
    } else if (info.isFile()) {
      budget.bytes += info.size;
      if (budget.bytes > MAX_CODE_FOLDER_BYTES) throw tooBig(budget.root, "bytes");
      entries[relative] = `${linked}file:${fileDigest(absolute, info)}`;
    } else {
      entries[relative] = `${linked}other`;
    }
  }
}

function fileDigest(absolute: string, info: Stats): string {
  const stamp = `${info.size}:${info.mtimeMs}:${info.ctimeMs}:${info.ino}`;
  const cached = fileDigests.get(absolute);
  if (cached?.stamp === stamp) return cached.digest;
  const digest = createHash("sha256").update(readRegularFileSync(absolute)).digest("hex");
  fingerprintReads.files++;
  fileDigests.set(absolute, { stamp, digest });
  return digest;
}

/** The SHA-256 of a text, as the trust record writes digests. */
export function digestText(text: string): string {
  return `text:${createHash("sha256").update(text).digest("hex")}`;
}

function statOf(absolute: string): Stats | undefined {
  try {
    return statSync(absolute, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function realOf(absolute: string): string {
  try {
    return realpathSync.native(absolute);
  } catch {
    return absolute;
  }
}

function readLink(absolute: string): string {
  try {
    return readlinkSync(absolute);
  } catch {
    return "?";
  }
}

function tooBig(
  folder: string,
  what: "entries" | "bytes",
  kind: "folder" | "file" = "folder",
): ServiceError {
  const limit =
    what === "entries"
      ? `${MAX_CODE_FOLDER_ENTRIES} entries`
      : `${MAX_CODE_FOLDER_BYTES / 1024 / 1024} MiB`;
  return new ServiceError(
    "invalid_config",
    kind === "file"
      ? `The code file ${folder} is larger than ${limit}; lackpy fingerprints the code it runs.`
      : `The code folder ${folder} holds more than ${limit}; lackpy fingerprints the whole folder of each module tool and server script.`,
    {
      hint: "keep each tool or server script in a small folder of its own, and point the config at it",
    },
  );
}
