/**
 * Scoring a request corpus the way a person without a model meets lackpy: each request goes
 * through the real delegate pipeline (templates, then rules; no model) of a service opened on
 * its tree with the default kit (`readonly`) and the default run mode, as a dry run so nothing
 * is written to the tree (`.lackpy/` included). An answer is right when it matches the gold or an
 * accepted alternative, wrong when it succeeded without matching, and none otherwise.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_CONFIG, LackpyService } from "@lackpy/service";
import { matchesAny } from "./compare-answer.js";
import type { CorpusRequest, ScoredRequest, Verdict } from "./corpus-types.js";

/** Reads a corpus's requests. */
export function readCorpus(file: string): CorpusRequest[] {
  return JSON.parse(readFileSync(file, "utf8")) as CorpusRequest[];
}

/** Options of `scoreCorpus`. */
export interface ScoreOptions {
  /** The folder holding one tree per `request.tree` (`.corpus-trees`). */
  treesDir: string;
  /** Called after each request. */
  onScored?: (scored: ScoredRequest) => void;
}

/** A service on a tree with no model: templates, then rules, every other setting as shipped. */
async function openTree(root: string): Promise<LackpyService> {
  const config = structuredClone(DEFAULT_CONFIG);
  config.inference.order = ["templates", "rules"];
  return LackpyService.open({ workspace: root, config, env: {} });
}

/**
 * Scores every request: the trees at once (one service each, opened once and shared by the
 * tree's requests, so each tree is scanned once), each tree's requests in turn. The rows come
 * back in the corpus's order.
 */
export async function scoreCorpus(
  requests: readonly CorpusRequest[],
  options: ScoreOptions,
): Promise<ScoredRequest[]> {
  const byTree = new Map<string, CorpusRequest[]>();
  for (const request of requests) {
    const mine = byTree.get(request.tree) ?? [];
    mine.push(request);
    byTree.set(request.tree, mine);
  }
  const scored = new Map<CorpusRequest, ScoredRequest>();
  await Promise.all(
    [...byTree].map(async ([tree, mine]) => {
      const service = await openTree(path.join(options.treesDir, tree));
      try {
        for (const request of mine) {
          const one = await scoreOne(service, request);
          scored.set(request, one);
          options.onScored?.(one);
        }
      } finally {
        await service.close();
      }
    }),
  );
  return requests.map((request) => scored.get(request)!);
}

/** One request through the service's delegate pipeline, as a dry run. */
async function scoreOne(service: LackpyService, request: CorpusRequest): Promise<ScoredRequest> {
  const result = await service.delegate(request.request, { dryRun: true, trace: "none" });
  const golds = [request.gold, ...(request.accept ?? [])];
  const verdict: Verdict = !result.success
    ? "none"
    : matchesAny(result.output, golds)
      ? "right"
      : "wrong";
  return {
    id: request.id,
    tree: request.tree,
    category: request.category,
    request: request.request,
    verdict,
    tier: result.tier,
    reading: result.reading,
    output: result.output,
    error: result.error ? `${result.error.code}: ${result.error.message}` : null,
  };
}
