/** Where the request corpora and the trees they run on live in this repository. */
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root, from this file (`apps/eval/src/corpus/`). */
const REPOSITORY = fileURLToPath(new URL("../../../../", import.meta.url));

/** The folder of the frozen corpora (`apps/eval/corpora`). */
export const CORPORA_DIR = path.join(REPOSITORY, "apps/eval/corpora");

/** The requests file of a corpus by name. */
export function corpusFile(name: string): string {
  return path.join(CORPORA_DIR, name, "requests.json");
}

/** The folder the corpus trees are built into (`node scripts/corpus-trees.mjs`). */
export const CORPUS_TREES_DIR = path.join(REPOSITORY, ".corpus-trees");
