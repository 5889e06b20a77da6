import { ServiceError } from "@lackpy/service";

/** At most this many runs and dry runs are remembered per server; the oldest are forgotten first. */
const REMEMBERED_IDS = 10_000;

/**
 * Who made which run and dry run, for a server many callers share (Streamable HTTP with tokens):
 * a caller may apply only its own dry runs and undo only its own runs, and `undo` without a
 * `runId` takes back its own last run, never another caller's. `owner` names the caller of the
 * tool call being handled; while it names none (stdio, or HTTP without tokens: one person),
 * nothing is checked. Ids another caller made are refused as unknown, so their existence does not
 * leak.
 */
export class RunOwnership {
  readonly #owners = new Map<string, string>();
  readonly #lastRun = new Map<string, string>();

  constructor(private readonly owner: () => string | undefined) {}

  /** Notes the run and dry run a result carries as the current caller's. */
  note(result: { runId?: string | null; changeId?: string | null }): void {
    const owner = this.owner();
    if (owner === undefined) return;
    if (result.changeId) remember(this.#owners, `change:${result.changeId}`, owner);
    if (result.runId) {
      remember(this.#owners, `run:${result.runId}`, owner);
      remember(this.#lastRun, owner, result.runId);
    }
  }

  /** Throws `unknown_change` unless the current caller made the dry run `changeId`. */
  checkChange(changeId: string): void {
    const owner = this.owner();
    if (owner === undefined || this.#owners.get(`change:${changeId}`) === owner) return;
    throw new ServiceError(
      "unknown_change",
      `No pending changes of yours have the id '${changeId}'.`,
      {
        hint: "use the changeId of a dry run you made on this server (dryRun: true), within 15 minutes",
      },
    );
  }

  /**
   * The run `undo` may take back for the current caller: `runId` when it is theirs, else their
   * last run; `unknown_run` when they have none. Without an owner, `runId` as given.
   */
  runToUndo(runId: string | undefined): string | undefined {
    const owner = this.owner();
    if (owner === undefined) return runId;
    const chosen = runId ?? this.#lastRun.get(owner);
    if (chosen !== undefined && this.#owners.get(`run:${chosen}`) === owner) return chosen;
    throw new ServiceError(
      "unknown_run",
      runId === undefined
        ? "You have no run on this server to undo."
        : `No run '${runId}' of yours to undo.`,
      { hint: "give the runId a run of yours returned; a caller undoes only its own runs" },
    );
  }
}

/** Sets `key` as the newest entry of `map`, forgetting the oldest past `REMEMBERED_IDS`. */
function remember<Key, Value>(map: Map<Key, Value>, key: Key, value: Value): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED_IDS) map.delete(map.keys().next().value!);
}
