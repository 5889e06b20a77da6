/**
 * `eval corpus [--corpus a] [--trees DIR] [--only id-prefix|category] [--json]`: runs a request
 * corpus through the real delegate pipeline with no model and prints its scorecard (right,
 * wrong and none per category, precision, recall, every wrong answer). Exits 1 on any wrong
 * answer.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { UsageError } from "./cli-args.js";
import { CORPUS_TREES_DIR, corpusFile } from "../corpus/corpus-files.js";
import { readCorpus, scoreCorpus } from "../corpus/score-corpus.js";
import { formatScorecard, scorecard } from "../corpus/scorecard.js";

/** Runs the corpus command. */
export async function corpusCommand(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      corpus: { type: "string", default: "a" },
      trees: { type: "string", default: CORPUS_TREES_DIR },
      only: { type: "string" },
      json: { type: "boolean", default: false },
    },
  });
  const file = corpusFile(values.corpus!);
  if (!existsSync(file)) throw new UsageError(`No corpus '${values.corpus}' (${file}).`);
  if (!existsSync(values.trees!))
    throw new UsageError(
      `No corpus trees at ${values.trees}: build them with node scripts/corpus-trees.mjs`,
    );
  const only = values.only;
  const requests = readCorpus(file).filter(
    (request) => !only || request.id.startsWith(only) || request.category === only,
  );
  const scored = await scoreCorpus(requests, {
    treesDir: path.resolve(values.trees!),
    onScored: (one) => process.stderr.write(`${one.verdict.padEnd(5)} ${one.id} ${one.request}\n`),
  });
  const card = scorecard(scored);
  process.stdout.write(
    values.json
      ? `${JSON.stringify({ ...card, scored }, null, 2)}\n`
      : formatScorecard(card, `corpus ${values.corpus}`),
  );
  if (card.all.wrong > 0) process.exitCode = 1;
}
