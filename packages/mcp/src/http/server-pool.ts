import type { McpServer } from "@modelcontextprotocol/server";

type Handler = (request: unknown, context: unknown) => Promise<unknown>;

/** The SDK's low-level server, as far as a pool reads and resets it. */
interface ProtocolState {
  transport: unknown;
  onclose?: () => void;
  _requestHandlers?: Map<string, Handler>;
}

/**
 * What an exchange may leave on a server that a fresh one does not have: who the client said it
 * was and the protocol version it negotiated (the SDK's `initialize` and per-request envelope
 * write them). A released server gets the values it was made with back.
 */
const CONNECTION_FIELDS = [
  "_clientCapabilities",
  "_clientVersion",
  "_negotiatedProtocolVersion",
] as const;

/** A server of the pool and what it is doing. */
interface Pooled {
  server: McpServer;
  /** The era it serves. */
  era: string;
  /** Its fields of `CONNECTION_FIELDS` as made. */
  fresh: Record<string, unknown>;
  /** Between `take` and the end of its exchange. */
  exchange: boolean;
  /** Request handlers of it still running (a caller gone mid-call leaves one running). */
  running: number;
}

/**
 * MCP servers for the SDK's per-request HTTP handler, made once and reused (decision 159): the
 * SDK wants a server no other request is using, and making one (every tool, schema and
 * description registered again) was most of a request's own CPU. A server goes back to the pool
 * only when nothing of its last caller is left on it: its exchange is over (the SDK closed its
 * transport), none of its request handlers is still running (a handler whose caller went away
 * would otherwise send its notifications into the next caller's stream), and the client identity
 * and protocol version of that exchange are put back as they were made. Servers are pooled per
 * era (`modern`, `legacy`), as the SDK pins a server to the era it first serves. Past `most`
 * idle servers, a released one is dropped. When the SDK's internals are not as this expects, the
 * pool makes a new server per request (as before).
 */
export class McpServerPool {
  readonly #make: () => McpServer;
  readonly #most: number;
  readonly #idle = new Map<string, Pooled[]>();
  /** Servers made (for tests and metrics). */
  made = 0;

  constructor(make: () => McpServer, options: { most: number }) {
    this.#make = make;
    this.#most = options.most;
  }

  /** A server no other request is using, for a request of `era`. */
  take(era: string): McpServer {
    const idle = this.#idle.get(era) ?? [];
    this.#idle.set(era, idle);
    const pooled = idle.pop() ?? this.#build(era);
    if (!pooled) {
      this.made++;
      return this.#make();
    }
    pooled.exchange = true;
    const state = pooled.server.server as unknown as ProtocolState;
    // The SDK calls this when the exchange ends (it chains its own hook in front of it).
    state.onclose = () => {
      pooled.exchange = false;
      this.#release(pooled);
    };
    return pooled.server;
  }

  #build(era: string): Pooled | null {
    const server = this.#make();
    this.made++;
    const state = server.server as unknown as ProtocolState & Record<string, unknown>;
    const handlers = state._requestHandlers;
    if (
      !(handlers instanceof Map) ||
      !CONNECTION_FIELDS.every((field) => Object.hasOwn(state, field))
    )
      return null;
    const pooled: Pooled = {
      server,
      era,
      fresh: Object.fromEntries(CONNECTION_FIELDS.map((field) => [field, state[field]])),
      exchange: false,
      running: 0,
    };
    for (const [method, handler] of handlers)
      handlers.set(method, async (request, context) => {
        pooled.running++;
        try {
          return await handler(request, context);
        } finally {
          pooled.running--;
          this.#release(pooled);
        }
      });
    return pooled;
  }

  #release(pooled: Pooled): void {
    const state = pooled.server.server as unknown as ProtocolState & Record<string, unknown>;
    if (pooled.exchange || pooled.running > 0 || state.transport !== undefined) return;
    const idle = this.#idle.get(pooled.era)!;
    if (idle.includes(pooled)) return;
    for (const field of CONNECTION_FIELDS) state[field] = pooled.fresh[field];
    state.onclose = undefined;
    if (idle.length < this.#most) idle.push(pooled);
  }
}
