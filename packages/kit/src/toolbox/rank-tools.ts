/**
 * Lexical ranking of a kit's tools for a request or a search: the words of the text, stemmed
 * and widened with a few synonyms, scored against each tool's name (3 a word), examples and tags
 * (2), and description and argument names (1). A tool the text names outright always ranks
 * first. Cheap and deterministic: no model, no index, the kit's order breaks ties.
 */
import type { ToolSpec } from "@lackpy/lang";

/** Score of a tool whose name the text spells out (`jira_get_issue`): above any word match. */
const NAMED_SCORE = 1_000;

const STOP_WORDS = new Set(
  (
    "the a an and or for with from into that this these those are is be what which please can " +
    "you your me my all any of in on to at by it its as do does did how get give show me i we " +
    "there their them then than some every each"
  ).split(" "),
);

/** Words of requests and the words tools use for the same thing (both directions are added). */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  list: ["find", "files"],
  find: ["search", "list", "where", "locate"],
  search: ["find", "grep", "contain", "mention"],
  read: ["content", "text", "open", "say", "print"],
  count: ["number", "many", "size", "length", "total"],
  lines: ["line", "rows"],
  size: ["bytes", "big", "large", "largest", "biggest", "small"],
  write: ["create", "save", "add", "append"],
  edit: ["replace", "rename", "change", "update", "fix"],
  folder: ["directory", "dir", "folders"],
  definition: ["defined", "define", "declared", "declaration", "where"],
  caller: ["call", "calls", "called", "uses", "used", "usage"],
  file: ["files", "ts", "js", "py", "md", "json", "typescript", "python", "markdown", "readme"],
});

/** A word reduced to a stem: plural and verb endings dropped, then its first five letters. */
export function stemWord(word: string): string {
  let stem = word.toLowerCase();
  if (stem.length > 4 && stem.endsWith("ies")) stem = `${stem.slice(0, -3)}y`;
  else if (stem.length > 4 && /(?:ss|sh|ch|x)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.length > 3 && stem.endsWith("s") && !stem.endsWith("ss")) stem = stem.slice(0, -1);
  if (stem.length > 5 && stem.endsWith("ing")) stem = stem.slice(0, -3);
  else if (stem.length > 4 && stem.endsWith("ed")) stem = stem.slice(0, -2);
  return stem.slice(0, 5);
}

/** The words of a text or a name: split at non-letters and at camelCase humps, lower-cased. */
function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
}

const SYNONYM_STEMS: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const table = new Map<string, Set<string>>();
  const link = (left: string, right: string) => {
    const from = stemWord(left);
    const to = stemWord(right);
    if (!table.has(from)) table.set(from, new Set());
    table.get(from)!.add(to);
  };
  for (const [word, others] of Object.entries(SYNONYMS))
    for (const other of others) {
      link(word, other);
      link(other, word);
    }
  return table;
})();

/** The stems a text asks about: its own words' stems and their synonyms'. */
export function queryStems(text: string): Set<string> {
  const stems = new Set<string>();
  for (const word of words(text)) {
    const stem = stemWord(word);
    stems.add(stem);
    for (const synonym of SYNONYM_STEMS.get(stem) ?? []) stems.add(synonym);
  }
  return stems;
}

function stemsOf(text: string | undefined): Set<string> {
  return new Set(words(text ?? "").map(stemWord));
}

function overlap(stems: ReadonlySet<string>, query: ReadonlySet<string>): number {
  let count = 0;
  for (const stem of stems) if (query.has(stem)) count++;
  return count;
}

/** How well a tool fits a text (0: not at all). */
export function toolScore(tool: ToolSpec, text: string, query = queryStems(text)): number {
  const named = new RegExp(`(?<![A-Za-z0-9_$])${tool.name.replace(/\$/g, "\\$")}(?![A-Za-z0-9_$])`);
  if (named.test(text)) return NAMED_SCORE;
  const examples = (tool.examples ?? []).flatMap((example) => [
    example.intent,
    ...(example.tags ?? []),
  ]);
  return (
    3 * overlap(stemsOf(tool.name), query) +
    2 * overlap(stemsOf(examples.join(" ")), query) +
    overlap(
      stemsOf([tool.description, ...(tool.args ?? []).map((arg) => arg.name)].join(" ")),
      query,
    )
  );
}

/**
 * The tools that fit a text, best first (ties in the kit's order), at most `limit`; tools with
 * no word in common with it are left out. A tool the text names is always first.
 */
export function rankTools(
  tools: readonly ToolSpec[],
  text: string,
  options: { limit?: number } = {},
): ToolSpec[] {
  const query = queryStems(text);
  return tools
    .map((tool, index) => ({ tool, index, score: toolScore(tool, text, query) }))
    .filter((entry) => entry.score > 0)
    .sort((left, right) => right.score - left.score || left.index - right.index)
    .slice(0, options.limit ?? tools.length)
    .map((entry) => entry.tool);
}

/** The tools a text names outright (`call jira_get_issue`), in the kit's order. */
export function namedTools(tools: readonly ToolSpec[], text: string): ToolSpec[] {
  return tools.filter((tool) => toolScore(tool, text, new Set()) >= NAMED_SCORE);
}
