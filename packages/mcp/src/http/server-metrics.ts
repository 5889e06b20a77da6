/**
 * The HTTP server's `/metrics`, in Prometheus text through `prom-client`, in a registry of its
 * own (two servers in one process do not mix): MCP requests by JSON-RPC method, tool and outcome
 * code, their latency, requests and runs in flight, the isolated child pool, store latency by
 * operation, and ratchet promotions, next to Node's process metrics. Labels take only values the
 * server chose (a known method, a registered tool, a code), so a caller cannot grow them.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** The isolated child pool's counts, as `childPoolStats()` of `@lackpy/run/node` gives them. */
export interface ChildPoolCounts {
  maxChildren: number;
  live: number;
  idle: number;
  waiting: number;
}

/** JSON-RPC methods counted by name; any other is `other`. */
const METHODS = new Set([
  "initialize",
  "ping",
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/read",
  "resources/templates/list",
  "prompts/list",
  "prompts/get",
  "completion/complete",
  "logging/setLevel",
  "notifications/initialized",
  "notifications/cancelled",
  "server/discover",
]);

/** Seconds: from a cached template answer to a long isolated run. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds: a store round trip. */
const STORE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

/** The metrics of one HTTP server. */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<"method" | "tool" | "code">;
  private readonly latency: Histogram<"method" | "tool">;
  private readonly runs: Gauge;
  private readonly store: Histogram<"operation" | "outcome">;
  private readonly promotions: Counter;

  constructor(sources: { inFlight: () => number; childPool: () => ChildPoolCounts }) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: "lackpy_mcp_requests_total",
      help: "MCP requests by JSON-RPC method, tool and outcome (ok, or the error's code)",
      labelNames: ["method", "tool", "code"],
      registers,
    });
    this.latency = new Histogram({
      name: "lackpy_mcp_request_duration_seconds",
      help: "Time to answer an MCP request, by JSON-RPC method and tool",
      labelNames: ["method", "tool"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    new Gauge({
      name: "lackpy_mcp_requests_in_flight",
      help: "MCP requests being served now",
      registers,
      collect() {
        this.set(sources.inFlight());
      },
    });
    this.runs = new Gauge({
      name: "lackpy_runs_in_flight",
      help: "run_program and delegate calls running now",
      registers,
    });
    new Gauge({
      name: "lackpy_child_pool_children",
      help: "Isolated child processes: live (busy or idle), idle, and the cap",
      labelNames: ["state"],
      registers,
      collect() {
        const pool = sources.childPool();
        this.set({ state: "live" }, pool.live);
        this.set({ state: "idle" }, pool.idle);
        this.set({ state: "max" }, pool.maxChildren);
      },
    });
    new Gauge({
      name: "lackpy_child_pool_waiting",
      help: "Runs waiting for an isolated child process",
      registers,
      collect() {
        this.set(sources.childPool().waiting);
      },
    });
    this.store = new Histogram({
      name: "lackpy_store_operation_duration_seconds",
      help: "Template and ratchet store operations, by operation and outcome (ok or error)",
      labelNames: ["operation", "outcome"],
      buckets: STORE_BUCKETS,
      registers,
    });
    this.promotions = new Counter({
      name: "lackpy_ratchet_promotions_total",
      help: "Programs the ratchet promoted to templates",
      registers,
    });
  }

  /** Counts one answered MCP request. */
  request(labels: { method?: string; tool?: string; code: string }, seconds: number): void {
    const method = labels.method && METHODS.has(labels.method) ? labels.method : "other";
    const tool = labels.tool ?? "";
    const code = /^[a-z][a-z0-9_]{0,47}$/.test(labels.code) ? labels.code : "other";
    this.requests.inc({ method, tool, code });
    this.latency.observe({ method, tool }, seconds);
  }

  /** A run_program or delegate call started (+1) or ended (-1). */
  running(change: 1 | -1): void {
    this.runs.inc(change);
  }

  /** Times one store operation. */
  storeOperation(operation: string, ok: boolean, seconds: number): void {
    this.store.observe({ operation, outcome: ok ? "ok" : "error" }, seconds);
  }

  /** Counts one promotion by the ratchet. */
  promoted(): void {
    this.promotions.inc();
  }

  /** The metrics in Prometheus text, and its content type. */
  async render(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
