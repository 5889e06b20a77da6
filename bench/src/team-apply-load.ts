/**
 * The team load's apply phase (issue 36): three `lackpy mcp serve --http` instances on ONE
 * workspace folder and one Postgres store, 50 official MCP clients, each with a token of its
 * own. Each round a client dry-runs a change (its own new file, and every fourth round a line
 * appended to one of five shared files, so clients race for them), applies it through another
 * instance than the dry run's, and every third round undoes its last run through the third. One
 * instance is SIGKILLed a third of the way in (its clients' requests go to the others, as a load
 * balancer would send them) and restarted at the end, so recovery runs. Then the files and the
 * store are compared with what the clients were told: every shared line a client was told landed
 * is there and no other, and no two kept runs changed a shared file from one state (a lost
 * update). A dry run whose write follows another client's change to the file it read is
 * refused (`stale_read`), as an apply that lost the race is (`stale_change`).
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

/** What the phase needs from the harness: servers on one folder, and the store's rows. */
export interface ApplyPhaseContext {
  folder: string;
  /** Starts one more server on `folder` with these tokens; resolves with its URL and handle. */
  startServer(tokens: readonly string[]): Promise<{
    url: string;
    /** The CPU time the server process has used (user + system), in seconds. */
    cpuSeconds(): number;
    /** Stops it with the signal and waits for it to exit. */
    kill(signal: "SIGKILL" | "SIGTERM"): Promise<void>;
  }>;
  /** Runs SQL against the store. */
  sql<Row extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  workspaceKey: string;
}

const CLIENTS = Number(process.env.LACKPY_LOAD_APPLY_CLIENTS ?? 50);
const ROUNDS = Number(process.env.LACKPY_LOAD_APPLY_ROUNDS ?? 8);
const SHARED_FILES = 5;

type Outcome = "ok" | "lost" | string;

interface ClientState {
  index: number;
  token: string;
  client: Client;
  /** Which instance the next request goes to. */
  route: number;
  /** Rounds whose apply landed, and whether they touched a shared file; undone ones removed. */
  landed: Map<number, { shared: boolean; runId: string }>;
  /** Rounds whose apply answer was lost with the killed instance. */
  unknown: Set<number>;
  /** What happened, in order, for a report on a client whose files do not match. */
  log: string[];
}

/** Runs the phase; resolves with its report and checks. */
export async function applyPhase(context: ApplyPhaseContext) {
  const tokens = Array.from({ length: CLIENTS }, () => randomBytes(32).toString("base64url"));
  const servers = await Promise.all([0, 1, 2].map(() => context.startServer(tokens)));
  const urls = servers.map((server) => server.url);
  const dead = new Set<number>();
  const live = (wanted: number) => {
    for (let step = 0; step < urls.length; step++) {
      const index = (wanted + step) % urls.length;
      if (!dead.has(index)) return index;
    }
    return wanted;
  };
  const states: ClientState[] = await Promise.all(
    tokens.map(async (token, index) => {
      const state = {
        index,
        token,
        route: index % 3,
        landed: new Map(),
        unknown: new Set(),
        log: [] as string[],
      };
      // One official client per caller; each request goes to the instance `route` names (the
      // next live one when that one was killed), as a load balancer without stickiness would.
      // Connecting is not measured: a connection reset by a busy machine is tried again.
      let client: Client | null = null;
      for (let attempt = 0; !client; attempt++) {
        const candidate = new Client({ name: `load-${index}`, version: "0" });
        try {
          await candidate.connect(
            new StreamableHTTPClientTransport(new URL(urls[0]!), {
              requestInit: { headers: { Authorization: `Bearer ${token}` } },
              fetch: (input, init) =>
                fetch(String(input).replace(urls[0]!, urls[live(state.route)]!), init),
            }),
          );
          client = candidate;
        } catch (error) {
          if (attempt >= 5) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
        }
      }
      return Object.assign(state, { client }) as ClientState;
    }),
  );

  const applyMs: number[] = [];
  /** The applies of rounds that append to a shared file (10 clients race for each), apart: landed and refused. */
  const sharedApplyMs: number[] = [];
  const sharedRefusedMs: number[] = [];
  const dryRunMs: number[] = [];
  const errorSamples: string[] = [];
  const sample = (text: string) => errorSamples.length < 5 && errorSamples.push(text.slice(0, 300));
  const sortedOf = (values: number[]) => [...values].sort((left, right) => left - right);
  const undoMs: number[] = [];
  const outcomes = { apply: new Map<Outcome, number>(), undo: new Map<Outcome, number>() };
  const count = (map: Map<Outcome, number>, key: Outcome) => map.set(key, (map.get(key) ?? 0) + 1);
  const total = CLIENTS * ROUNDS;
  let done = 0;
  let killedAt: number | null = null;
  const victim = 1;
  let calls = 0;
  const call = async (state: ClientState, route: number, name: string, args: object) => {
    state.route = route;
    calls++;
    const result = (await state.client.callTool(
      { name, arguments: args as Record<string, unknown> },
      { timeout: 120_000 },
    )) as { isError?: boolean; structuredContent?: Record<string, any> };
    return result;
  };

  // The servers' CPU is read at the start, before the kill and at the end (process CPU is what a
  // shared machine does not inflate the way it inflates wall time).
  const cpuAtStart = servers.map((server) => server.cpuSeconds());
  const cpuUsed = servers.map(() => 0);
  const readCpu = (index: number) =>
    (cpuUsed[index] = servers[index]!.cpuSeconds() - cpuAtStart[index]!);
  // The clients' own CPU (this process: 50 official clients and the load loop) shares the two
  // cores with the servers; its share says how much of the machine the load itself takes.
  const clientCpuAtStart = process.cpuUsage();
  const loadBefore = os.loadavg()[0]!;
  const started = performance.now();
  await Promise.all(
    states.map(async (state) => {
      for (let round = 0; round < ROUNDS; round++) {
        if (killedAt === null && done >= total / 3) {
          killedAt = done;
          dead.add(victim);
          readCpu(victim);
          await servers[victim]!.kill("SIGKILL");
        }
        const shared = round % 4 === 3;
        const file = `load/c${state.index}/r${round}.txt`;
        const sharedFile = `shared/s${state.index % SHARED_FILES}.txt`;
        const program = [
          `write_file(${JSON.stringify(file)}, ${JSON.stringify(`client ${state.index} round ${round}\n`)})`,
          ...(shared
            ? [
                `write_file(${JSON.stringify(sharedFile)}, read_file(${JSON.stringify(sharedFile)}) + ${JSON.stringify(`c${state.index} r${round}\n`)})`,
              ]
            : []),
        ].join("\n");
        const through = (state.index + round) % 3;
        const dryStarted = performance.now();
        const dry = await call(state, through, "run_program", {
          program,
          kit: "files",
          dryRun: true,
          trace: "none",
          // The run may wait for an isolated process on a busy machine: the server's maximum.
          limits: { timeoutMs: 60_000 },
        }).catch(() => null);
        done++;
        dryRunMs.push(performance.now() - dryStarted);
        const changeId = dry?.structuredContent?.changeId as string | undefined;
        if (!changeId) {
          // A dry run in flight to the killed instance has no answer; one that read a shared file
          // another client's change landed on before it wrote it is refused (a race, as
          // `stale_change` is); any other failure is one.
          const error = dry?.structuredContent?.error as { message?: string } | undefined;
          const outcome = !dry
            ? "lost_dry_run"
            : error?.message?.includes("was changed by someone else after this run read it")
              ? "stale_read"
              : "dry_run_failed";
          count(outcomes.apply, outcome);
          state.log.push(`r${round} dry run@${live(through)}: ${outcome}`);
          if (outcome === "dry_run_failed") sample(JSON.stringify(error ?? dry));
          continue;
        }
        const applyStarted = performance.now();
        const applied = await call(state, through + 1, "apply_changes", { changeId }).catch(
          () => null,
        );
        applyMs.push(performance.now() - applyStarted);
        if (shared) (applied?.isError ? sharedRefusedMs : sharedApplyMs).push(applyMs.at(-1)!);
        state.log.push(
          `r${round} apply@${live(through + 1)}: ${applied ? (applied.structuredContent?.error?.code ?? applied.structuredContent?.runId) : "lost"}`,
        );
        if (!applied) {
          state.unknown.add(round);
          count(outcomes.apply, "lost");
        } else if (applied.isError) {
          count(outcomes.apply, String(applied.structuredContent?.error?.code));
          if (applied.structuredContent?.error?.code !== "stale_change")
            sample(JSON.stringify(applied.structuredContent?.error));
        } else {
          count(outcomes.apply, "ok");
          state.landed.set(round, { shared, runId: applied.structuredContent!.runId });
        }
        if (round % 3 !== 2) continue;
        const undoStarted = performance.now();
        const undone = await call(state, through + 2, "undo", {}).catch(() => null);
        undoMs.push(performance.now() - undoStarted);
        state.log.push(
          `r${round} undo@${live(through + 2)}: ${undone ? (undone.structuredContent?.error?.code ?? undone.structuredContent?.runId) : "lost"}`,
        );
        if (!undone) {
          count(outcomes.undo, "lost");
          // The killed instance may have taken back the caller's newest run before it died (its
          // files restored, the run still kept: the answer and the forgetting were lost with it).
          const newest = [...state.landed.keys()].at(-1);
          if (newest !== undefined) {
            state.landed.delete(newest);
            state.unknown.add(newest);
          }
        } else if (undone.isError)
          count(outcomes.undo, String(undone.structuredContent?.error?.code));
        else {
          count(outcomes.undo, "ok");
          const runId = undone.structuredContent!.runId as string;
          for (const [landedRound, entry] of state.landed)
            if (entry.runId === runId) state.landed.delete(landedRound);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (let index = 0; index < servers.length; index++) if (!dead.has(index)) readCpu(index);
  const serverCpu = cpuUsed.reduce((sum, value) => sum + value, 0);
  const clientCpuUsed = process.cpuUsage(clientCpuAtStart);
  const clientCpu = (clientCpuUsed.user + clientCpuUsed.system) / 1e6;
  const loadAfter = os.loadavg()[0]!;
  await Promise.all(states.map((state) => state.client.close().catch(() => undefined)));
  // The killed instance comes back: its recovery rolls back a landing it left half done.
  const restarted = await context.startServer(tokens);
  const survivors = servers.filter((_, index) => index !== victim);
  await Promise.all([...survivors, restarted].map((server) => server.kill("SIGTERM")));

  const files = await compareFiles(context.folder, states);
  const store = await compareStore(context, states);
  const sorted = applyMs.sort((left, right) => left - right);
  const report = {
    clients: CLIENTS,
    rounds: ROUNDS,
    seconds: round1(seconds),
    killedAfterDryRuns: killedAt,
    applies: applyMs.length,
    calls,
    serverCpuSeconds: round1(serverCpu),
    serverCpuSecondsPer1000Calls: round1((serverCpu / calls) * 1000),
    clientCpuSeconds: round1(clientCpu),
    clientCpuSecondsPer1000Calls: round1((clientCpu / calls) * 1000),
    /** The clients' share of the CPU the servers and the clients used together. */
    clientCpuShare: Math.round((clientCpu / (clientCpu + serverCpu)) * 100) / 100,
    loadAverage: { before: round1(loadBefore), after: round1(loadAfter) },
    applyMs: { p50: pick(sorted, 50), p95: pick(sorted, 95), p99: pick(sorted, 99) },
    sharedFileApplyMs: {
      landed: {
        count: sharedApplyMs.length,
        p50: pick(sortedOf(sharedApplyMs), 50),
        p95: pick(sortedOf(sharedApplyMs), 95),
      },
      refused: {
        count: sharedRefusedMs.length,
        p50: pick(sortedOf(sharedRefusedMs), 50),
        p95: pick(sortedOf(sharedRefusedMs), 95),
      },
    },
    undoMs: { p50: pick(sortedOf(undoMs), 50), p95: pick(sortedOf(undoMs), 95) },
    dryRunMs: { p50: pick(sortedOf(dryRunMs), 50), p95: pick(sortedOf(dryRunMs), 95) },
    errorSamples,
    applyOutcomes: Object.fromEntries(outcomes.apply),
    undoOutcomes: Object.fromEntries(outcomes.undo),
    lockTimeouts: (outcomes.apply.get("file_busy") ?? 0) + (outcomes.undo.get("file_busy") ?? 0),
    ...files,
    ...store,
  };
  const checks = {
    applyP95Under1s: report.applyMs.p95 < 1000,
    noLockTimeouts: report.lockTimeouts === 0,
    onlyRacesRefused: [...outcomes.apply.keys()].every((key) =>
      ["ok", "stale_change", "stale_read", "lost", "lost_dry_run"].includes(key),
    ),
    undoOnlyConflicts: [...outcomes.undo.keys()].every((key) =>
      ["ok", "undo_conflict", "lost"].includes(key),
    ),
    everyLandedFileExact: files.landedFilesWrong === 0,
    noUndoneOrRefusedFileLeft: files.filesThatShouldBeGone === 0,
    sharedLinesExact: files.sharedLinesMissing === 0 && files.sharedLinesExtra === 0,
    noSharedChangeFromOneState: store.sharedChangesFromOneState.length === 0,
    lostAnswersConsistent: files.lostAnswersInconsistent === 0,
    runsInStoreMatch: store.runsMissingFromStore === 0 && store.runsDoubledInStore === 0,
    oneCallerPerClient:
      store.clientsWithSeveralCallers === 0 && store.callersOfSeveralClients === 0,
  };
  return { report, checks };
}

/** Every landed file holds its bytes; every undone or refused one is absent; shared lines exact. */
async function compareFiles(folder: string, states: ClientState[]) {
  const read = (file: string) => readFile(path.join(folder, file), "utf8").catch(() => null);
  let landedFilesWrong = 0;
  /** For a look into a failure: the first wrong files, each with what its client was told. */
  const landedWrong: string[] = [];
  let filesThatShouldBeGone = 0;
  let lostAnswersInconsistent = 0;
  const expectedLines = new Set<string>();
  for (const state of states)
    for (let round = 0; round < ROUNDS; round++) {
      const text = await read(`load/c${state.index}/r${round}.txt`);
      const landed = state.landed.get(round);
      if (landed) {
        if (text !== `client ${state.index} round ${round}\n`) {
          landedFilesWrong++;
          if (landedWrong.length < 3)
            landedWrong.push(
              `c${state.index} r${round}: ${JSON.stringify(text)} (${state.log.join("; ")})`,
            );
        }
        if (landed.shared) expectedLines.add(`c${state.index} r${round}`);
      } else if (state.unknown.has(round)) {
        // The answer was lost with the killed instance: the run landed whole or not at all.
        if (text !== null && text !== `client ${state.index} round ${round}\n`)
          lostAnswersInconsistent++;
        if (text !== null && round % 4 === 3) expectedLines.add(`c${state.index} r${round}`);
      } else if (text !== null) filesThatShouldBeGone++;
    }
  const lines = new Set<string>();
  for (let index = 0; index < SHARED_FILES; index++)
    for (const line of ((await read(`shared/s${index}.txt`)) ?? "").split("\n"))
      if (line.startsWith("c")) lines.add(line);
  const missing = [...expectedLines].filter((line) => !lines.has(line));
  const extra = [...lines].filter((line) => !expectedLines.has(line));
  // For a look into a failure: the first wrong lines, each with what its client was told.
  const told = (line: string) => states[Number(/^c(\d+)/.exec(line)![1])]!.log.join("; ");
  return {
    landedFilesWrong,
    landedWrong,
    filesThatShouldBeGone,
    lostAnswersInconsistent,
    sharedLines: lines.size,
    sharedLinesMissing: missing.length,
    sharedLinesExtra: extra.length,
    sharedLinesWrong: [
      ...missing.map((line) => `missing ${line} (${told(line)})`),
      ...extra.map((line) => `extra ${line} (${told(line)})`),
    ].slice(0, 3),
  };
}

/** The store's kept runs against what the clients were told: one per landed round, one caller per client. */
async function compareStore(context: ApplyPhaseContext, states: ClientState[]) {
  const rows = await context.sql<{ caller: string | null; record: string }>(
    `SELECT r.caller, r.record FROM lackpy_runs r
     JOIN lackpy_workspaces w ON w.id = r.workspace_id WHERE w.name = $1`,
    [context.workspaceKey],
  );
  const runsByFile = new Map<string, number>();
  // Two kept runs that changed a shared file from the same state: a lost update.
  const sharedFrom = new Map<string, string[]>();
  const callersByClient = new Map<string, Set<string | null>>();
  for (const row of rows) {
    const record = JSON.parse(row.record) as {
      runId: string;
      at: string;
      files: { path: string; before: { hash?: string }; after: { hash?: string } }[];
    };
    for (const file of record.files) {
      if (file.path.startsWith("shared/")) {
        const key = `${file.path} ${file.before.hash}`;
        sharedFrom.set(key, [...(sharedFrom.get(key) ?? []), `${record.runId}@${record.at}`]);
      }
      const match = /^load\/c(\d+)\/r\d+\.txt$/.exec(file.path);
      if (!match) continue;
      runsByFile.set(file.path, (runsByFile.get(file.path) ?? 0) + 1);
      const callers = callersByClient.get(match[1]!) ?? new Set();
      callers.add(row.caller);
      callersByClient.set(match[1]!, callers);
    }
  }
  let runsMissingFromStore = 0;
  for (const state of states)
    for (const round of state.landed.keys())
      if (!runsByFile.has(`load/c${state.index}/r${round}.txt`)) runsMissingFromStore++;
  const sets = [...callersByClient.values()];
  const clientsOfCaller = new Map<string | null, number>();
  for (const set of sets)
    for (const caller of set) clientsOfCaller.set(caller, (clientsOfCaller.get(caller) ?? 0) + 1);
  return {
    runsInStore: rows.length,
    runsMissingFromStore,
    runsDoubledInStore: [...runsByFile.values()].filter((runs) => runs > 1).length,
    sharedChangesFromOneState: [...sharedFrom.entries()]
      .filter(([, runs]) => runs.length > 1)
      .map(([key, runs]) => `${key.slice(0, 30)}: ${runs.join(", ")}`)
      .slice(0, 3),
    clientsWithSeveralCallers: sets.filter((set) => set.size !== 1).length,
    callersOfSeveralClients: [...clientsOfCaller.entries()].filter(
      ([caller, clients]) => caller === null || clients > 1,
    ).length,
  };
}

function pick(sorted: number[], percentile: number): number {
  return round1(
    sorted[Math.min(sorted.length - 1, Math.floor((percentile / 100) * sorted.length))] ?? 0,
  );
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
