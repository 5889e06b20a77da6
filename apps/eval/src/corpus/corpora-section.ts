/**
 * The rules on strangers' requests, for `pnpm bench`: every frozen corpus of `apps/eval/corpora`
 * scored through the real delegate pipeline with no model, wrong answers counted, beside how far
 * the rules were tuned on it (`corpora.json`). The eval's own intents were written with the
 * rules; these were not, so they are the figures to quote for the rules tier.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { CORPORA_DIR, CORPUS_TREES_DIR, corpusFile } from "./corpus-files.js";
import { readCorpus, scoreCorpus } from "./score-corpus.js";
import { scorecard, type Scorecard } from "./scorecard.js";

/** One corpus's line of the section. */
export interface CorpusScore {
  name: string;
  written: string;
  tuned: string;
  /** What a reader of the figures should know (a gold convention behind its wrong answers). */
  note?: string;
  card: Scorecard;
}

interface CorporaIndex {
  corpora: Record<string, { written: string; tuned: string; note?: string }>;
}

/** The corpora folder's index: what each corpus is and how far the rules were tuned on it. */
function readIndex(): CorporaIndex {
  const file = path.join(CORPORA_DIR, "corpora.json");
  return JSON.parse(readFileSync(file, "utf8")) as CorporaIndex;
}

/**
 * Scores every corpus the index lists whose trees are built; null when no tree is (the section
 * then says how to build them). A corpus folder the index does not list is an error: its tuning
 * must be stated before it is quoted.
 */
export async function scoreCorpora(
  treesDir: string = CORPUS_TREES_DIR,
  onProgress: (message: string) => void = () => {},
): Promise<CorpusScore[] | null> {
  const index = readIndex();
  const names = readdirSync(CORPORA_DIR).filter((name) => existsSync(corpusFile(name)));
  const unlisted = names.filter((name) => !index.corpora[name]);
  if (unlisted.length > 0)
    throw new Error(`corpora.json does not list ${unlisted.join(", ")}: say how far it was tuned`);
  const scores: CorpusScore[] = [];
  for (const name of names.sort()) {
    const requests = readCorpus(corpusFile(name));
    const trees = [...new Set(requests.map((request) => request.tree))];
    if (!trees.every((tree) => existsSync(path.join(treesDir, tree)))) continue;
    onProgress(`scoring corpus ${name} (${requests.length} requests)`);
    const card = scorecard(await scoreCorpus(requests, { treesDir }));
    scores.push({ name, ...index.corpora[name]!, card });
  }
  return scores.length > 0 ? scores : null;
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The section: one row per corpus, and the sums over those not tuned on. */
export function formatCorporaSection(scores: readonly CorpusScore[] | null): string {
  const lines = ["## Rules on strangers' requests (frozen corpora, no model)", ""];
  if (!scores) {
    lines.push(
      "Skipped: no corpus trees (`node scripts/corpus-trees.mjs` builds them from pinned npm tarballs).",
    );
    return `${lines.join("\n")}\n`;
  }
  lines.push(
    "Each request through the real delegate pipeline (templates, then rules; no model reachable). Right matches the writer's gold or an accepted reading; wrong is an answer given with success that matches neither; none is a refusal. The eval's own intents above were written with the rules; these were not.",
    "",
    "| corpus | written | rules tuned on it | requests | right | wrong | none | precision | recall |",
    "|---|---|---|---|---|---|---|---|---|",
  );
  for (const { name, written, tuned, card } of scores) {
    const t = card.all;
    lines.push(
      `| ${name} | ${written} | ${tuned} | ${t.total} | ${t.right} | ${t.wrong} | ${t.none} | ${percent(t.precision)} | ${percent(t.recall)} |`,
    );
  }
  lines.push("");
  for (const { name, note } of scores) if (note) lines.push(`Corpus ${name}: ${note}.`, "");
  for (const { name, card } of scores)
    for (const one of card.wrong)
      lines.push(
        `- wrong, corpus ${name}, ${one.id} “${one.request}” → ${one.reading ?? "(no reading)"}`,
      );
  return `${lines.join("\n")}\n`;
}
