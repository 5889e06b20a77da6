/** The figures of a scored corpus: right, wrong and none per category and in all, precision and recall, and every wrong answer. */
import type { ScoredRequest } from "./corpus-types.js";

/** Counts of one group of requests. */
export interface Tally {
  total: number;
  right: number;
  wrong: number;
  none: number;
  /** right / (right + wrong): how often an answer is right; 1 when nothing was answered. */
  precision: number;
  /** right / total. */
  recall: number;
}

/** The scorecard: all requests, each category, and the wrong answers. */
export interface Scorecard {
  all: Tally;
  categories: Record<string, Tally>;
  wrong: ScoredRequest[];
}

function tally(scored: readonly ScoredRequest[]): Tally {
  const count = (verdict: string) => scored.filter((one) => one.verdict === verdict).length;
  const right = count("right");
  const wrong = count("wrong");
  return {
    total: scored.length,
    right,
    wrong,
    none: count("none"),
    precision: right + wrong === 0 ? 1 : right / (right + wrong),
    recall: scored.length === 0 ? 0 : right / scored.length,
  };
}

/** The scorecard of scored requests. */
export function scorecard(scored: readonly ScoredRequest[]): Scorecard {
  const categories: Record<string, Tally> = {};
  for (const category of [...new Set(scored.map((one) => one.category))].sort())
    categories[category] = tally(scored.filter((one) => one.category === category));
  return { all: tally(scored), categories, wrong: scored.filter((one) => one.verdict === "wrong") };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The scorecard as a markdown table, then every wrong answer with its reading and output. */
export function formatScorecard(card: Scorecard, title: string): string {
  const row = (name: string, t: Tally) =>
    `| ${name} | ${t.total} | ${t.right} | ${t.wrong} | ${t.none} | ${percent(t.precision)} | ${percent(t.recall)} |`;
  const lines = [
    `## ${title}`,
    "",
    "| category | requests | right | wrong | none | precision | recall |",
    "|---|---|---|---|---|---|---|",
    ...Object.entries(card.categories).map(([name, t]) => row(name, t)),
    row("**all**", card.all),
    "",
  ];
  if (card.wrong.length === 0) lines.push("No wrong answers.");
  else {
    lines.push(`Wrong answers (${card.wrong.length}):`, "");
    for (const one of card.wrong)
      lines.push(
        `- ${one.id} “${one.request}” → ${one.reading ?? "(no reading)"}: ${JSON.stringify(one.output)?.slice(0, 200)}`,
      );
  }
  return `${lines.join("\n")}\n`;
}
