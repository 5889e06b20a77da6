import { access } from "node:fs/promises";
import type { LackpyConfig } from "./config/config-types.js";
import type { RecoveryNotice, UndoableRun } from "./change-types.js";
import { configPath } from "./config/load-config.js";
import type {
  RatchetCandidate,
  RatchetStatus,
  RecentTiers,
  TemplateProblemInfo,
  WorkspaceStatus,
} from "./service-types.js";
import { MAX_RECENT, type RatchetEntry, type RecentDelegate } from "./store/ratchet-file.js";
import type { RatchetStore, TemplateStore, WorkspaceStore } from "./store/store-types.js";
import type { WorkspaceTrust } from "./trust/workspace-trust.js";
import { ServiceError } from "./service-error.js";

/** Broken template files (by file and line) and failed promotions (by intent), for status and template list. */
export async function templateProblems(
  templates: TemplateStore,
  history: RatchetStore,
): Promise<TemplateProblemInfo[]> {
  return [
    ...templates.snapshot().problems.map(({ code, message, hint, file, line }) => ({
      code,
      message,
      file,
      line,
      ...(hint ? { hint } : {}),
    })),
    ...(await history.failures()).map(({ code, message, hint, intent, template, at }) => ({
      code,
      message: `promoting '${intent}' to ${template} failed: ${message}`,
      intent,
      template,
      at,
      ...(hint ? { hint } : {}),
    })),
  ];
}

/** At most this many runs are listed by `status`. */
export const MAX_STATUS_RUNS = 10;

/**
 * Workspace overview for `lackpy status`; `changes` reads the runs kept for undo (newest first:
 * from the store, so a store that refuses lists none) and says what recovery did.
 */
export async function workspaceStatus(
  workspace: string,
  settings: LackpyConfig,
  stores: { store: WorkspaceStore; trust: WorkspaceTrust },
  changes: { runs: () => Promise<UndoableRun[]>; recovered: RecoveryNotice[] } = {
    runs: async () => [],
    recovered: [],
  },
): Promise<Omit<WorkspaceStatus, "defaultKitWrites">> {
  const { templates, history } = stores.store;
  // A store that refuses (a shared store whose URL or key waits for trust, a database that is
  // down) leaves status working: it says why, and counts nothing from it.
  let storeError: string | null = null;
  const fromStore = async <T>(read: () => Promise<T>, none: T): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      if (!ServiceError.is(error)) throw error;
      storeError ??= error.hint ? `${error.message} (${error.hint})` : error.message;
      return none;
    }
  };
  const runs = await fromStore(changes.runs, []);
  const file = configPath(workspace);
  const configExists = await access(file).then(
    () => true,
    () => false,
  );
  return {
    workspace,
    configPath: file,
    configExists,
    defaultKit: settings.kit.default,
    templates: (await fromStore(() => templates.list(), [])).length,
    templateProblems: await fromStore(() => templateProblems(templates, history), []),
    ratchetError: templates.lastError ?? history.lastError,
    ratchet: await fromStore(() => ratchetStatus(settings.ratchet, { templates, history }), {
      auto: settings.ratchet.auto,
      minSuccesses: settings.ratchet.minSuccesses,
      demoteAfterFailures: settings.ratchet.demoteAfterFailures,
      candidates: [],
      candidateCount: 0,
      demoted: [],
      recent: { delegates: 0, window: MAX_RECENT, byTier: [] },
    }),
    store: {
      backend: stores.store.backend,
      location: stores.store.location,
      workspace: stores.store.workspace,
      ...(storeError === null ? {} : { error: storeError }),
    },
    runMode: settings.run.mode,
    order: settings.inference.order,
    trust: await stores.trust.status(),
    runs: runs.slice(0, MAX_STATUS_RUNS),
    runCount: runs.length,
    recovered: changes.recovered,
  };
}

/** At most this many candidates are listed by `status`. */
export const MAX_STATUS_CANDIDATES = 10;

/** Candidates for promotion, demoted templates and the tiers of the latest delegates. */
export async function ratchetStatus(
  settings: LackpyConfig["ratchet"],
  stores: { templates: TemplateStore; history: RatchetStore },
): Promise<RatchetStatus> {
  const candidates = ratchetCandidates(await stores.history.entries(), settings.minSuccesses);
  return {
    auto: settings.auto,
    minSuccesses: settings.minSuccesses,
    demoteAfterFailures: settings.demoteAfterFailures,
    candidates: candidates.slice(0, MAX_STATUS_CANDIDATES),
    candidateCount: candidates.length,
    demoted: await stores.templates.demoted(),
    recent: recentTiers(await stores.history.recent()),
  };
}

/**
 * Requests a model answered successfully that are not promoted yet, latest first: per kit and
 * wording, the latest program and its successes. A request one of whose programs was promoted is
 * done, whatever became of the template.
 */
function ratchetCandidates(entries: readonly RatchetEntry[], needed: number): RatchetCandidate[] {
  const requests = new Map<string, RatchetCandidate | null>();
  for (const entry of entries) {
    const key = `${entry.kit}\u0000${entry.intent}`;
    const known = requests.get(key);
    if (entry.promoted || known === null) {
      requests.set(key, null);
      continue;
    }
    if (known && known.lastSuccessAt >= entry.lastSuccessAt) continue;
    requests.set(key, {
      intent: entry.intent,
      kit: entry.kit,
      successes: entry.successes,
      needed,
      program: entry.program,
      lastSuccessAt: entry.lastSuccessAt,
    });
  }
  return [...requests.values()]
    .filter((candidate): candidate is RatchetCandidate => candidate !== null)
    .sort((a, b) => b.lastSuccessAt.localeCompare(a.lastSuccessAt));
}

function recentTiers(recent: readonly RecentDelegate[]): RecentTiers {
  const tiers = new Map<string, { tier: string; delegates: number; failed: number }>();
  for (const delegate of recent) {
    const tier = delegate.tier ?? "none";
    const counts = tiers.get(tier) ?? { tier, delegates: 0, failed: 0 };
    counts.delegates += 1;
    if (!delegate.success) counts.failed += 1;
    tiers.set(tier, counts);
  }
  return {
    delegates: recent.length,
    window: MAX_RECENT,
    byTier: [...tiers.values()].sort((a, b) => b.delegates - a.delegates),
  };
}
