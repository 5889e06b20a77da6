import { createHash } from "node:crypto";
import { normaliseIntent } from "@lackpy/infer/node";
import type { RatchetRequest } from "./store-types.js";

/** Hash of a run's output, for comparing answers (JSON text; `undefined` as null). */
export function outputHash(output: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(output ?? null) ?? "null")
    .digest("hex")
    .slice(0, 16);
}

/** The key of a request's answers and failed promotion: kit, normalised intent, and a digest of its param values. */
export function requestKey(request: RatchetRequest): string {
  const base = `${request.kit}\u0000${normaliseIntent(request.intent)}`;
  const names = Object.keys(request.params ?? {}).sort();
  if (names.length === 0) return base;
  const values = JSON.stringify(names.map((name) => [name, request.params![name] ?? null]));
  return `${base}\u0000${createHash("sha256").update(values).digest("hex").slice(0, 16)}`;
}

/** The key of a program entry: normalised intent, kit and program. */
export function entryKey(request: RatchetRequest, program: string): string {
  return createHash("sha256")
    .update(`${normaliseIntent(request.intent)}\u0000${request.kit}\u0000${program.trim()}`)
    .digest("hex")
    .slice(0, 16);
}

/** How many of the latest answers in a row are `hash`, and whether the last `window` all are. */
export function agreement(
  answers: readonly string[],
  hash: string,
  window: number,
): { agreed: boolean; agreeingRuns: number } {
  let agreeingRuns = 0;
  while (agreeingRuns < answers.length && answers[answers.length - 1 - agreeingRuns] === hash)
    agreeingRuns++;
  return {
    agreed: agreeingRuns >= Math.min(Math.max(1, window), answers.length),
    agreeingRuns,
  };
}
