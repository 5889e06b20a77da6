import { monotonicMs } from "@lackpy/lang";
import type { RateBuckets, RatchetStore, TemplateStore, WorkspaceStore } from "@lackpy/service";

/** Told each store operation: its name (`templates.list`), whether it succeeded, and its seconds. */
export type StoreObserver = (operation: string, ok: boolean, seconds: number) => void;

const observed = new WeakSet<object>();

/** The store operations timed, by part: the asynchronous methods of each part's interface. */
const TIMED = {
  store: ["check", "flush"] satisfies (keyof WorkspaceStore)[],
  templates: [
    "refresh",
    "list",
    "get",
    "has",
    "write",
    "record",
    "demoted",
    "restore",
  ] satisfies (keyof TemplateStore)[],
  history: [
    "recordSuccess",
    "markPromoted",
    "recordFailure",
    "recordDelegate",
    "failures",
    "entries",
    "recent",
  ] satisfies (keyof RatchetStore)[],
  rates: ["take"] satisfies (keyof RateBuckets)[],
};

/**
 * Times the asynchronous operations of a workspace's store (`TIMED`: its templates, its ratchet
 * history, its rate buckets, `check` and `flush`), for the server's store latency metric. The
 * store's objects are the service's own, so each method is wrapped in place: an own property in
 * front of the prototype's, the same behaviour, timed. Observing a store twice does nothing more.
 */
export function observeStore(store: WorkspaceStore, observe: StoreObserver): void {
  for (const [part, names] of Object.entries(TIMED)) {
    const target = (part === "store" ? store : store[part as keyof WorkspaceStore]) as
      Record<string, unknown> | undefined;
    if (!target || observed.has(target)) continue;
    observed.add(target);
    for (const name of names) {
      const method = target[name];
      if (typeof method !== "function") continue;
      const operation = part === "store" ? name : `${part}.${name}`;
      target[name] = function timed(this: unknown, ...args: unknown[]): unknown {
        const started = monotonicMs();
        const seconds = () => (monotonicMs() - started) / 1000;
        return (method.apply(this, args) as Promise<unknown>).then(
          (value) => (observe(operation, true, seconds()), value),
          (error: unknown) => {
            observe(operation, false, seconds());
            throw error;
          },
        );
      };
    }
  }
}
