/**
 * The ratchet simulation: a seeded stream of read-only requests through one fresh workspace with
 * `ratchet.auto` on and the product's promotion threshold, tiers templates → rules → the
 * fixture's model (replayed). Every answer is checked; for each answer a template served, the
 * model alone is asked the same request (same wording, same recorded sample), so the report can
 * tell the errors the ratchet added from the ones it repeated.
 */
import { DEFAULT_CONFIG } from "@lackpy/service";
import { openEvalService } from "../workspace/eval-service.js";
import type { Fixture } from "../inputs/fixtures.js";
import type { RatchetLogEntry, RatchetScenario } from "../results/ratchet-types.js";
import { repeats, requestStream, type StreamRequest } from "./ratchet-streams.js";
import { editsFiles, fixtureVariants } from "../replay/replay.js";
import { TrialReplay } from "../replay/replay-provider.js";
import { scoreCell } from "../replay/score-cell.js";
import type { Intent } from "../inputs/types.js";
import { prepareWorkspace } from "../workspace/workspace.js";

/** Settings of a simulation. */
export interface RatchetOptions {
  /** The first seed; seed n is `seed + (n − 1) × 7919`. */
  seed: number;
  /** Streams per model and scenario (at least 5 for the report's ranges). */
  seeds: number;
  requests: number;
  windowSize: number;
  /** Agreeing successful runs before a promotion: the product's default. */
  minSuccesses: number;
  scenarios: readonly RatchetScenario[];
}

/** The simulation's defaults; the promotion threshold is the product's own default. */
export const DEFAULT_RATCHET_OPTIONS: RatchetOptions = Object.freeze({
  seed: 20261123,
  seeds: 5,
  requests: 240,
  windowSize: 40,
  minSuccesses: DEFAULT_CONFIG.ratchet.minSuccesses,
  scenarios: ["intents", "wordings"] as const,
});

/** The seeds of a simulation. */
export function seedsOf(options: Pick<RatchetOptions, "seed" | "seeds">): number[] {
  return Array.from({ length: options.seeds }, (_, index) => options.seed + index * 7919);
}

/** The answers of the model alone, per wording and recorded sample, computed when first needed. */
export class ModelAlone {
  private readonly known = new Map<string, boolean>();
  /** One request at a time: the replay's current sample is shared state. */
  private queue: Promise<unknown> = Promise.resolve();
  private opened: Promise<{
    replay: TrialReplay;
    service: Awaited<ReturnType<typeof openEvalService>>;
    dir: string;
    dispose(): Promise<void>;
  }> | null = null;

  constructor(
    private readonly fixture: Fixture,
    private readonly variant: string,
  ) {}

  private async open() {
    const workspace = await prepareWorkspace();
    const { provider } = this.fixture.meta;
    const replay = new TrialReplay(this.fixture.records, provider, provider);
    const service = await openEvalService(workspace.dir, {
      providers: { model: replay },
      order: ["model"],
    });
    return { replay, service, dir: workspace.dir, dispose: workspace.dispose };
  }

  /** Whether the model alone answers this request correctly with recorded sample `trial`. */
  correct(request: StreamRequest, trial: number): Promise<boolean> {
    const answer = this.queue.then(() => this.ask(request, trial));
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  private async ask(request: StreamRequest, trial: number): Promise<boolean> {
    const key = `${request.intentId}|${trial}`;
    const known = this.known.get(key);
    if (known !== undefined) return known;
    this.opened ??= this.open();
    const { replay, service, dir } = await this.opened;
    replay.use(trial);
    const result = await service.delegate(request.text, {
      kit: request.intent.kit,
      params: request.intent.params,
      generation: { variant: this.variant, intentId: request.intentId },
    });
    const pass = scoreCell(result, request.intent, dir, CELL_LABEL).score === 2;
    this.known.set(key, pass);
    return pass;
  }

  /** Closes the model-alone workspace, if it was opened. */
  async close(): Promise<void> {
    const opened = await this.opened?.catch(() => null);
    await opened?.service.close();
    await opened?.dispose();
  }
}

const CELL_LABEL = {
  provider: "-",
  model: "-",
  source: "synthetic",
  variant: "-",
  tier: "templates",
  trial: 1,
} as const;

/** The template name of a promotion, whichever shape the service reports it in. */
function promotedName(promoted: unknown): string | null {
  if (typeof promoted === "string") return promoted;
  if (promoted && typeof promoted === "object" && "template" in promoted)
    return String((promoted as { template: unknown }).template);
  return null;
}

/** One run: a model, a scenario and a seed. */
export interface RatchetRun {
  seed: number;
  log: Omit<RatchetLogEntry, "simulation">[];
  /** Model calls per request, in order. */
  modelCalls: number[];
  promoted: number;
}

/** Runs one stream through a fresh workspace; `alone` answers for the model without the ratchet. */
export async function runRatchet(
  fixture: Fixture,
  intents: readonly Intent[],
  options: { scenario: RatchetScenario; seed: number } & Pick<
    RatchetOptions,
    "requests" | "windowSize" | "minSuccesses"
  >,
  alone: ModelAlone,
): Promise<RatchetRun> {
  const { provider } = fixture.meta;
  const variant = fixtureVariants(fixture)[0] ?? "baseline";
  const replay = new TrialReplay(fixture.records, provider, provider);
  const trials = replay.trials.length > 0 ? replay.trials : [1];
  const stream = requestStream(
    intents.filter((intent) => !editsFiles(intent)),
    options,
  );
  const repeated = repeats(stream);
  const occurrences = new Map<string, number>();
  const run: RatchetRun = { seed: options.seed, log: [], modelCalls: [], promoted: 0 };
  const workspace = await prepareWorkspace();
  const service = await openEvalService(workspace.dir, {
    providers: { model: replay },
    order: ["templates", "rules", "model"],
    ratchet: { auto: true, minSuccesses: options.minSuccesses },
  });
  try {
    for (const [index, request] of stream.entries()) {
      const occurrence = occurrences.get(request.intentId) ?? 0;
      occurrences.set(request.intentId, occurrence + 1);
      // Repeats of a wording draw the fixture's samples in turn, like samples of a real model.
      const trial = trials[occurrence % trials.length];
      replay.use(trial);
      const before = replay.counters();
      const result = await service.delegate(request.text, {
        kit: request.intent.kit,
        params: request.intent.params,
        generation: { variant, intentId: request.intentId },
      });
      const correct = scoreCell(result, request.intent, workspace.dir, CELL_LABEL).score === 2;
      const promoted = promotedName((result as { promoted?: unknown }).promoted);
      if (promoted) run.promoted += 1;
      run.modelCalls.push(replay.counters().used - before.used);
      run.log.push({
        seed: options.seed,
        request: index + 1,
        window: Math.floor(index / options.windowSize) + 1,
        intentId: request.intent.id,
        wording: request.intentId,
        repeat: repeated[index],
        tier: result.tier ?? null,
        correct,
        modelAloneCorrect: result.tier === "templates" ? await alone.correct(request, trial) : null,
        promoted,
      });
    }
  } finally {
    await service.close();
    await workspace.dispose();
  }
  return run;
}
