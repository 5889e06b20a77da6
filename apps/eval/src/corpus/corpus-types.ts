/** The request corpora (`apps/eval/corpora/<name>/requests.json`): their shape, as their README says it. */

/** How a gold value is compared (see the corpus README). */
export type GoldKind = "number" | "paths" | "strings" | "text" | "json" | "hits";

/** One right answer: its kind, its value, and for `paths` whether the order counts. */
export interface Gold {
  kind: GoldKind;
  value: unknown;
  ordered?: boolean;
  how?: string;
  reading?: string;
}

/** One request of a corpus, with its tree, category, gold and the alternatives also taken as right. */
export interface CorpusRequest {
  id: string;
  tree: string;
  category: string;
  request: string;
  gold: Gold;
  accept?: Gold[];
  how: string;
  note?: string;
}

/** What became of one request: right, wrong (answered with success, matching no gold), or none (no answer). */
export type Verdict = "right" | "wrong" | "none";

/** One scored request. */
export interface ScoredRequest {
  id: string;
  tree: string;
  category: string;
  request: string;
  verdict: Verdict;
  /** The tier that answered (templates or rules), or null. */
  tier: string | null;
  reading: string | null;
  output: unknown;
  /** Why there was no answer: the error code and message. */
  error: string | null;
}
