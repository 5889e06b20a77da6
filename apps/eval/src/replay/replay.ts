/**
 * `eval replay`: every intent × prompt variant × trial of a fixture through the real service and
 * dispatcher, answered by a replay provider; and the rules tier over every intent. Read-only
 * intents share one copy of the workspace fixture; an editing intent gets a fresh copy per cell.
 */
import { DEFAULT_PROMPT_VARIANT, PROMPT_VARIANTS, type Provider } from "@lackpy/infer";
import type { LackpyService } from "@lackpy/service";
import { openEvalService } from "../workspace/eval-service.js";
import { cellKey } from "../inputs/cell-specs.js";
import { fixtureCoverage } from "../inputs/fixture-coverage.js";
import type { Fixture } from "../inputs/fixtures.js";
import { TrialReplay } from "./replay-provider.js";
import { scoreCell, type Cell, type ReplayTrace } from "./score-cell.js";
import type { Intent } from "../inputs/types.js";
import { prepareWorkspace } from "../workspace/workspace.js";

/** True when running the intent may change workspace files. */
export function editsFiles(intent: Intent): boolean {
  return intent.kit === "files" || intent.check.file !== undefined;
}

/** Opens services over workspace copies: one shared read-only copy, a fresh one per editing cell. */
export class Workspaces {
  private shared: Promise<{
    dir: string;
    service: LackpyService;
    dispose(): Promise<void>;
  }> | null = null;

  constructor(
    private readonly providers: Record<string, Provider>,
    private readonly order: string[],
    private readonly options: { fillerTools?: boolean } = {},
  ) {}

  private async open() {
    const workspace = await prepareWorkspace();
    const service = await openEvalService(workspace.dir, {
      providers: this.providers,
      order: this.order,
      ...this.options,
    });
    return { dir: workspace.dir, service, dispose: workspace.dispose };
  }

  /** Runs one cell of this intent with a service over its workspace copy, releasing an editing copy after. */
  async withService<T>(
    intent: Intent,
    cell: (dir: string, service: LackpyService) => Promise<T>,
  ): Promise<T> {
    if (!editsFiles(intent)) {
      this.shared ??= this.open();
      const shared = await this.shared;
      return cell(shared.dir, shared.service);
    }
    const fresh = await this.open();
    try {
      return await cell(fresh.dir, fresh.service);
    } finally {
      // What the service keeps to write (the tiers of its delegates) is written before the copy
      // goes, so no write behind lands in a folder being deleted.
      await fresh.service.flush().catch(() => undefined);
      await fresh.dispose();
    }
  }

  /** Disposes the shared copy (each editing copy is disposed right after its cell). */
  async close(): Promise<void> {
    const shared = await this.shared?.catch(() => null);
    await shared?.service.flush().catch(() => undefined);
    await shared?.dispose().catch(() => undefined);
  }
}

/** Variants found in a fixture, in the prompt builder's order. */
export function fixtureVariants(fixture: Fixture): string[] {
  const found = new Set(
    fixture.records.map((record) => record.promptVariant ?? DEFAULT_PROMPT_VARIANT),
  );
  const known = PROMPT_VARIANTS.filter((variant) => found.has(variant));
  return [...known, ...[...found].filter((variant) => !known.includes(variant as never)).sort()];
}

/**
 * Replays one fixture over the intents: one cell per intent × variant × trial that the fixture
 * recorded. Intents it has no recording of are left out, and so is a cell it never recorded
 * (a partial recording is measured on what it holds), unless the cell's prompt is identical to
 * an earlier variant's: that prompt was sent once, and the cell is marked as its repeat.
 */
export async function replayFixture(
  fixture: Fixture,
  intents: readonly Intent[],
  options: {
    variants?: readonly string[];
    /** Trials to replay (default: every trial in the fixture). */
    trials?: readonly number[];
    onCell?: (cell: Cell) => void;
  } = {},
): Promise<Cell[]> {
  const { provider, model, source } = fixture.meta;
  const replay = new TrialReplay(fixture.records, provider, provider);
  const workspaces = new Workspaces({ model: replay }, ["model"]);
  const variants = options.variants ?? fixtureVariants(fixture);
  const trials = options.trials ?? (replay.trials.length > 0 ? replay.trials : [1]);
  const coverage = fixtureCoverage(fixture.records, intents);
  const recorded = intents.filter((intent) => coverage.intents.has(intent.id));
  const cells: Cell[] = [];
  // First cell per intent, trial and first prompt: a later variant with the same prompt would
  // replay the same recording to the same result, so it is copied, marked, not replayed.
  const answered = new Map<string, Cell>();
  try {
    for (const [index, variant] of variants.entries())
      for (const trial of trials)
        for (const intent of recorded) {
          const unrecorded = !coverage.cells.has(cellKey(intent.id, variant, trial));
          // Only a later variant's prompt can repeat an earlier one's; the first's is just missing.
          if (unrecorded && index === 0) continue;
          replay.use(trial);
          const promptKey = (hash: string) => `${intent.id}\u0000${trial}\u0000${hash}`;
          replay.skipIdentical = (hash) => answered.has(promptKey(hash));
          replay.skippedIdentical = false;
          const scored = await workspaces.withService(intent, async (dir, service) => {
            const before = replay.counters();
            replay.initialPromptHash = null;
            const result = await service.delegate(intent.text, {
              kit: intent.kit,
              params: intent.params,
              generation: { variant, intentId: intent.id },
            });
            const after = replay.counters();
            const trace: ReplayTrace = {
              missed: after.misses > before.misses,
              stale: after.stale > before.stale,
              used: replay.usedSince(before.used),
              promptHash: replay.initialPromptHash,
            };
            const label = { provider, model, source, variant, tier: provider, trial };
            return scoreCell(result, intent, dir, label, trace);
          });
          const hash = replay.initialPromptHash;
          const earlier = hash === null ? undefined : answered.get(promptKey(hash));
          const repeated = replay.skippedIdentical ? earlier : undefined;
          if (unrecorded && !repeated) continue;
          const cell = repeated
            ? { ...repeated, variant, sameAsVariant: repeated.variant }
            : scored;
          if (hash !== null && !earlier) answered.set(promptKey(hash), cell);
          cells.push(cell);
          options.onCell?.(cell);
        }
  } finally {
    replay.skipIdentical = null;
    await workspaces.close();
  }
  return markIdenticalPrompts(cells, variants);
}

/**
 * Marks cells whose first prompt is byte-identical to an earlier variant's for the same intent
 * and trial (e.g. `examples` when no example was retrieved): such a cell replays the earlier
 * variant's recording, so it is one measurement, counted under the earlier variant.
 */
export function markIdenticalPrompts(cells: readonly Cell[], variants: readonly string[]): Cell[] {
  const firstVariant = new Map<string, string>();
  const ordered = [...cells].sort(
    (a, b) => variants.indexOf(a.variant) - variants.indexOf(b.variant),
  );
  const same = new Map<Cell, string>();
  for (const cell of ordered) {
    if (cell.promptHash === null) continue;
    const key = `${cell.intentId}|${cell.trial}|${cell.promptHash}`;
    const earlier = firstVariant.get(key);
    if (earlier === undefined) firstVariant.set(key, cell.variant);
    else if (earlier !== cell.variant) same.set(cell, earlier);
  }
  return cells.map((cell) => (same.has(cell) ? { ...cell, sameAsVariant: same.get(cell)! } : cell));
}

/** The rules tier alone over every intent; an intent no rule matches scores 0 as `no_answer`. */
export async function evaluateRules(intents: readonly Intent[]): Promise<Cell[]> {
  const workspaces = new Workspaces({}, ["rules"]);
  const cells: Cell[] = [];
  try {
    for (const intent of intents)
      cells.push(
        await workspaces.withService(intent, async (dir, service) => {
          const result = await service.delegate(intent.text, {
            kit: intent.kit,
            params: intent.params,
          });
          return scoreCell(result, intent, dir, {
            provider: "rules",
            model: "builtin",
            source: "builtin",
            variant: "-",
            tier: "rules",
            trial: 1,
          });
        }),
      );
  } finally {
    await workspaces.close();
  }
  return cells;
}
