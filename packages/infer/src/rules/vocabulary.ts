/**
 * The words the rules understand. A request's words are reduced to a few dozen concepts
 * ("show", "file", "count", "todo", …): synonyms share a concept (`show/print/display/cat`,
 * `grep/search`, `biggest/largest`, `files/sources`), plurals and `-ing`/`-ed` forms are stemmed,
 * and a word of four letters or more that is one edit (a change, insertion, deletion or swap of
 * two neighbours) away from exactly one concept's word is read as that word. Stop words carry no
 * meaning for the rules and are dropped; a word the table does not know is a slot (`W`), which
 * only a rule's slot can take: a request with a word no rule expects is not answered.
 */
import { isKindWord } from "./file-kinds.js";

/** Each concept with the words that mean it (any case; plurals and `-ing`/`-ed` forms are found by stemming). */
const CONCEPTS: Readonly<Record<string, readonly string[]>> = {
  show: "show list ls display print cat view get give tell output dump enumerate return see what wat which read open browse".split(
    " ",
  ),
  find: ["find", "locate"],
  search: ["search", "grep", "rg", "ack", "scan", "hunt"],
  count: ["count", "tally", "total", "number", "sum"],
  file: ["file", "sources", "module", "page"],
  folder: "folder directory dir subfolder subdirectory subdir".split(" "),
  line: ["line", "loc", "sloc"],
  largest: ["largest", "biggest", "heaviest", "big", "large"],
  smallest: ["smallest", "tiniest"],
  most: ["most"],
  fewest: ["fewest", "least"],
  longest: ["longest"],
  shortest: ["shortest"],
  over: ["over", "above", "exceeding"],
  below: ["below"],
  breakdown: ["breakdown", "distribution", "histogram"],
  hidden: ["hidden", "dotfile"],
  installed: ["installed"],
  appear: ["appear", "occur"],
  directly: ["directly", "immediately"],
  empty: ["empty", "zero-byte"],
  size: ["size", "bytes", "byte", "weigh"],
  character: ["character", "char", "length"],
  top: ["top"],
  first: "first head beginning start opening initial leading".split(" "),
  last: "last tail end final bottom trailing ending".split(" "),
  todo: ["todo", "fixme"],
  contain: "contain mention include reference hold".split(" "),
  have: ["have", "has", "having", "got"],
  with: ["with"],
  import: ["import", "require"],
  use: ["use", "uses", "using", "used"],
  // "our source files" may mean a project's own files or its code: no rule reads the word.
  source: ["source"],
  field: ["field", "entry", "map", "property", "setting"],
  set: ["set", "setting"],
  run: ["run", "runs", "execute", "executes"],
  npm: ["npm"],
  pinned: ["pinned"],
  per: ["per", "each", "by"],
  extension: "extension ext suffix type kind filetype".split(" "),
  package: ["package", "pkg", "project"],
  name: ["name", "title", "filename", "basename"],
  named: ["named", "called"],
  version: ["version", "ver"],
  description: ["description", "summary"],
  dependency: ["dependency", "dependencies", "deps", "dep", "requirement"],
  script: ["script", "command"],
  export: ["export"],
  reexport: ["re-export", "reexport"],
  codekind: [
    "class",
    "function",
    "method",
    "interface",
    "enum",
    "component",
    "constant",
    "constructor",
  ],
  symbol: ["symbol", "identifier"],
  define: "define defined definition declare declared declaration implement implementation".split(
    " ",
  ),
  call: "call caller invoke invocation".split(" "),
  replace: ["replace", "substitute", "swap"],
  change: ["change", "rename"],
  literal: ["word", "string", "phrase", "term", "keyword", "literal"],
  append: ["append", "add"],
  create: "create make new touch write".split(" "),
  content: ["content", "contents", "body"],
  comment: ["comment", "note", "marker"],
  occurrence: "occurrence occurence occurance instance appearance hit usage".split(" "),
  match: ["match", "matching", "like", "glob"],
  test: ["test", "spec"],
  known: ["readme", "changelog", "contributing", "tsconfig"],
  license: ["license", "licence", "licensed"],
  author: ["author", "maintainer"],
  homepage: ["homepage", "website"],
  main: ["main", "entrypoint"],
  engine: ["engine"],
  // "the folder structure of lib", "the top-level layout": the folders, at any depth.
  structure: ["structure", "layout", "hierarchy"],
  bin: ["bin", "binary", "binaries", "executable"],
  where: ["where", "whereabouts"],
  who: ["who"],
  how: ["how"],
  in: "in under inside within from across at".split(" "),
  toplevel: ["root", "toplevel"],
  deep: ["recursively", "recursive", "nested", "deeper"],
  // Units of size: 1 KB = 1,024 bytes, as `find -size` and `du -k` count ("100k" may mean 100,000: not read).
  unit: "b kb kib kilobyte mb mib megabyte gb gib gigabyte".split(" "),
  to: ["to", "into", "onto", "through", "thru"],
  and: ["and", "or", "plus", "&", "+"],
  not: "not no without except excluding outside but never non other than".split(" "),
  sort: "sort order rank alphabetical alphabetically reverse".split(" "),
  say: ["say"],
  ws: [
    "workspace",
    "repo",
    "repository",
    "codebase",
    "monorepo",
    "anywhere",
    "everywhere",
    "everything",
  ],
  url: ["url"],
  modsys: ["esm", "commonjs"],
};

/** Words that carry nothing for the rules. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the me us please pls kindly can could would will should may might must shall you i we " +
    "they it its them their this that these those there here is are was were be been being do " +
    "does did any some of for just only currently now already actually " +
    "exactly really quickly whole entire full complete out up again thanks thank hey hi ok " +
    "okay so far exist exists existing present available my our your current given want need " +
    "know let lets as on one ones quick obviously plain sit sits sitting whose single anything " +
    // Chat: "plz", "u", "hm, where's X defined?".
    "plz u hm hmm um uh"
  ).split(" "),
);

/** Several words read as one or more concepts (applied before the single words). */
const PHRASES: readonly (readonly [readonly string[], readonly string[]])[] = [
  // "how many things does lib/a.js export": the names it exports.
  [
    ["how", "many", "things"],
    ["count", "name"],
  ],
  [
    ["how", "many", "times"],
    ["count", "occurrence"],
  ],
  [
    ["number", "of", "times"],
    ["count", "occurrence"],
  ],
  [["main", "entry", "point"], ["main"]],
  // "does anything import index.js", "does anything use minipass": who does.
  [["does", "anything"], ["who"]],
  [["does", "any", "file"], ["who"]],
  [["do", "any", "files"], ["who"]],
  [["which", "file", "which", "line"], ["where"]],
  [["which", "file", "and", "line"], ["where"]],
  [["what", "file", "and", "line"], ["where"]],
  [["all", "the", "places"], []],
  [["every", "place"], []],
  [["all", "places"], []],
  [["in", "the", "source", "code"], ["insource"]],
  [["in", "the", "sources"], ["insource"]],
  [["in", "the", "source"], ["insource"]],
  [["in", "our", "sources"], ["insource"]],
  [["get", "defined"], ["define"]],
  [["gets", "defined"], ["define"]],
  [["show", "up"], ["appear"]],
  [["shows", "up"], ["appear"]],
  [["more", "than"], ["over"]],
  [["longer", "than"], ["over"]],
  [["greater", "than"], ["over"]],
  [["bigger", "than"], ["over"]],
  [["larger", "than"], ["over"]],
  [["less", "than"], ["below"]],
  [["fewer", "than"], ["below"]],
  [["shorter", "than"], ["below"]],
  [["smaller", "than"], ["below"]],
  [["at", "least"], ["atleast"]],
  [["at", "most"], ["atmost"]],
  [["starts", "with"], ["start"]],
  [["start", "with"], ["start"]],
  [["starting", "with"], ["start"]],
  [["begins", "with"], ["start"]],
  [["begin", "with"], ["start"]],
  [["beginning", "with"], ["start"]],
  [["ends", "with"], ["finish"]],
  [["end", "with"], ["finish"]],
  [["ending", "with"], ["finish"]],
  [["in", "bytes"], ["inbytes"]],
  [["if", "any"], []],
  [["at", "all"], []],
  [["largest", "first"], ["desc"]],
  [["biggest", "first"], ["desc"]],
  [["smallest", "first"], ["asc"]],
  [["source", "maps"], [".map"]],
  [["source", "map"], [".map"]],
  [["sourcemaps"], [".map"]],
  // "which node built-in modules does lib/a.js import": the specifiers Node has itself.
  [["node's", "built-in", "modules"], ["builtin"]],
  [["node's", "builtin", "modules"], ["builtin"]],
  [["node's", "built-in", "module"], ["builtin"]],
  [["node's", "builtin", "module"], ["builtin"]],
  [["node's", "core", "modules"], ["builtin"]],
  [["node's", "core", "module"], ["builtin"]],
  [["node's", "built-ins"], ["builtin"]],
  [["node's", "builtins"], ["builtin"]],
  [["node's", "built-in"], ["builtin"]],
  [["node's", "builtin"], ["builtin"]],
  [["node", "built-in", "modules"], ["builtin"]],
  [["node", "builtin", "modules"], ["builtin"]],
  [["node", "built-in", "module"], ["builtin"]],
  [["node", "builtin", "module"], ["builtin"]],
  [["node", "core", "modules"], ["builtin"]],
  [["node", "core", "module"], ["builtin"]],
  [["node", "built-ins"], ["builtin"]],
  [["node", "builtins"], ["builtin"]],
  [["node", "built-in"], ["builtin"]],
  [["node", "builtin"], ["builtin"]],
  [["nodejs", "built-in", "modules"], ["builtin"]],
  [["nodejs", "builtin", "modules"], ["builtin"]],
  [["nodejs", "built-in", "module"], ["builtin"]],
  [["nodejs", "builtin", "module"], ["builtin"]],
  [["nodejs", "core", "modules"], ["builtin"]],
  [["nodejs", "core", "module"], ["builtin"]],
  [["nodejs", "built-ins"], ["builtin"]],
  [["nodejs", "builtins"], ["builtin"]],
  [["nodejs", "built-in"], ["builtin"]],
  [["nodejs", "builtin"], ["builtin"]],
  [["built-in", "modules"], ["builtin"]],
  [["builtin", "modules"], ["builtin"]],
  [["built-in", "module"], ["builtin"]],
  [["builtin", "module"], ["builtin"]],
  [["core", "modules"], ["builtin"]],
  [["built-ins"], ["builtin"]],
  [["builtins"], ["builtin"]],
  // "what does the bin field point to": the field's value says where.
  [["point", "to"], []],
  [["points", "to"], []],
  [["pointing", "to"], []],
  [["point", "at"], []],
  [["points", "at"], []],
  // "(not relative paths)": what a package name never is.
  [["relative", "paths"], ["relpath"]],
  [["relative", "imports"], ["relpath"]],
  [["relative", "ones"], ["relpath"]],
  // "which npm packages does lib/a.js pull in": bare specifiers that are not Node's.
  [["npm", "packages"], ["extpkg"]],
  [["npm", "package"], ["extpkg"]],
  [["npm", "modules"], ["extpkg"]],
  [["npm", "dependencies"], ["extpkg"]],
  [["npm", "deps"], ["extpkg"]],
  [["npm", "libraries"], ["extpkg"]],
  [["npm", "libs"], ["extpkg"]],
  [["external", "npm", "packages"], ["extpkg"]],
  [["third-party", "npm", "packages"], ["extpkg"]],
  [["3rd-party", "npm", "packages"], ["extpkg"]],
  [["external", "npm", "modules"], ["extpkg"]],
  // "(nothing relative)", "imported by the code in lib": the same words in other order.
  [
    ["nothing", "relative"],
    ["not", "relpath"],
  ],
  [["by", "the", "code"], []],
  [["external", "packages"], ["extpkg"]],
  [["external", "package"], ["extpkg"]],
  [["external", "modules"], ["extpkg"]],
  [["external", "dependencies"], ["extpkg"]],
  [["external", "deps"], ["extpkg"]],
  [["external", "libraries"], ["extpkg"]],
  [["external", "libs"], ["extpkg"]],
  [["third-party", "packages"], ["extpkg"]],
  [["third-party", "package"], ["extpkg"]],
  [["third-party", "modules"], ["extpkg"]],
  [["third-party", "dependencies"], ["extpkg"]],
  [["third-party", "deps"], ["extpkg"]],
  [["third-party", "libraries"], ["extpkg"]],
  [["third-party", "libs"], ["extpkg"]],
  [["3rd-party", "packages"], ["extpkg"]],
  [["3rd-party", "package"], ["extpkg"]],
  [["3rd-party", "modules"], ["extpkg"]],
  [["3rd-party", "dependencies"], ["extpkg"]],
  [["3rd-party", "deps"], ["extpkg"]],
  [["3rd-party", "libraries"], ["extpkg"]],
  [["3rd-party", "libs"], ["extpkg"]],
  [["outside", "packages"], ["extpkg"]],
  [["outside", "package"], ["extpkg"]],
  [["outside", "modules"], ["extpkg"]],
  [["outside", "dependencies"], ["extpkg"]],
  [["outside", "deps"], ["extpkg"]],
  [["outside", "libraries"], ["extpkg"]],
  [["outside", "libs"], ["extpkg"]],
  [["third", "party", "packages"], ["extpkg"]],
  [["third", "party", "modules"], ["extpkg"]],
  [["third", "party", "dependencies"], ["extpkg"]],
  [["third", "party", "libraries"], ["extpkg"]],
  // "what node version does it need": the `node` key of `engines`, not the whole field.
  // "module type?": package.json's "type" field.
  [["module", "type"], ["modtype"]],
  // "minimum node version", "which node version is required": the engines range says both.
  [["minimum", "node", "version"], ["nodeversion"]],
  [["min", "node", "version"], ["nodeversion"]],
  [["required", "node", "version"], ["nodeversion"]],
  [["node", "version", "required"], ["nodeversion"]],
  [["node", "version", "is", "required"], ["nodeversion"]],
  [["node", "versions", "are", "supported"], ["nodeversion"]],
  [["node", "versions", "supported"], ["nodeversion"]],
  [["node", "versions"], ["nodeversion"]],
  [["node", "version"], ["nodeversion"]],
  [["node", "engines"], ["nodeversion"]],
  [["node", "engine"], ["nodeversion"]],
  // "node engine requirement", "which node versions are supported": the engines range says it.
  [["node", "engine", "requirement"], ["nodeversion"]],
  // "which files mention sentinel (any case)": the text in any case, as grep -i.
  [["any", "case"], ["icase"]],
  [["ignoring", "case"], ["icase"]],
  [["ignore", "case"], ["icase"]],
  [["case", "insensitive"], ["icase"]],
  [["case-insensitive"], ["icase"]],
  [
    ["directory", "tree"],
    ["folder", "structure"],
  ],
  [
    ["folder", "tree"],
    ["folder", "structure"],
  ],
  [
    ["dir", "tree"],
    ["folder", "structure"],
  ],
  [["in", "total"], []],
  [["runtime", "dependencies"], ["dependency"]],
  [["runtime", "deps"], ["dependency"]],
  [["regular", "dependencies"], ["dependency"]],
  [["regular", "deps"], ["dependency"]],
  [["pull", "in"], ["import"]],
  [["pulls", "in"], ["import"]],
  [["does", "it", "support"], []],
  [["does", "this", "support"], []],
  [["do", "we", "support"], []],
  [["required", "by"], []],
  [["needed", "by"], []],
  [["per", "its"], []],
  [["according", "to"], []],
  [
    ["repo", "url"],
    ["repository", "url"],
  ],
  [
    ["repository", "url"],
    ["repository", "url"],
  ],
  [
    ["git", "url"],
    ["repository", "url"],
  ],
  [["peer", "deps"], ["peerdependency"]],
  [["optional", "deps"], ["optionaldependency"]],
  [["listed", "in"], ["in"]],
  // "what are the imports of a.js" is what a.js imports ("what imports a.js" asks the reverse).
  [
    ["imports", "of"],
    ["import", "in"],
  ],
  [
    ["requires", "of"],
    ["import", "in"],
  ],
  [["is", "this", "published"], []],
  [["is", "it", "published"], []],
  [["is", "this", "released"], []],
  [["how", "many"], ["count"]],
  // "hw many": the one typo of "how" the reader reads.
  [["hw", "many"], ["count"]],
  [["how", "much"], ["count"]],
  [["number", "of"], ["count"]],
  [["line", "numbers"], ["lineno"]],
  [["line", "number"], ["lineno"]],
  [["line", "nos"], ["lineno"]],
  [["look", "for"], ["search"]],
  [["look", "up"], ["search"]],
  [["dev", "dependencies"], ["devdependency"]],
  [["development", "dependencies"], ["devdependency"]],
  [["devdependencies"], ["devdependency"]],
  [["devdeps"], ["devdependency"]],
  [["peerdeps"], ["peerdependency"]],
  [["dev", "deps"], ["devdependency"]],
  [["dev", "dep"], ["devdependency"]],
  [["dev", "dependency"], ["devdependency"]],
  [["devdep"], ["devdependency"]],
  [["devdependency"], ["devdependency"]],
  [["peer", "dependencies"], ["peerdependency"]],
  [["peerdependencies"], ["peerdependency"]],
  [["optional", "dependencies"], ["optionaldependency"]],
  [["optionaldependencies"], ["optionaldependency"]],
  [["entry", "point"], ["main"]],
  [["main", "entry"], ["main"]],
  [["depend", "on"], ["dependency"]],
  [["depends", "on"], ["dependency"]],
  [["to", "do"], ["todo"]],
  [["to-do"], ["todo"]],
  [["to-dos"], ["todo"]],
  [["code", "base"], ["ws"]],
  [["in", "total"], []],
  [["in", "all"], []],
  [["all", "together"], []],
  [["altogether"], []],
  [["overall"], []],
  [["project", "files"], ["file"]],
  [["project", "file"], ["file"]],
  [["top", "level"], ["toplevel"]],
  [["project", "root"], ["toplevel"]],
  [["top-level"], ["toplevel"]],
  [["right", "now"], []],
  [["for", "me"], []],
  [["in", "here"], []],
  [["in", "which", "file"], ["where"]],
  [["in", "what", "file"], ["where"]],
  [["npm", "scripts"], ["script"]],
  [["npm", "script"], ["script"]],
  [["runtime", "dependencies"], ["dependency"]],
  [["runtime", "deps"], ["dependency"]],
  [["production", "dependencies"], ["dependency"]],
  [["set", "to"], ["set"]],
  [["import", "from"], ["import"]],
  [["imports", "from"], ["import"]],
  [["importing", "from"], ["import"]],
  [["sub", "folders"], ["folder"]],
  [["sub-folders"], ["folder"]],
  [["source", "code"], ["code"]],
  [["how", "big"], ["size"]],
  [["how", "large"], ["size"]],
  [["wc"], ["count", "line"]],
  [["break", "down"], ["breakdown"]],
  [["version", "range"], ["version"]],
  [["get", "required"], ["import"]],
  [["get", "imported"], ["import"]],
  [["gets", "required"], ["import"]],
  [["gets", "imported"], ["import"]],
  [["dir", "listing"], ["show"]],
  [["directory", "listing"], ["show"]],
  [["folder", "listing"], ["show"]],
  [["broken", "down"], ["breakdown"]],
  [["how", "long"], ["howlong"]],
  [["at", "any", "depth"], ["deep"]],
  [["any", "depth"], ["deep"]],
  [["all", "levels"], ["deep"]],
  ...["subfolders", "subdirectories", "subdirs", "subfolder", "subdirectory"].flatMap(
    (word) =>
      [
        [[word, "included"], ["deep"]],
        [["including", word], ["deep"]],
        [["with", word], ["deep"]],
      ] as const,
  ),
  [["nested", "folders", "included"], ["deep"]],
  [["including", "nested", "folders"], ["deep"]],
  [["longest", "first"], ["desc"]],
  [["shortest", "first"], ["asc"]],
  [["talk", "about"], ["contain"]],
  [["talks", "about"], ["contain"]],
  [["refer", "to"], ["contain"]],
  [["refers", "to"], ["contain"]],
  [
    ["declaration", "files"],
    [".d.ts", "file"],
  ],
  [
    ["declaration", "file"],
    [".d.ts", "file"],
  ],
  [["type", "declarations"], [".d.ts"]],
  [
    ["type", "declaration", "files"],
    [".d.ts", "file"],
  ],
];

/** The lookup tables, built once: surface word → concept, and stem → concept. */
const BY_WORD = new Map<string, string>();
const BY_STEM = new Map<string, string>();
for (const [concept, words] of Object.entries(CONCEPTS))
  for (const word of words) {
    BY_WORD.set(word, concept);
    if (!BY_STEM.has(stem(word))) BY_STEM.set(stem(word), concept);
  }

/** Kind words a typo may stand for (four letters or more). */
const KIND_WORDS =
  "python javascript typescript markdown json yaml toml rust java ruby shell html text source config configuration docs documentation".split(
    " ",
  );

/** The words a typo may stand for: four letters or more, each with what it reads as. */
const TYPO_TARGETS: readonly (readonly [string, WordForm])[] = [
  ...[...BY_WORD]
    .filter(([word]) => word.length >= 4)
    .map(([word, concept]) => [word, { concept }] as const),
  ...KIND_WORDS.filter((word) => isKindWord(word)).map((word) => [word, { kind: word }] as const),
];

let phrasesByFirstWord: Map<string, (typeof PHRASES)[number][]> | null = null;

/**
 * The multi-word phrases whose first word is `word`, each with the concepts it reads as (none:
 * it is dropped), in their order; indexed on first use.
 */
export function phrasesStartingWith(word: string): readonly (typeof PHRASES)[number][] | undefined {
  if (!phrasesByFirstWord) {
    phrasesByFirstWord = new Map();
    for (const phrase of PHRASES) {
      const first = phrase[0][0]!;
      const list = phrasesByFirstWord.get(first);
      if (list) list.push(phrase);
      else phrasesByFirstWord.set(first, [phrase]);
    }
  }
  return phrasesByFirstWord.get(word);
}

/** What a word reads as: a concept, or a kind of file (`kind`: the word for `kindExtensions`); `guess` when it was read as a word one edit away. */
export type WordForm = ({ concept: string } | { kind: string }) & { guess?: string };

/** True when a word carries nothing for the rules. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/**
 * A crude English stemmer, enough for the rules' words: plural `-s`/`-es`/`-ies`, `-ing` and
 * `-ed` (with a doubled last consonant undone: "mapping" → "map").
 */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|x|z|ss)es$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word)) return word.slice(0, -1);
  for (const suffix of ["ing", "ed"]) {
    if (word.endsWith(suffix) && word.length > suffix.length + 2) {
      const base = word.slice(0, -suffix.length);
      return /([b-df-hj-np-tv-z])\1$/.test(base) ? base.slice(0, -1) : base;
    }
  }
  return word;
}

/**
 * Everyday words one edit from a word the rules read, which people write meaning themselves:
 * "node's crypto module" is not a "note", "the same" is not a "name", "next" is not "text".
 * They are never read as typos (a request with one is answered only where a rule takes it).
 */
const REAL_WORDS: ReadonlySet<string> = new Set(
  "node same side mine nine hint cast next host port post math real ready user tool tape just none lone fail wall bold cold gold told work world shall smell spell".split(
    " ",
  ),
);

/**
 * What a lower-case word reads as: a concept as written, a kind of file, a concept by its stem
 * (also with a final `e` restored: "defin" → "define"), a kind by its stem, or, for a word of four
 * letters or more, what the one known word a single edit away reads as. Null when unknown (or
 * when two known words with different meanings are one edit away).
 */
export function wordForm(word: string): WordForm | null {
  const exact = BY_WORD.get(word);
  if (exact !== undefined) return { concept: exact };
  if (isKindWord(word)) return { kind: word };
  const stemmed = stem(word);
  const byStem = BY_STEM.get(stemmed) ?? BY_STEM.get(`${stemmed}e`);
  if (byStem !== undefined) return { concept: byStem };
  if (isKindWord(stemmed)) return { kind: stemmed };
  if (word.length < 4 || !/^[a-z]+$/.test(word) || REAL_WORDS.has(word)) return null;
  const near = TYPO_TARGETS.filter(([target]) => withinOneEdit(word, target));
  const meanings = new Set(
    near.map(([, form]) => ("concept" in form ? form.concept : `kind:${form.kind}`)),
  );
  return meanings.size === 1 ? { ...near[0]![1], guess: near[0]![0] } : null;
}

/**
 * True when `a` becomes `b` by at most one edit: a changed, inserted or deleted letter, or two
 * neighbouring letters swapped (the optimal string alignment distance is at most 1).
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  const restA = a.slice(start);
  const restB = b.slice(start);
  if (restA.length === restB.length) {
    if (restA.slice(1) === restB.slice(1)) return true;
    return restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2);
  }
  return restA.length > restB.length ? restA.slice(1) === restB : restB.slice(1) === restA;
}
