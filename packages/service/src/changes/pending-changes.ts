import { randomBytes } from "node:crypto";
import { ServiceError } from "../service-error.js";
import type { ChangePlan } from "./describe-changes.js";
import type { ChangeSource } from "../change-types.js";

/** How long a dry run's `changeId` can be applied (15 minutes). */
export const CHANGE_TTL_MS = 15 * 60 * 1000;
/** How many dry runs' changes are kept at once; the oldest goes first. */
export const MAX_PENDING_CHANGES = 32;
/** How much content the kept dry runs may hold together (256 MiB of text); the oldest goes first. */
export const MAX_PENDING_BYTES = 256 * 1024 * 1024;

/** A dry run's changes, waiting for `applyChanges`. */
export interface PendingChangeSet {
  plans: ChangePlan[];
  source: ChangeSource;
  label: string;
  expiresAt: number;
  /** The text it holds, as two bytes a UTF-16 code unit. */
  sizeBytes: number;
}

/**
 * The changes of dry runs, kept in memory by `changeId` (random, 24 hex digits) until they are
 * applied, expire (`CHANGE_TTL_MS`) or are pushed out (`MAX_PENDING_CHANGES`,
 * `MAX_PENDING_BYTES`: they live in the server's memory). A `changeId` is
 * taken once: the second `take` is `change_applied`, whatever the first one's outcome.
 */
export class PendingChanges {
  readonly #sets = new Map<string, PendingChangeSet>();
  readonly #taken = new Set<string>();
  readonly #expired = new Set<string>();

  /** Keeps a dry run's changes; returns their `changeId`. */
  add(plans: ChangePlan[], source: ChangeSource, label: string, now = Date.now()): string {
    this.#drop(now);
    const changeId = randomBytes(12).toString("hex");
    const sizeBytes = plans.reduce(
      (total, plan) =>
        total +
        plan.change.diff.length * 2 +
        (typeof plan.content === "string" ? plan.content.length * 2 : (plan.content?.length ?? 0)),
      0,
    );
    this.#sets.set(changeId, { plans, source, label, expiresAt: now + CHANGE_TTL_MS, sizeBytes });
    let total = [...this.#sets.values()].reduce((sum, set) => sum + set.sizeBytes, 0);
    for (const [oldest, set] of this.#sets) {
      if (oldest === changeId) break;
      if (this.#sets.size <= MAX_PENDING_CHANGES && total <= MAX_PENDING_BYTES) break;
      this.#sets.delete(oldest);
      total -= set.sizeBytes;
    }
    return changeId;
  }

  /** Takes a dry run's changes to apply them; `unknown_change`, `change_applied` or `change_expired` otherwise. */
  take(changeId: string, now = Date.now()): PendingChangeSet {
    this.#drop(now);
    if (this.#expired.has(changeId)) throw expired(changeId);
    if (this.#taken.has(changeId))
      throw new ServiceError(
        "change_applied",
        `The changes ${changeId} were already applied (or tried).`,
        {
          hint: "a changeId applies once; make a new dry run to change the files again",
        },
      );
    const set = this.#sets.get(changeId);
    if (!set)
      throw new ServiceError("unknown_change", `No pending changes have the id '${changeId}'.`, {
        hint: "use the changeId of a dry run of this server (dryRun: true), within 15 minutes; changes are kept in memory and lost when the server restarts",
      });
    this.#sets.delete(changeId);
    this.#taken.add(changeId);
    return set;
  }

  #drop(now: number): void {
    for (const [changeId, set] of this.#sets)
      if (set.expiresAt <= now) {
        this.#sets.delete(changeId);
        this.#expired.add(changeId);
      }
    // Tombstones only make the errors clearer; keep their number bounded.
    for (const tombstones of [this.#taken, this.#expired])
      while (tombstones.size > 1024) tombstones.delete(tombstones.values().next().value!);
  }
}

function expired(changeId: string): ServiceError {
  return new ServiceError(
    "change_expired",
    `The changes ${changeId} expired 15 minutes after their dry run.`,
    { hint: "make the dry run again and apply its new changeId" },
  );
}
