/**
 * The ratchet simulation: a seeded stream of requests (popular intents repeat, wordings vary
 * among paraphrases) through one fresh workspace with `ratchet.auto` on, tiers templates →
 * rules → the fixture's model (replayed). Per window it reports the share each tier answered,
 * the model calls made and saved, and wrong answers served by templates, which must stay zero.
 */
import { DEFAULT_CONFIG } from "@lackpy/service";
import { paraphraseId } from "./cell-specs.js";
import { openEvalService } from "./eval-service.js";
import type { Fixture } from "./fixtures.js";
import { editsFiles, fixtureVariants } from "./replay.js";
import { TrialReplay } from "./replay-provider.js";
import type { EvalReport, RatchetWindow, TierName } from "./report-types.js";
import { scoreCell, type Cell } from "./score-cell.js";
import type { Intent } from "./types.js";
import { prepareWorkspace } from "./workspace.js";

/** Settings of a simulation. */
export interface RatchetOptions {
  seed: number;
  requests: number;
  windowSize: number;
  /** Successes of the same program for the same wording before it is promoted. */
  minSuccesses: number;
}

/** The simulation's defaults; the promotion threshold is the product's own default. */
export const DEFAULT_RATCHET_OPTIONS: RatchetOptions = {
  seed: 20261123,
  requests: 240,
  windowSize: 40,
  minSuccesses: DEFAULT_CONFIG.ratchet.minSuccesses,
};

/** mulberry32: a small seeded PRNG, so the stream is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One request of the stream. */
export interface StreamRequest {
  intent: Intent;
  text: string;
  intentId: string;
}

/** The request stream: intents drawn with Zipf-like popularity (a seeded ranking), each time in one of its wordings. */
export function requestStream(
  intents: readonly Intent[],
  options: Pick<RatchetOptions, "seed" | "requests">,
): StreamRequest[] {
  const random = seededRandom(options.seed);
  const ranked = [...intents];
  for (let index = ranked.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [ranked[index], ranked[other]] = [ranked[other], ranked[index]];
  }
  const weights = ranked.map((_, rank) => 1 / (rank + 1) ** 1.1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const stream: StreamRequest[] = [];
  for (let count = 0; count < options.requests; count++) {
    let target = random() * total;
    let index = 0;
    while (index < ranked.length - 1 && target >= weights[index]) target -= weights[index++];
    const intent = ranked[index];
    const wordings = [intent.text, ...(intent.paraphrases ?? [])];
    const choice = Math.floor(random() * wordings.length);
    stream.push({
      intent,
      text: wordings[choice],
      intentId: choice === 0 ? intent.id : paraphraseId(intent, choice),
    });
  }
  return stream;
}

const emptyShare = (): Record<TierName, number> => ({
  templates: 0,
  rules: 0,
  ollama: 0,
  anthropic: 0,
});

/** Runs the simulation over one fixture; returns the report section and a cell per template-served request. */
export async function simulateRatchet(
  fixture: Fixture,
  intents: readonly Intent[],
  options: RatchetOptions = DEFAULT_RATCHET_OPTIONS,
): Promise<{ ratchet: EvalReport["ratchet"]; templateCells: Cell[] }> {
  const { provider, model, source } = fixture.meta;
  const variant = fixtureVariants(fixture)[0] ?? "baseline";
  const replay = new TrialReplay(fixture.records, provider, provider);
  const trials = replay.trials.length > 0 ? replay.trials : [1];
  const stream = requestStream(
    intents.filter((intent) => !editsFiles(intent)),
    options,
  );
  const workspace = await prepareWorkspace();
  const windows: RatchetWindow[] = [];
  const templateCells: Cell[] = [];
  const seen = new Map<string, number>();
  const promoted = new Set<string>();
  try {
    const service = await openEvalService(workspace.dir, {
      providers: { model: replay },
      order: ["templates", "rules", "model"],
      ratchet: { auto: true, minSuccesses: options.minSuccesses },
    });
    for (let start = 0; start < stream.length; start += options.windowSize) {
      const slice = stream.slice(start, start + options.windowSize);
      const window: RatchetWindow = {
        index: windows.length + 1,
        intents: slice.length,
        tierShare: emptyShare(),
        modelCalls: 0,
        modelCallsSaved: 0,
        wrongFromTemplates: 0,
        wrong: 0,
      };
      for (const request of slice) {
        const occurrence = seen.get(request.text) ?? 0;
        seen.set(request.text, occurrence + 1);
        // Repeats of a wording draw the fixture's trials in turn, like samples of a real model.
        replay.use(trials[occurrence % trials.length]);
        const before = replay.counters();
        const result = await service.delegate(request.text, {
          kit: request.intent.kit,
          params: request.intent.params,
          generation: { variant, intentId: request.intentId },
        });
        const used = replay.usedSince(before.used);
        const tier = result.tier ?? null;
        const cell = scoreCell(
          result,
          request.intent,
          workspace.dir,
          {
            provider: "templates",
            model: `ratchet:${model}`,
            source,
            variant,
            tier: "templates",
            trial: 1,
          },
          { missed: replay.counters().misses > before.misses, stale: false, used },
        );
        if (tier) window.tierShare[tier] += 1 / slice.length;
        window.modelCalls += used.length;
        if (tier === "templates" || tier === "rules") window.modelCallsSaved += 1;
        if (cell.score !== 2) window.wrong += 1;
        if (tier === "templates") {
          templateCells.push(cell);
          if (cell.score !== 2) window.wrongFromTemplates += 1;
        }
        if (result.promoted) promoted.add(result.promoted.template);
      }
      for (const key of Object.keys(window.tierShare) as TierName[])
        window.tierShare[key] = Math.round(window.tierShare[key] * 10_000) / 10_000;
      windows.push(window);
    }
  } finally {
    await workspace.dispose();
  }
  return {
    ratchet: {
      seed: options.seed,
      provider,
      model,
      source,
      requests: stream.length,
      windowSize: options.windowSize,
      windows,
      templatesPromoted: promoted.size,
      modelCalls: windows.reduce((sum, window) => sum + window.modelCalls, 0),
      modelCallsSaved: windows.reduce((sum, window) => sum + window.modelCallsSaved, 0),
      wrongFromTemplates: windows.reduce((sum, window) => sum + window.wrongFromTemplates, 0),
    },
    templateCells,
  };
}
