/**
 * Reads a request into tokens the rules match on. Quoted text, regex literals, paths, globs,
 * numbers and kinds of files become slots; words become concepts (see `vocabulary.ts`) or, when
 * unknown, word slots; stop words and command-line flags (`-n`) are dropped. Each token keeps
 * the text as written, so a slot's value is exactly what the person typed.
 */
import { kindExtensions } from "./file-kinds.js";
import { isStopWord, phrasesStartingWith, wordForm } from "./vocabulary.js";

/**
 * One token. `form` is what patterns see: a concept (`show`, `file`, `count`, …) or a slot
 * letter: `Q` quoted text, `R` a regex literal, `P` a path, `G` a glob, `N` a number, `K` a
 * kind of file, `W` an unknown word; grounding makes `A` of a kind written as an extension word
 * ("js") where the extension alone and its family are different files, and turns paths and words that name something in the
 * workspace into `F` (a file) or `D` (a folder, a directory).
 */
export interface Token {
  form: string;
  /** The text as written (without its quotes, for `Q`; the pattern, for `R`). */
  raw: string;
  /** `R`: the regex flags. */
  flags?: string;
  /** `K`: the extensions of the kind. */
  extensions?: readonly string[];
  /** `F`/`D`: the workspace-relative path it names. */
  path?: string;
  /** `F`: named by its well-known name ("the readme"), not by its path. */
  named?: boolean;
  /** `D`: a plain word read as a folder only because the workspace has one of that name ("show src"). */
  loose?: boolean;
  /** A word read as another one a letter away ("lsit" as "list"): the word it was read as. */
  guess?: string;
  /** `A`: why the word has two readings here that are not the same files. */
  ambiguity?: string;
  /** `W`/`C`: right after "a" or "an" ("a hash in the name"): a kind of thing, not text as written. */
  article?: true;
  /** A word that begins a sentence (the request's first, or one after `.`, `?` or `!`): capitalised as any such word is. */
  opening?: true;
}

const OPENING: Readonly<Record<string, string>> = {
  '"': '"',
  "“": "”",
  "`": "`",
  "'": "'",
  "‘": "’",
};

/** A regex literal as people type one: `/colou?r/i`. */
const REGEX = /^\/((?:\\.|[^/\\\n])+)\/([a-z]*)(?=$|[\s,;:!?)])/;

const CONTRACTIONS: Readonly<Record<string, readonly string[]>> = {
  "what's": ["what"],
  whats: ["what"],
  wheres: ["where"],
  dont: ["not"],
  doesnt: ["not"],
  "where's": ["where"],
  "who's": ["who"],
  "how's": ["how"],
  "it's": [],
  "there's": [],
  "that's": [],
  "let's": [],
  "i'd": [],
  "i'm": [],
  "don't": ["not"],
  "doesn't": ["not"],
  "isn't": ["not"],
  "aren't": ["not"],
  "can't": ["not"],
  "won't": ["not"],
  "didn't": ["not"],
  arent: ["not"],
  isnt: ["not"],
  didnt: ["not"],
  wasnt: ["not"],
  werent: ["not"],
  hasnt: ["not"],
  havent: ["not"],
  // Chat spellings: "gimme the last 5 lines", "count teh files", "u", "ur", "plz".
  gimme: ["show"],
  teh: ["the"],
  u: ["you"],
  ur: ["your"],
  plz: ["please"],
};

/**
 * Command-line flags that change nothing the rules answer: line numbers, recursion (every
 * search is), file names, colour, fixed strings (every search is literal), output format.
 */
const HARMLESS_FLAGS: ReadonlySet<string> = new Set(
  "-n -r -R -rn -nr -Rn -nR -rH -Hr -h -H -s -F -I --recursive --line-number --color --colour --json --fixed-strings".split(
    " ",
  ),
);

/** grep's flag for a search that ignores case, alone or with harmless ones (`-i`, `-ri`, `-inr`). */
const IGNORE_CASE = /^(?:--ignore-case|-[rRnH]*i[rRnH]*)$/;

/** Flags harmless after one command only: `wc -l` counts lines, `ls -la` lists. */
const COMMAND_FLAGS: Readonly<Record<string, RegExp>> = {
  wc: /^-l$/,
  ls: /^-[alhR1]+$/,
};

/** True when a flag after the word `previous` changes nothing the rules answer. */
function harmlessFlag(flag: string, previous: string | undefined): boolean {
  if (HARMLESS_FLAGS.has(flag)) return true;
  const command = previous?.toLowerCase() ?? "";
  return Object.hasOwn(COMMAND_FLAGS, command) && COMMAND_FLAGS[command]!.test(flag);
}

/** Number words people write for a small count ("the five largest files", "first three lines"). */
const NUMBER_WORDS: readonly string[] =
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty".split(
    " ",
  );

/** "10KB", "1.5mb": a size with its unit, written as one chunk. */
const SIZE_CHUNK = /^(\d{1,6}(?:\.\d{1,3})?)(kb|kib|mb|mib|gb|gib|b)$/i;

/** Splits a request into raw pieces: quoted text, regex literals and runs of other characters. */
function pieces(
  text: string,
): { kind: "quote" | "regex" | "chunk"; text: string; flags?: string }[] {
  const found: { kind: "quote" | "regex" | "chunk"; text: string; flags?: string }[] = [];
  let index = 0;
  while (index < text.length) {
    const character = text[index]!;
    if (/\s/.test(character)) {
      index++;
      continue;
    }
    const before = index === 0 ? " " : text[index - 1]!;
    const close = OPENING[character];
    if (close !== undefined && (character !== "'" || /[\s([]/.test(before))) {
      const end = closingQuote(text, index + 1, close);
      if (end > index + 1) {
        found.push({ kind: "quote", text: text.slice(index + 1, end) });
        index = end + 1;
        continue;
      }
    }
    if (character === "/" && /[\s(]/.test(before)) {
      const regex = REGEX.exec(text.slice(index));
      if (regex && /^[imsu]*$/.test(regex[2]!)) {
        found.push({ kind: "regex", text: regex[1]!, flags: regex[2]! });
        index += regex[0].length;
        continue;
      }
    }
    let end = index;
    while (end < text.length && !/\s/.test(text[end]!)) end++;
    found.push({ kind: "chunk", text: text.slice(index, end) });
    index = end;
  }
  return found;
}

/** The index of the quote closing one opened before `from`, or -1. A `'` closes only before a space, punctuation or the end. */
function closingQuote(text: string, from: number, close: string): number {
  for (let index = from; index < text.length; index++) {
    if (text[index] !== close) continue;
    if (close !== "'" || index + 1 === text.length || /[\s,.;:!?)]/.test(text[index + 1]!))
      return index;
  }
  return -1;
}

/** The token for a chunk that is not a plain word, or null for a word. */
function slotOf(chunk: string): Token | null {
  if (/^\d{1,6}$/.test(chunk)) return { form: "N", raw: chunk };
  // "the 10th line": an ordinal, a position rather than a count ("10 lines" are ten lines).
  const ordinal = /^(\d{1,6})(?:st|nd|rd|th)$/i.exec(chunk);
  if (ordinal) return { form: "O", raw: ordinal[1]! };
  if (/^(?:\*\*\/)?\*?\.[a-z0-9]{1,10}(?:\.[a-z0-9]{1,10})?$/i.test(chunk)) {
    const extensions = kindExtensions(chunk);
    if (extensions) return { form: "K", raw: chunk, extensions };
  }
  if (/[*?{]/.test(chunk)) return { form: "G", raw: chunk };
  if (/^node:[a-z_/]+$/.test(chunk)) return { form: "P", raw: chunk };
  if (/[/\\]/.test(chunk)) return { form: "P", raw: chunk };
  if (/^[\w@.+-]*[A-Za-z0-9_-]\.[A-Za-z][A-Za-z0-9]{0,9}$/.test(chunk))
    return { form: "P", raw: chunk };
  return null;
}

/** Drops the punctuation around a chunk: `(README.md),` → `README.md`. */
function trimChunk(chunk: string): string {
  return chunk.replace(/^[([{<]+/, "").replace(/[)\]}>,;:!?]+$|(?<=[^.])\.+$/g, "");
}

/** Reads a request (already at most the rules' length) into tokens. */
export function readRequest(text: string): Token[] {
  const words: Token[] = [];
  let opening = true;
  // "which file(s) define X": the plural, as "(s)" says either.
  for (const piece of pieces(text.replace(/\b([A-Za-z]+)\(s\)(?=\s|$|[?.!,])/g, "$1s"))) {
    const opens = opening;
    opening = piece.kind === "chunk" && /[.?!]$/.test(piece.text);
    if (piece.kind === "quote") words.push({ form: "Q", raw: piece.text });
    else if (piece.kind === "regex") words.push({ form: "R", raw: piece.text, flags: piece.flags });
    else {
      const chunk = trimChunk(piece.text);
      // Punctuation on its own ("noop - where is it defined") carries nothing.
      if (chunk === "" || /^[-\u2013\u2014:;,.!?]+$/.test(chunk)) continue;
      // A flag is dropped only when it changes nothing the rules answer (`-n`, `-r`, `--json`);
      // any other (`grep -i`, `-v`, `-w`, `-l`) is a `flag` no rule reads, so there is no answer.
      if (/^-{1,2}[a-z][\w-]*$/i.test(chunk)) {
        const previous = words.at(-1)?.raw ?? "";
        // "find the string --no-clobber": after a word that introduces text, it is the text.
        if (/^(?:string|text|phrase|literal)$/i.test(previous))
          words.push({ form: "word", raw: chunk });
        // "grep -i moment": the search ignores case (`-ri`, `-in` too).
        else if (/^(?:grep|rg)$/i.test(previous) && IGNORE_CASE.test(chunk))
          words.push({ form: "icase", raw: chunk });
        else if (!harmlessFlag(chunk, previous)) words.push({ form: "flag", raw: chunk });
        continue;
      }
      // "tail -3 a.js", "head -20 a.js": the flag is the number of lines.
      const flag = /^-(\d{1,6})$/.exec(chunk);
      if (flag && /^(?:head|tail)$/i.test(words.at(-1)?.raw ?? "")) {
        words.push({ form: "N", raw: flag[1]! });
        continue;
      }
      // "80-100", "80–100": a range of numbers.
      const range = /^(\d{1,6})[-\u2013](\d{1,6})$/.exec(chunk);
      if (range) {
        words.push(
          { form: "N", raw: range[1]! },
          { form: "word", raw: "to" },
          { form: "N", raw: range[2]! },
        );
        continue;
      }
      // "line-wise", "size-wise": by lines, by size.
      const wise = /^(line|size)-?wise$/i.exec(chunk);
      if (wise) {
        words.push({ form: "word", raw: "by" }, { form: "word", raw: wise[1]! });
        continue;
      }
      // "10KB": the number, then its unit.
      const sized = SIZE_CHUNK.exec(chunk);
      if (sized) {
        words.push({ form: "N", raw: sized[1]! }, { form: "word", raw: sized[2]! });
        continue;
      }
      // "five", "three": a number ("one" only after a word that counts: "the top one" stays a word).
      const number = NUMBER_WORDS.indexOf(chunk.toLowerCase());
      if (number > 1) {
        words.push({ form: "N", raw: String(number) });
        continue;
      }
      words.push(
        slotOf(chunk) ?? { form: "word", raw: chunk, ...(opens ? { opening: true } : {}) },
      );
    }
  }
  return withoutRepeats(normalised(withoutRepeats(conceptsOf(expandContractions(words)))));
}

/**
 * Orders of words that mean what another order means, rewritten to the order the patterns read:
 * - "what is the number of files": a `show` right before `count` asks for the count.
 * - "the total line count of": "count line count" is "count line"; "how many files total" is
 *   "count file".
 * - "top-level .js files", "root files": a `toplevel` before a kind or "files" is where they
 *   are, as "… files at the top level" says.
 * - "any svg files? list them": a trailing "list" or "show" with no verb before it opens the request.
 * - "markdown docs", "typescript declaration": two kinds in a row where one holds the other are
 *   the narrower one ("docs" that are markdown); any other two kinds stay two.
 */
function normalised(tokens: Token[]): Token[] {
  const read: Token[] = [];
  // "any svg files? list them": a request that names what it wants, then the verb, asks for it.
  const last = tokens.at(-1);
  // A guessed "list" is not moved: "largest files in dist" ends with a folder, not a verb.
  if (
    last?.form === "show" &&
    last.guess === undefined &&
    tokens.length > 1 &&
    !VERBS.has(tokens[0]!.form)
  )
    tokens = [last, ...tokens.slice(0, -1)];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const next = tokens[index + 1];
    if (token.form === "show" && next?.form === "count") continue;
    // "how many files total": a last `count` repeats the request's first.
    if (
      token.form === "count" &&
      (read.at(-1)?.form === "line" || index === tokens.length - 1) &&
      read.some((earlier) => earlier.form === "count")
    )
      continue;
    if (token.form === "K" && next?.form === "K" && token.extensions && next.extensions) {
      const narrower = narrowerKind(token, next);
      if (narrower) {
        read.push(narrower);
        index++;
        continue;
      }
    }
    if (token.form === "toplevel" && (next?.form === "K" || next?.form === "file")) {
      let end = index + 1;
      while (tokens[end]?.form === "K") end++;
      if (tokens[end]?.form === "file") {
        read.push(...tokens.slice(index + 1, end + 1), { form: "in", raw: "" }, token);
        index = end;
        continue;
      }
    }
    read.push(token);
  }
  return read;
}

/** Concepts that open a request as its verb. */
const VERBS = new Set([
  "show",
  "count",
  "find",
  "search",
  "where",
  "exist",
  "create",
  "replace",
  "append",
  "change",
]);

/** Of two kinds, the one whose extensions the other holds all of; null when neither does. */
function narrowerKind(a: Token, b: Token): Token | null {
  const within = (inner: readonly string[], outer: readonly string[]) =>
    inner.every(
      (extension) => outer.includes(extension) || outer.some((o) => extension.endsWith(`.${o}`)),
    );
  if (within(a.extensions!, b.extensions!)) return { ...a, raw: `${a.raw} ${b.raw}` };
  if (within(b.extensions!, a.extensions!)) return { ...b, raw: `${a.raw} ${b.raw}` };
  return null;
}

/**
 * "list, show me the files" and "the total number of lines" name one concept twice: once is
 * enough. A guessed word stays ("which dist files": "dist" is a folder, not "list" mistyped), so
 * grounding can read it as what it names and a reading never loses it silently.
 */
function withoutRepeats(tokens: Token[]): Token[] {
  return tokens.filter(
    (token, index) =>
      index === 0 ||
      /^[A-Z]$/.test(token.form) ||
      token.guess !== undefined ||
      token.form !== tokens[index - 1]!.form,
  );
}

function expandContractions(tokens: Token[]): Token[] {
  return tokens.flatMap((token, index) => {
    if (token.form !== "word") return [token];
    // "r there any", "how many files r there": "are", only before a word that follows "are".
    if (/^r$/i.test(token.raw) && /^(?:there|they|you|u|we)$/i.test(tokens[index + 1]?.raw ?? ""))
      return [{ form: "word", raw: "are" }];
    // The apostrophes as escapes: a regex literal is bundled as written, and one non-ASCII
    // character makes V8 hold (and scan) the CLI's whole chunk as UTF-16.
    const lower = token.raw.toLowerCase().replace(/\u2019/g, "'");
    const expanded = Object.hasOwn(CONTRACTIONS, lower) ? CONTRACTIONS[lower] : undefined;
    if (expanded) return expanded.map((word) => ({ form: "word", raw: word }));
    return [{ ...token, raw: token.raw.replace(/'s$|\u2019s$/i, "") }];
  });
}

/**
 * True for a word no English sentence has but code does: camelCase or PascalCase with a capital
 * inside (`gcTime`, `SourceCode`), an underscore or `$` (`ERR_STREAM_CLOSED`, `$ref`), or code
 * punctuation (`target="_blank"`, `foo()`). Such a word names something in code, so rules may
 * take it as a name or as text to look for where a plain word would be left unread.
 */
export function isCodeShaped(word: string): boolean {
  // "@ts-ignore", "@deprecated": a directive or doc tag.
  if (/^@[a-z][\w-]*$/i.test(word)) return true;
  return /[a-z][A-Z]/.test(word) || /[A-Za-z0-9][_$=(){}[\]<>#"]|[_$][A-Za-z]/.test(word);
}

/** "is there", "are there", "is there any": the request asks whether something exists. */
function isExistence(tokens: readonly Token[]): boolean {
  const [first, second] = tokens.map((token) => token.raw.toLowerCase());
  return (
    tokens[0]!.form === "word" &&
    (first === "is" || first === "are") &&
    second === "there" &&
    tokens.length > 2
  );
}

/** Words that stand for something said before ("in them"). */
const PRONOUNS = new Set(["them", "it", "there", "those", "these", "this", "that", "here"]);

/**
 * True when a pronoun right after "in" stands alone ("in them", "in there"), rather than
 * determining the next word ("in this package"): the rules cannot know what it stands for.
 */
function standsAlone(tokens: Token[], index: number): boolean {
  const previous = tokens[index - 1];
  const next = tokens[index + 1];
  const before = previous?.form === "word" ? wordForm(previous.raw.toLowerCase()) : null;
  return (
    PRONOUNS.has(tokens[index]!.raw.toLowerCase()) &&
    before !== null &&
    "concept" in before &&
    before.concept === "in" &&
    (next === undefined || (next.form === "word" && isStopWord(next.raw.toLowerCase())))
  );
}

/** Phrases first, then each word: a concept, a kind, dropped as a stop word, or a `W` slot. */
function conceptsOf(tokens: Token[]): Token[] {
  const read: Token[] = [];
  for (let index = 0; index < tokens.length;) {
    const phrase = phraseAt(tokens, index);
    if (phrase) {
      const raw = tokens
        .slice(index, index + phrase.length)
        .map((token) => token.raw)
        .join(" ");
      for (const concept of phrase.concepts)
        // ".map": a phrase that names a kind of file ("source maps").
        read.push(
          concept.startsWith(".")
            ? { form: "K", raw, extensions: kindExtensions(concept)! }
            : { form: concept, raw },
        );
      index += phrase.length;
      continue;
    }
    // "is there a tsconfig anywhere", "are there any empty files": a question whether something exists.
    if (index === 0 && isExistence(tokens)) {
      read.push({ form: "exist", raw: `${tokens[0]!.raw} ${tokens[1]!.raw}` });
      index += 2;
      continue;
    }
    const token = tokens[index++]!;
    if (token.form !== "word") {
      read.push(token);
      continue;
    }
    const lower = token.raw.toLowerCase();
    if (standsAlone(tokens, index - 1)) {
      read.push({ form: "it", raw: token.raw });
      continue;
    }
    if (isStopWord(lower)) {
      // "the folders under out", "the out folder": a stop word that is also a usual folder's
      // name, after "in" or before "folder", is that folder's name (and, where no folder has it, a word no rule reads).
      const folderWord = /^(?:folder|dir|directory)s?$/i.test(tokens[index]?.raw ?? "");
      if (FOLDER_STOP_WORDS.has(lower) && (read.at(-1)?.form === "in" || folderWord))
        read.push({ form: "W", raw: token.raw });
      continue;
    }
    const article = /^an?$/i.test(tokens[index - 2]?.raw ?? "") ? { article: true as const } : {};
    if (lower === "all" || lower === "every") {
      // "all the files", "all typescript files", "all the lines" mean the files and lines; "all
      // the folders" means every folder at any depth; "all the package names" and "every
      // package.json" mean many packages, which only a rule that reads the word answers.
      // "all README.md files" are the files of that name; "all" only says there may be many.
      const next = nextConcept(tokens, index);
      if (next === "folder" || next === "package" || next === "name")
        read.push({ form: "all", raw: token.raw });
      else if (next === "path" && !pathOfFiles(tokens, index))
        read.push({ form: "all", raw: token.raw });
      continue;
    }
    // "the Locale class": a capitalised word inside a request is a name, not a typo ("locate");
    // "where is View defined", "the Command class": nor the word the rules read ("view", "command").
    const named = index > 1 && /[A-Z]/.test(token.raw);
    const found = wordForm(lower);
    const form =
      (named && found?.guess !== undefined) || (named && isTitledName(tokens, index - 1, found))
        ? null
        : found;
    const guess = form?.guess === undefined ? {} : { guess: form.guess };
    if (form && "kind" in form) {
      read.push({ form: "K", raw: token.raw, extensions: kindExtensions(form.kind)!, ...guess });
    } else if (form) read.push({ form: form.concept, raw: token.raw, ...guess });
    else read.push({ form: isCodeShaped(token.raw) ? "C" : "W", raw: token.raw, ...article });
  }
  return read;
}

/** Stop words that are also usual folders' names (`out`, TypeScript's default output folder). */
const FOLDER_STOP_WORDS: ReadonlySet<string> = new Set(["out"]);

/** Concepts whose words people capitalise as names of things the rules know ("the Readme", "the License", "Workspace"). */
const PROPER_CONCEPTS: ReadonlySet<string> = new Set(["known", "license", "npm", "ws", "modsys"]);

/**
 * True when the capitalised word at `index` is a name inside a sentence ("View", not "view"):
 * one capital then small letters, not opening a sentence, in a request not written in title case
 * (where every word has a capital), and read as a concept people do not capitalise.
 */
function isTitledName(
  tokens: readonly Token[],
  index: number,
  found: ReturnType<typeof wordForm>,
): boolean {
  const token = tokens[index]!;
  if (token.opening || !/^[A-Z][a-z]+$/.test(token.raw) || !found || !("concept" in found))
    return false;
  if (PROPER_CONCEPTS.has(found.concept)) return false;
  const words = tokens.filter((word) => word.form === "word" && !word.opening);
  return words.filter((word) => /^[A-Z]/.test(word.raw)).length * 2 <= words.length;
}

/** True when the first token from `index` that is not a stop word is a path followed by "files" ("all README.md files"). */
function pathOfFiles(tokens: readonly Token[], index: number): boolean {
  let at = index;
  while (tokens[at]?.form === "word" && isStopWord(tokens[at]!.raw.toLowerCase())) at++;
  const after = tokens[at + 1];
  return after?.form === "word" && /^files?$/i.test(after.raw);
}

/** The concept of the first word from `index` that is not a stop word ("kind" for a kind of file), or null. */
function nextConcept(tokens: readonly Token[], index: number): string | null {
  for (let at = index; at < tokens.length; at++) {
    const token = tokens[at]!;
    if (token.form === "K") return "kind";
    if (token.form !== "word") return /[./]/.test(token.raw) ? "path" : null;
    const lower = token.raw.toLowerCase();
    if (isStopWord(lower)) continue;
    if (phrasesStartingWith(lower)) {
      const phrase = phraseAt(tokens, at);
      if (phrase) return phrase.concepts[0] ?? null;
    }
    const form = wordForm(lower);
    return form === null ? null : "concept" in form ? form.concept : "kind";
  }
  return null;
}

function phraseAt(
  tokens: readonly Token[],
  index: number,
): { length: number; concepts: readonly string[] } | null {
  const first = tokens[index];
  if (first?.form !== "word") return null;
  // Only a phrase that starts with this word can match here, and the first of those that does.
  for (const [words, concepts] of phrasesStartingWith(first.raw.toLowerCase()) ?? []) {
    if (
      words.every(
        (word, offset) =>
          tokens[index + offset]?.form === "word" &&
          tokens[index + offset]!.raw.toLowerCase() === word,
      )
    )
      return { length: words.length, concepts };
  }
  return null;
}
