/**
 * A tap on the process's `fetch`, so `eval record` stores exactly what went over the wire (the
 * request body the client sent and the response the server gave), not what lackpy meant to send.
 * The model clients call the global `fetch`; while the tap is installed, every call made inside
 * `runInTapScope` is copied into that scope's exchanges (calls outside a scope pass untouched).
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** One HTTP request and its answer (or the error that stopped it). */
export interface HttpExchange {
  url: string;
  method: string;
  /** The request body, parsed when it is JSON. */
  request: unknown;
  /** The HTTP status, or null when the request failed before an answer. */
  status: number | null;
  /** The response body, parsed when it is JSON. */
  response: unknown;
  durationMs: number;
  /** The server's `retry-after`, in ms, when it sent one. */
  retryAfterMs: number | null;
  error: string | null;
}

/** Where the exchanges of one unit of work (a recorded cell) go. */
export interface TapScope {
  exchanges: HttpExchange[];
}

const storage = new AsyncLocalStorage<TapScope>();
let installed: { original: typeof fetch; users: number } | null = null;
/** The fetch the tap replaced, for clients that kept the tap after it was removed. */
let replaced: typeof fetch | null = null;

/** Runs `work` with its fetch calls copied into `scope`. */
export function runInTapScope<T>(scope: TapScope, work: () => Promise<T>): Promise<T> {
  return storage.run(scope, work);
}

/** The scope of the code running now, if any. */
export function currentTapScope(): TapScope | undefined {
  return storage.getStore();
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function requestBody(
  input: Parameters<typeof fetch>[0],
  init?: RequestInit,
): Promise<unknown> {
  if (typeof init?.body === "string") return parse(init.body);
  if (init?.body instanceof Uint8Array) return parse(new TextDecoder().decode(init.body));
  if (input instanceof Request) return parse(await input.clone().text());
  return init?.body === undefined || init.body === null ? null : "[unreadable body]";
}

function retryAfterMs(response: Response): number | null {
  const header = response.headers.get("retry-after");
  if (header === null) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

async function tapped(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
  const original = installed?.original ?? replaced!;
  const scope = installed ? storage.getStore() : undefined;
  if (!scope) return original(input, init);
  const url = input instanceof Request ? input.url : String(input);
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  const request = await requestBody(input, init);
  const started = performance.now();
  try {
    const response = await original(input, init);
    const text = await response
      .clone()
      .text()
      .catch(() => "");
    scope.exchanges.push({
      url,
      method,
      request,
      status: response.status,
      response: parse(text),
      durationMs: Math.round(performance.now() - started),
      retryAfterMs: retryAfterMs(response),
      error: null,
    });
    return response;
  } catch (error) {
    scope.exchanges.push({
      url,
      method,
      request,
      status: null,
      response: null,
      durationMs: Math.round(performance.now() - started),
      retryAfterMs: null,
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}

/**
 * Replaces the global `fetch` with the tap until the returned function is called (nested
 * installs share one tap). Install it before creating the model clients: some keep the `fetch`
 * they found when they were made.
 */
export function installFetchTap(): () => void {
  if (installed) installed.users += 1;
  else {
    installed = { original: globalThis.fetch, users: 1 };
    replaced = globalThis.fetch;
    globalThis.fetch = tapped as typeof fetch;
  }
  let removed = false;
  return () => {
    if (removed || !installed) return;
    removed = true;
    installed.users -= 1;
    if (installed.users === 0) {
      globalThis.fetch = installed.original;
      installed = null;
    }
  };
}
