import { createHash, randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { decodeChangeSet, encodeChangeSet } from "./change-set-codec.js";
import {
  CHANGE_TTL_MS,
  MAX_PENDING_BYTES,
  MAX_PENDING_CHANGES,
  type PendingChangeStore,
  type StoredChangeSet,
} from "./change-store-types.js";
import { changeExpired, changeTaken, unknownChange } from "./pending-change-errors.js";

/** A kept dry run's file name: `<changeId>.<caller key>.<order>.<bytes>.json`. */
const KEPT = /^([0-9a-f]{24})\.([0-9a-z]+)\.(\d+)\.(\d+)\.json$/;
/** A taken or expired id's marker: `<changeId>.taken-<ms>`, `<changeId>.expired-<ms>`. */
const MARKER = /^([0-9a-f]{24})\.(taken|expired)-(\d+)$/;
/** How long the markers of taken and expired ids are kept, for their errors (an hour). */
const TOMBSTONE_MS = 60 * 60 * 1000;

/** A kept dry run, as its file name describes it. */
interface Kept {
  name: string;
  changeId: string;
  key: string;
  /** When it was kept (ms), then a monotonic clock: the order in which sets are pushed out. */
  order: string;
  sizeBytes: number;
}

/**
 * The files backend's dry runs: one file each under `.lackpy/pending/` (private to the user:
 * folder 0700, files 0600), named after its id, its caller (a digest of the caller id), when it
 * was kept and its size, so the bounds are kept from one folder listing. Taking is a rename onto
 * a marker (`<changeId>.taken-<ms>`): the kept file goes away with the first rename, so one
 * instance wins; the marker stays an hour for `change_applied`.
 */
export class FilePendingChanges implements PendingChangeStore {
  readonly folder: string;
  #made = false;

  constructor(workspace: string) {
    this.folder = path.join(workspace, ".lackpy", "pending");
  }

  async add(set: StoredChangeSet, now = Date.now()): Promise<string> {
    if (!this.#made) await mkdir(this.folder, { recursive: true, mode: 0o700 });
    this.#made = true;
    const changeId = randomBytes(12).toString("hex");
    const order = `${String(now).padStart(14, "0")}${process.hrtime.bigint().toString().padStart(20, "0")}`;
    const name = `${changeId}.${callerKey(set.caller)}.${order}.${set.sizeBytes}.json`;
    const temporary = path.join(this.folder, `.${changeId}.tmp`);
    await writeFile(temporary, encodeChangeSet(set), { mode: 0o600, flag: "wx" });
    await rename(temporary, path.join(this.folder, name));
    await this.#sweep(callerKey(set.caller), name, now);
    return changeId;
  }

  async take(
    changeId: string,
    caller: string | undefined,
    now = Date.now(),
  ): Promise<StoredChangeSet> {
    const yours = caller !== undefined;
    if (!/^[0-9a-f]{24}$/.test(changeId)) throw unknownChange(changeId, yours);
    const kept = this.#kept().find((entry) => entry.changeId === changeId);
    if (kept && yours && kept.key !== callerKey(caller)) throw unknownChange(changeId, yours);
    if (!kept) return this.#gone(changeId, yours);
    const taken = path.join(this.folder, `${changeId}.taken-${Date.now()}`);
    try {
      await rename(path.join(this.folder, kept.name), taken);
    } catch {
      return this.#gone(changeId, yours);
    }
    const set = decodeChangeSet(await readFile(taken, "utf8").catch(() => ""));
    await writeFile(taken, "").catch(() => undefined);
    if (!set) throw unknownChange(changeId, yours);
    if (set.expiresAt <= now) {
      await rename(taken, path.join(this.folder, `${changeId}.expired-${Date.now()}`)).catch(
        () => undefined,
      );
      throw changeExpired(changeId);
    }
    return set;
  }

  /** The error for an id that is not kept: taken, expired, or unknown. */
  async #gone(changeId: string, yours: boolean): Promise<never> {
    for (const name of this.#names()) {
      const marker = MARKER.exec(name);
      if (marker?.[1] !== changeId) continue;
      throw marker[2] === "taken" ? changeTaken(changeId) : changeExpired(changeId);
    }
    throw unknownChange(changeId, yours);
  }

  /**
   * Marks the sets kept longer than `CHANGE_TTL_MS` as expired, pushes the caller's oldest out
   * past `MAX_PENDING_CHANGES` or `MAX_PENDING_BYTES` (never the one just kept), and forgets
   * markers older than an hour.
   */
  async #sweep(key: string, newest: string, now: number): Promise<void> {
    const names = this.#names();
    const mine: Kept[] = [];
    for (const entry of this.#kept(names)) {
      if (Number(entry.order.slice(0, 14)) + CHANGE_TTL_MS <= now) {
        const marker = path.join(this.folder, `${entry.changeId}.expired-${Date.now()}`);
        await rename(path.join(this.folder, entry.name), marker).catch(() => undefined);
        await writeFile(marker, "").catch(() => undefined);
      } else if (entry.key === key) mine.push(entry);
    }
    mine.sort((left, right) => right.order.localeCompare(left.order));
    let bytes = 0;
    for (const [index, entry] of mine.entries()) {
      bytes += entry.sizeBytes;
      if (entry.name === newest) continue;
      if (index >= MAX_PENDING_CHANGES || bytes > MAX_PENDING_BYTES)
        await rm(path.join(this.folder, entry.name), { force: true });
    }
    for (const name of names) {
      const marker = MARKER.exec(name);
      if (marker && Date.now() - Number(marker[3]) > TOMBSTONE_MS)
        await rm(path.join(this.folder, name), { force: true });
    }
  }

  #kept(names = this.#names()): Kept[] {
    const kept: Kept[] = [];
    for (const name of names) {
      const match = KEPT.exec(name);
      if (match)
        kept.push({
          name,
          changeId: match[1]!,
          key: match[2]!,
          order: match[3]!,
          sizeBytes: Number(match[4]),
        });
    }
    return kept;
  }

  #names(): string[] {
    try {
      return readdirSync(this.folder);
    } catch {
      return [];
    }
  }
}

/** The name a caller's dry runs are kept under: `local` without a caller id, else a digest of it. */
export function callerKey(caller: string | null): string {
  return caller === null
    ? "local"
    : `c${createHash("sha256").update(caller).digest("hex").slice(0, 24)}`;
}
