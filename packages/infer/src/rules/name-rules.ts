/**
 * Rules that find files by a part of their name: the files whose name contains some text or
 * starts with it ("files with "cursor" in the name", "files in dist that start with chunk-"),
 * the files of a well-known name at any depth ("list all readmes", "how many changelogs are there"), the
 * files with a given name ("package.json files in node_modules") and the hidden files. Text
 * written in lower case matches any case, as `fd` and ripgrep's smart case do; with a capital it
 * matches exactly. Only the name is matched, never the folders above it.
 */
import { globFor } from "./file-kinds.js";
import { kindName, quoted } from "./reading-text.js";
import { kindsOf, textOf } from "./rule-slots.js";
import { rulePattern, type IntentRule, type RuleSlots } from "./rule-types.js";
import { findCall } from "./find-call.js";

/** The glob of the files a name rule looks at: under a grounded folder, at the top only, or everywhere. */
function baseGlob(slots: RuleSlots): { pattern: string; where: string } {
  const folder = slots.scope?.[0]?.path;
  // "js files with ISOWeek in the name": the kind's extensions, in the glob and the words.
  const extensions = kindsOf(slots.kind);
  const glob = globFor(folder ?? "", extensions);
  const pattern = slots.top ? glob.replace(/^\*\*\//, "") : glob;
  const kind = extensions ? ` of the ${kindName(extensions)} kind (${pattern})` : "";
  if (slots.top) return { pattern, where: `directly in the top folder${kind}` };
  return folder
    ? { pattern, where: `under ${quoted(folder)}${kind}` }
    : { pattern, where: `at any depth${kind}` };
}

/** Characters people name by a word after "a" or "an" ("starts with an underscore"). */
const CHARACTERS: Readonly<Record<string, string>> = {
  underscore: "_",
  hyphen: "-",
  dash: "-",
  dot: ".",
  period: ".",
};

/** Smart case: text in lower case matches any case. */
function caseOf(text: string): { value: string; name: string; words: string } {
  return text === text.toLowerCase()
    ? { value: text, name: 'file.split("/").at(-1).toLowerCase()', words: "any case" }
    : { value: text, name: 'file.split("/").at(-1)', words: "exact case" };
}

/** The files whose name `test`s against the slot's text (`contains`, `startsWith`, `endsWith`). */
function byName(test: "includes" | "startsWith", words: string) {
  return (slots: RuleSlots) => {
    // "start with an underscore": a character named by its word.
    const named = slots.part?.[0]?.article
      ? CHARACTERS[slots.part[0].raw.toLowerCase()]
      : undefined;
    const part = named ?? textOf(slots.part);
    if (part === null || part.trim() === "" || /[\n\r/]/.test(part))
      return "the text of the name is not usable";
    // "a hash in their name": a kind of text, not the word as written.
    if (slots.part?.[0]?.article && !named)
      return "“a” before the word names a kind of text, not the text";
    const { pattern, where } = baseGlob(slots);
    const match = caseOf(part);
    const list = `${findCall(pattern, "pattern", { names: true })}.filter(file => ${match.name}.${test}(part))`;
    return {
      program: slots.count ? `len(${list})` : list,
      params: { pattern, part: match.value },
      reading: `${slots.count ? "the number of " : ""}the files ${where} whose name ${words} ${quoted(part)} (${match.words}; node_modules and .gitignored files left out)`,
    };
  };
}

const PART = "(?<part>[QWCP])";
const COUNT = "(?<count>count )?";
const SCOPE = "(?: in (?<scope>D)| in (?<top>toplevel))?";
/** "js files", ".md files": a kind of file whose names are matched. */
const KIND = "(?:(?<kind>K) )?";

/** Name rules. */
export const NAME_RULES: readonly IntentRule[] = [
  {
    id: "files-name-contains",
    summary: "the files whose name contains some text",
    examples: ['files with "test" in the name', "find files with sync in their name"],
    needs: ["find_files"],
    patterns: [
      `${COUNT}{ask}${KIND}file${SCOPE} (?:with|have|contain) ${PART} in name`,
      `${COUNT}{ask}${KIND}file (?:with|have|contain) ${PART} in name${SCOPE}`,
      `${COUNT}{ask}${KIND}file${SCOPE} name (?:have|contain) ${PART}`,
      `${COUNT}{ask}${KIND}file name (?:have|contain) ${PART}${SCOPE}`,
    ].map(rulePattern),
    build: byName("includes", "contains"),
  },
  {
    id: "files-name-starts",
    summary: "the files whose name starts with some text",
    examples: ['files whose name starts with "index"', "files in src that start with test-"],
    needs: ["find_files"],
    patterns: [
      `${COUNT}{ask}${KIND}file${SCOPE} (?:(?:with )?name )?start ${PART}`,
      `${COUNT}{ask}${KIND}file (?:(?:with )?name )?start ${PART}${SCOPE}`,
    ].map(rulePattern),
    build: byName("startsWith", "starts with"),
  },
  {
    id: "files-named-known",
    summary: "the READMEs, LICENSEs, CHANGELOGs at any depth",
    examples: ["list all readmes", "how many changelogs are there"],
    needs: ["find_files"],
    patterns: [
      `(?<exist>exist )?${COUNT}(?:show |find )?(?<name>known|license)(?<files> file)?${SCOPE}`,
    ].map(rulePattern),
    build(slots) {
      const token = slots.name?.[0];
      const plural = /s$/i.test(token?.raw ?? "") || /s$/i.test(slots.files?.[0]?.raw ?? "");
      // "show the readme" asks for one file's text; only "readmes", "README files" or "is there" ask which there are.
      if (!token || !(plural || slots.exist || slots.count))
        return "one file is asked for, not a list";
      const word = token.raw.replace(/s$/i, "");
      if (!/^[A-Za-z]+$/.test(word)) return "the name is not a plain word";
      const { pattern, where } = baseGlob(slots);
      const match = caseOf(word);
      const list = `${findCall(pattern, "pattern", { names: true })}.filter(file => ${match.name}.startsWith(part))`;
      return {
        program: slots.count ? `len(${list})` : list,
        params: { pattern, part: match.value },
        reading: `${slots.count ? "the number of " : ""}the files ${where} whose name starts with ${quoted(word)} (${match.words}; node_modules and .gitignored files left out)`,
      };
    },
  },
  {
    id: "hidden-files",
    summary: "the hidden files (names that start with a dot)",
    examples: ["hidden files in the project root", "list the hidden files in src"],
    needs: ["find_files"],
    patterns: [
      `${COUNT}{ask}hidden file${SCOPE}`,
      // "list the dotfiles at the root": the word is both.
      `${COUNT}{ask}(?<dotfiles>hidden)${SCOPE}`,
    ].map(rulePattern),
    build(slots) {
      if (slots.dotfiles && !/^dot-?files$/i.test(slots.dotfiles[0]!.raw))
        return `${quoted(slots.dotfiles[0]!.raw)} alone does not name files`;
      const { pattern, where } = baseGlob(slots);
      const list = `${findCall(pattern, "pattern", { names: true })}.filter(file => file.split("/").at(-1).startsWith("."))`;
      return {
        program: slots.count ? `len(${list})` : list,
        params: { pattern },
        reading: `${slots.count ? "the number of " : ""}the files ${where} whose name starts with "." (hidden paths lackpy keeps closed, such as .env, are left out and counted as skipped)`,
      };
    },
  },
];
