/**
 * The request streams of the ratchet simulation, seeded so they are the same on every machine.
 * `intents`: intents drawn with Zipf-like popularity (a seeded ranking), each time in one of its
 * recorded wordings. `wordings`: every recorded wording (texts and paraphrases) is its own item,
 * drawn with Zipf-like popularity over that larger set, so popular wordings repeat exactly and a
 * long tail is asked once.
 */
import { paraphraseId } from "../inputs/cell-specs.js";
import type { RatchetScenario } from "../results/ratchet-types.js";
import { seededRandom } from "../results/seeded-random.js";
import type { Intent } from "../inputs/types.js";

/** One request of a stream. */
export interface StreamRequest {
  intent: Intent;
  text: string;
  /** The wording's id: the intent id, or `<id>@p<n>` for its n-th paraphrase. */
  intentId: string;
}

/** What each scenario's stream is, for the report. */
export const SCENARIO_DESCRIPTIONS: Readonly<Record<RatchetScenario, string>> = Object.freeze({
  intents:
    "intents drawn with Zipf-like popularity (exponent 1.1), each request in one of the intent's recorded wordings, uniformly",
  wordings:
    "every recorded wording (intent texts and paraphrases) drawn on its own with Zipf-like popularity (exponent 1.0): exact repeats of popular wordings, a long tail asked once",
});

const EXPONENTS: Readonly<Record<RatchetScenario, number>> = { intents: 1.1, wordings: 1 };

function wordingsOf(intent: Intent): StreamRequest[] {
  return [intent.text, ...(intent.paraphrases ?? [])].map((text, index) => ({
    intent,
    text,
    intentId: index === 0 ? intent.id : paraphraseId(intent, index),
  }));
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const ranked = [...items];
  for (let index = ranked.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [ranked[index], ranked[other]] = [ranked[other], ranked[index]];
  }
  return ranked;
}

function zipfPicker<T>(ranked: readonly T[], exponent: number, random: () => number): () => T {
  const weights = ranked.map((_, rank) => 1 / (rank + 1) ** exponent);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return () => {
    let target = random() * total;
    let index = 0;
    while (index < ranked.length - 1 && target >= weights[index]) target -= weights[index++];
    return ranked[index];
  };
}

/** The stream of one scenario and seed: `requests` requests over the given intents. */
export function requestStream(
  intents: readonly Intent[],
  options: { scenario: RatchetScenario; seed: number; requests: number },
): StreamRequest[] {
  const random = seededRandom(options.seed);
  const exponent = EXPONENTS[options.scenario];
  const stream: StreamRequest[] = [];
  if (options.scenario === "wordings") {
    const pick = zipfPicker(shuffled(intents.flatMap(wordingsOf), random), exponent, random);
    for (let count = 0; count < options.requests; count++) stream.push(pick());
    return stream;
  }
  const pick = zipfPicker(shuffled(intents, random), exponent, random);
  for (let count = 0; count < options.requests; count++) {
    const wordings = wordingsOf(pick());
    stream.push(wordings[Math.floor(random() * wordings.length)]);
  }
  return stream;
}

/** For each request, whether its wording came earlier in the stream (the most a template could answer). */
export function repeats(stream: readonly StreamRequest[]): boolean[] {
  const seen = new Set<string>();
  return stream.map((request) => {
    const repeat = seen.has(request.intentId);
    seen.add(request.intentId);
    return repeat;
  });
}
