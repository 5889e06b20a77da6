/**
 * The team-serving load test (issue 28), not part of `pnpm test`: `pnpm --filter @lackpy/bench
 * bench:team`. Three `lackpy mcp serve --http` processes share one Postgres store; 50 clients
 * (the official MCP client over Streamable HTTP) send 2,000 mixed requests: delegates that
 * templates answer, `run_program`, and delegates a (loopback stub) model answers until the
 * ratchet promotes them. It reports throughput and p50/p95/p99 latency, and checks that every
 * request succeeded, that the templates' counters equal the requests they served and the
 * ratchet's successes the requests the model served (no lost update), and that each promoted
 * wording became exactly one template. A second phase SIGKILLs one server mid-load: every
 * promotion a client was told about is in the store afterwards, and the other servers serve it.
 * A third phase (`team-apply-load.ts`) puts three servers on one workspace folder and has 50
 * clients dry-run, apply and undo changes through different instances, with a SIGKILL mid-load.
 * `LACKPY_LOAD_PHASES=apply` runs the third phase alone (`ratchet` the first two).
 *
 * Postgres: `LACKPY_TEST_PG_URL`, or a throwaway cluster this script starts and removes
 * (`scripts/pg-throwaway.sh`). Results go to stdout and `bench/results/team-load.json`.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import pg from "pg";
import { processCpuSeconds } from "./cpu-time.js";
import { applyPhase } from "./team-apply-load.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
// The CLI the servers run: this checkout's build, or another's (`LACKPY_LOAD_BIN`, to compare two).
const BIN = process.env.LACKPY_LOAD_BIN ?? path.join(ROOT, "packages/cli/bin/lackpy.js");
const EXAMPLE = path.join(ROOT, "examples/workspace");
const SERVERS = 3;
const CLIENTS = 50;
const REQUESTS = Number(process.env.LACKPY_LOAD_REQUESTS ?? 2000);
const KILL_PHASE_REQUESTS = Number(process.env.LACKPY_LOAD_KILL_REQUESTS ?? 300);
const TOKEN = randomBytes(32).toString("base64url");
const PHASES = process.env.LACKPY_LOAD_PHASES ?? "ratchet,apply";
const WORKSPACE_KEY = "load";

interface Outcome {
  kind: "template" | "run" | "promote";
  ok: boolean;
  tier: string | null;
  promoted: string | null;
  ms: number;
  server: number;
  error?: string;
}

// ---- Postgres: the given server, or a throwaway one; a schema of this run's own.
let pgDir: string | null = null;
let baseUrl = process.env.LACKPY_TEST_PG_URL;
if (!baseUrl) {
  const out = execFileSync(path.join(ROOT, "scripts/pg-throwaway.sh"), ["start"], {
    encoding: "utf8",
  });
  pgDir = /LACKPY_PG_DIR='([^']+)'/.exec(out)![1]!;
  baseUrl = /LACKPY_TEST_PG_URL='([^']+)'/.exec(out)![1]!;
}
const schema = `lackpy_load_${randomBytes(4).toString("hex")}`;
await sql(baseUrl, `CREATE SCHEMA ${schema}`);
const storeUrl = (() => {
  const url = new URL(baseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
})();

async function sql<Row extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

// ---- A loopback model in a process of its own (this one is busy with 50 clients): every
// promotable wording gets the same program, so runs agree. It counts its chats for the report.
const MODEL_SCRIPT = `
const http = require("node:http");
let chats = 0;
const server = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    response.writeHead(200, { "content-type": "application/json" });
    if (request.url === "/api/tags") return response.end(JSON.stringify({ models: [] }));
    if (request.url === "/chats") return response.end(JSON.stringify({ chats }));
    chats++;
    response.end(JSON.stringify({
      model: "stub", created_at: new Date().toISOString(), done: true,
      message: { role: "assistant", content: "\\u0060\\u0060\\u0060js\\n\\"capital of \\" + country\\n\\u0060\\u0060\\u0060" },
    }));
  });
});
server.listen(0, "127.0.0.1", () => process.stdout.write(String(server.address().port) + "\\n"));
`;
const model: ChildProcess = spawn(process.execPath, ["-e", MODEL_SCRIPT], {
  stdio: ["ignore", "pipe", "inherit"],
});
const modelUrl = await new Promise<string>((resolve) =>
  model.stdout!.once("data", (chunk: Buffer) =>
    resolve(`http://127.0.0.1:${chunk.toString().trim()}`),
  ),
);
async function modelCalls(): Promise<number> {
  return ((await (await fetch(`${modelUrl}/chats`)).json()) as { chats: number }).chats;
}

// ---- Workspaces (one folder per server, as on separate machines) and the seeded templates.
const folders: string[] = [];
async function workspace(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "lackpy-load-"));
  folders.push(folder);
  await cp(EXAMPLE, folder, { recursive: true });
  await mkdir(path.join(folder, ".lackpy"), { recursive: true });
  await writeFile(
    path.join(folder, ".lackpy", "config.toml"),
    [
      "[inference]",
      'order = ["templates", "rules", "ollama"]',
      "[inference.providers.ollama]",
      'plugin = "ollama"',
      `host = "${modelUrl}"`,
      'model = "stub"',
      "[ratchet]",
      "auto = true",
      "min_successes = 3",
      "[run]",
      "max_children = 2",
      "",
    ].join("\n"),
  );
  return folder;
}
const SEEDED = Array.from({ length: 20 }, (_, index) => ({
  name: `lines-${index}`,
  pattern: `count the lines of {path} variant ${index}`,
  successCount: 0,
  failCount: 0,
  origin: "person",
  kit: "readonly",
  program: 'len(read_file(path).split("\\n"))',
}));
const seedFolder = await workspace();
await writeFile(
  path.join(seedFolder, "seed.json"),
  JSON.stringify({ lackpy: "store-export", version: 1, templates: SEEDED }),
);
const env = {
  ...process.env,
  LACKPY_STORE_URL: storeUrl,
  LACKPY_STORE_WORKSPACE: WORKSPACE_KEY,
  LACKPY_MCP_TOKENS: TOKEN,
};
execFileSync(
  process.execPath,
  [BIN, "store", "import", path.join(seedFolder, "seed.json"), "--workspace", seedFolder],
  {
    env,
    stdio: "inherit",
  },
);

// ---- Servers.
interface Running {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}
async function startServer(folder?: string, tokens?: readonly string[]): Promise<Running> {
  folder ??= await workspace();
  const child = spawn(
    process.execPath,
    [
      // Node flags for the servers (`--cpu-prof --cpu-prof-dir=…` to see where their time goes).
      ...(process.env.LACKPY_LOAD_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      BIN,
      "mcp",
      "serve",
      "--http",
      "--port",
      "0",
      "--workspace",
      folder,
      "--rate-limit",
      "1000000",
      "--max-concurrent",
      "64",
    ],
    {
      env: tokens ? { ...env, LACKPY_MCP_TOKENS: tokens.join(",") } : env,
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  let stderr = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /serving MCP at (http:\/\/\S+\/mcp)/.exec(stderr);
      if (found) resolve(found[1]!);
    });
    void exited.then((code) => reject(new Error(`server exited ${code}: ${stderr}`)));
  });
  // The log is drained so the pipe never blocks the server (kept with LACKPY_LOAD_LOG_DIR).
  const logs = process.env.LACKPY_LOAD_LOG_DIR;
  if (logs) child.stderr!.pipe(createWriteStream(path.join(logs, `server-${child.pid}.log`)));
  else child.stderr!.resume();
  return { child, url, exited };
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: "load", version: "0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
    }),
  );
  return client;
}

type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown> };

/** One request of the mix: mostly template-served delegates, some runs, a few promotable wordings. */
function request(
  index: number,
  wordings: readonly string[],
): { kind: Outcome["kind"]; name: string; arguments: Record<string, unknown> } {
  const slot = index % 20;
  if (slot < 13)
    return {
      kind: "template",
      name: "delegate",
      arguments: {
        intent: `count the lines of README.md variant ${index % SEEDED.length}`,
        trace: "none",
      },
    };
  if (slot < 19)
    return {
      kind: "run",
      name: "run_program",
      arguments: { program: "len(find_files('**/*.ts'))", trace: "none" },
    };
  return {
    kind: "promote",
    name: "delegate",
    arguments: {
      intent: wordings[Math.floor(index / 20) % wordings.length],
      params: { country: "FR" },
      trace: "none",
    },
  };
}

async function call(
  client: Client,
  index: number,
  server: number,
  wordings: readonly string[],
): Promise<Outcome> {
  const { kind, name, arguments: args } = request(index, wordings);
  const started = performance.now();
  try {
    const result = (await client.callTool(
      { name, arguments: args },
      { timeout: 120_000 },
    )) as ToolResult;
    const content = result.structuredContent ?? {};
    const ok = !result.isError && content.success === true;
    return {
      kind,
      ok,
      tier: (content.tier as string | undefined) ?? null,
      promoted: ((content.promoted as { template?: string } | null)?.template ?? null) as
        string | null,
      ms: performance.now() - started,
      server,
      ...(ok ? {} : { error: JSON.stringify(content.error ?? content).slice(0, 200) }),
    };
  } catch (error) {
    return {
      kind,
      ok: false,
      tier: null,
      promoted: null,
      ms: performance.now() - started,
      server,
      error: (error as Error).message,
    };
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function counters() {
  const templates = await sql<{
    name: string;
    origin: string;
    success_count: string;
    fail_count: string;
  }>(
    storeUrl,
    `SELECT t.name, t.origin, t.success_count, t.fail_count FROM lackpy_templates t
     JOIN lackpy_workspaces w ON w.id = t.workspace_id WHERE w.name = $1 AND demoted_at IS NULL`,
    [WORKSPACE_KEY],
  );
  const programs = await sql<{ intent: string; successes: string; promoted: string | null }>(
    storeUrl,
    `SELECT p.intent, p.successes, p.promoted FROM lackpy_ratchet_programs p
     JOIN lackpy_workspaces w ON w.id = p.workspace_id WHERE w.name = $1`,
    [WORKSPACE_KEY],
  );
  return { templates, programs };
}

const report: Record<string, unknown> = {
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  at: new Date().toISOString(),
};
const servers: Running[] = [];
const checks: Record<string, boolean> = {};
try {
  if (PHASES.includes("ratchet")) await ratchetPhases();
  if (PHASES.includes("apply")) {
    const shared = await workspace();
    await mkdir(path.join(shared, "shared"));
    for (let index = 0; index < 5; index++)
      await writeFile(path.join(shared, "shared", `s${index}.txt`), "shared\n");
    const phase3 = await applyPhase({
      folder: shared,
      workspaceKey: WORKSPACE_KEY,
      sql: (text, values) => sql(storeUrl, text, values),
      startServer: async (tokens) => {
        const running = await startServer(shared, tokens);
        servers.push(running);
        return {
          url: running.url,
          cpuSeconds: () => processCpuSeconds(running.child.pid!),
          kill: async (signal) => {
            running.child.kill(signal);
            await running.exited;
          },
        };
      },
    });
    report.phase3 = phase3.report;
    console.log(JSON.stringify({ phase3: phase3.report }, null, 2));
    for (const [name, ok] of Object.entries(phase3.checks)) checks[`apply: ${name}`] = ok;
  }
  report.checks = checks;
  console.log(JSON.stringify({ checks }, null, 2));
  await mkdir(path.join(ROOT, "bench/results"), { recursive: true });
  await writeFile(
    path.join(ROOT, "bench/results/team-load.json"),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  if (!Object.values(checks).every(Boolean)) process.exitCode = 1;
} finally {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill("SIGTERM");
  await Promise.all(servers.map((server) => server.exited));
  model.kill();
  await sql(baseUrl, `DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
  if (pgDir) execFileSync(path.join(ROOT, "scripts/pg-throwaway.sh"), ["stop", pgDir]);
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
}

/** Phases 1 and 2: templates and the ratchet under load, then a SIGKILL. */
async function ratchetPhases(): Promise<void> {
  for (let index = 0; index < SERVERS; index++) servers.push(await startServer());

  // ---- Phase 1: 2,000 requests over 3 servers, no failures allowed.
  const wordings = Array.from(
    { length: 5 },
    (_, index) => `name the capital of the country, take ${index}`,
  );
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, (_, index) => connect(servers[index % SERVERS]!.url)),
  );
  let next = 0;
  const outcomes: Outcome[] = [];
  const started = performance.now();
  await Promise.all(
    clients.map(async (client, index) => {
      for (let item = next++; item < REQUESTS; item = next++)
        outcomes.push(await call(client, item, index % SERVERS, wordings));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const latencies = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
  const errors = outcomes.filter((outcome) => !outcome.ok);
  const servedByTemplates = outcomes.filter(
    (outcome) => outcome.ok && outcome.tier === "templates",
  ).length;
  const servedByModel = outcomes.filter(
    (outcome) => outcome.ok && outcome.tier === "ollama",
  ).length;
  const { templates, programs } = await counters();
  const counted = templates.reduce(
    (sum, row) => sum + Number(row.success_count) + Number(row.fail_count),
    0,
  );
  const ratchetSuccesses = programs.reduce((sum, row) => sum + Number(row.successes), 0);
  const promotedTemplates = templates
    .filter((row) => row.origin === "ratchet")
    .map((row) => row.name);
  const byKind = (kind: Outcome["kind"]) => {
    const sorted = outcomes
      .filter((outcome) => outcome.kind === kind)
      .map((outcome) => outcome.ms)
      .sort((a, b) => a - b);
    return {
      requests: sorted.length,
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
    };
  };
  const phase1 = {
    servers: SERVERS,
    clients: CLIENTS,
    requests: outcomes.length,
    seconds: round(seconds),
    throughputPerSecond: round(outcomes.length / seconds),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
    },
    byKind: { template: byKind("template"), run: byKind("run"), promote: byKind("promote") },
    errors: errors.length,
    errorSamples: errors.slice(0, 3).map((error) => error.error),
    servedByTemplates,
    templateRunsCounted: counted,
    lostTemplateUpdates: servedByTemplates - counted,
    servedByModel,
    modelCalls: await modelCalls(),
    ratchetSuccessesCounted: ratchetSuccesses,
    lostRatchetUpdates: servedByModel - ratchetSuccesses,
    promotedWordings: new Set(programs.filter((row) => row.promoted).map((row) => row.intent)).size,
    promotedTemplates: promotedTemplates.length,
    promotionsReported: outcomes.filter((outcome) => outcome.promoted).length,
  };
  report.phase1 = phase1;
  console.log(JSON.stringify({ phase1 }, null, 2));
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));

  // ---- Phase 2: new wordings, one server SIGKILLed a third of the way in; its clients move on.
  const fresh = Array.from(
    { length: 6 },
    (_, index) => `name the capital of the country, round two ${index}`,
  );
  const phaseClients = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, index) => ({
      server: index % SERVERS,
      client: await connect(servers[index % SERVERS]!.url),
    })),
  );
  let item2 = 0;
  let killedAt: number | null = null;
  const outcomes2: Outcome[] = [];
  const victim = servers[SERVERS - 1]!;
  await Promise.all(
    phaseClients.map(async (entry) => {
      for (let item = item2++; item < KILL_PHASE_REQUESTS; item = item2++) {
        if (killedAt === null && item >= KILL_PHASE_REQUESTS / 3) {
          killedAt = item;
          victim.child.kill("SIGKILL");
        }
        // Mostly promotable wordings this time, so promotions are being committed when the kill comes.
        const index = item % 2 === 0 ? item - (item % 20) + 19 : item;
        const outcome = await call(entry.client, index, entry.server, fresh);
        outcomes2.push(outcome);
        if (!outcome.ok && entry.server === SERVERS - 1) {
          // The server is gone: this client moves to a live one (the request is not retried).
          entry.server = 0;
          await entry.client.close().catch(() => undefined);
          entry.client = await connect(servers[0]!.url);
        }
      }
    }),
  );
  await victim.exited;
  const after = await counters();
  const told = new Set(
    outcomes2.map((outcome) => outcome.promoted).filter((name): name is string => name !== null),
  );
  const inStore = new Set(after.templates.map((row) => row.name));
  const missing = [...told].filter((name) => !inStore.has(name));
  // Every promoted template is served by the servers left.
  const survivor = await connect(servers[0]!.url);
  const servedAfter: string[] = [];
  for (const wording of fresh) {
    const result = (await survivor.callTool({
      name: "delegate",
      arguments: { intent: wording, params: { country: "ES" }, trace: "none" },
    })) as ToolResult;
    servedAfter.push(String(result.structuredContent?.tier));
  }
  await survivor.close();
  const phase2 = {
    requests: outcomes2.length,
    killedAfterRequest: killedAt,
    failedWithTheKilledServer: outcomes2.filter(
      (outcome) => !outcome.ok && outcome.server === SERVERS - 1,
    ).length,
    failedElsewhere: outcomes2.filter((outcome) => !outcome.ok && outcome.server !== SERVERS - 1)
      .length,
    promotionsReported: told.size,
    promotionsMissingFromStore: missing.length,
    duplicateTemplates:
      after.templates.length - new Set(after.templates.map((row) => row.name)).size,
    promotedWordingsServedByTemplatesAfter: servedAfter.filter((tier) => tier === "templates")
      .length,
    promotableWordings: fresh.length,
  };
  report.phase2 = phase2;
  console.log(JSON.stringify({ phase2 }, null, 2));
  await Promise.all(phaseClients.map((entry) => entry.client.close().catch(() => undefined)));

  Object.assign(checks, {
    noErrors: phase1.errors === 0,
    noLostTemplateUpdates: phase1.lostTemplateUpdates === 0,
    noLostRatchetUpdates: phase1.lostRatchetUpdates === 0,
    oneTemplatePerPromotedWording:
      phase1.promotedTemplates === phase1.promotedWordings && phase1.promotedWordings > 0,
    noCommittedPromotionLost:
      phase2.promotionsMissingFromStore === 0 && phase2.promotionsReported > 0,
    noDuplicateTemplates: phase2.duplicateTemplates === 0,
    onlyTheKilledServersRequestsFailed: phase2.failedElsewhere === 0,
  });
  for (const server of servers.splice(0))
    if (server.child.exitCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
