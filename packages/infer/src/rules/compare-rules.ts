/**
 * Rules that compare two folders or two files: "which files exist in build/legacy but not in
 * build/modern" (a file of the first folder is missing from the second when no file has its
 * path relative to the first there), and "are dist/cjs/v4.js and dist/esm/v4.js the same?"
 * (their texts, compared whole). Both folders or files must be in the workspace.
 */
import { globFor } from "./file-kinds.js";
import { filesText, quoted } from "./reading-text.js";
import { kindsOf } from "./rule-slots.js";
import { rulePattern, type IntentRule } from "./rule-types.js";

/** The words that ask whether two files are the same, and those that ask whether they differ. */
const SAME = /^(?:same|identical|equal)$/i;
const DIFFER = /^(?:differ|different|differs)$/i;

/** The words for "not there" between the two folders ("missing from", "absent from", "lacking in"). */
const MISSING = /^(?:missing|absent|lacking)$/i;

/** "don't have", "have no", "without": what a file has not. */
const LACKS = "(?:not have|have not|(?<without>not))";

/** Comparison rules. */
export const COMPARE_RULES: readonly IntentRule[] = [
  {
    id: "files-not-in",
    summary: "the files of one folder that another folder does not have",
    examples: [
      "which files exist in src but not in docs",
      "the markdown files in docs that are missing from src",
    ],
    needs: ["find_files"],
    patterns: [
      "(?:show )?(?:(?<kind>K) )?file in (?<first>D) (?:not|(?<missing>W)) in (?<second>D)",
    ].map(rulePattern),
    build(slots) {
      const missing = slots.missing?.[0]?.raw;
      if (missing !== undefined && !MISSING.test(missing))
        return `${quoted(missing)} is not read here`;
      const first = slots.first?.[0]?.path;
      const second = slots.second?.[0]?.path;
      if (!first || !second || first === second) return "two different folders are needed";
      // "in lib not in lib/utils" leaves a subfolder out; paths relative to each mean nothing there.
      if (`${second}/`.startsWith(`${first}/`) || `${first}/`.startsWith(`${second}/`))
        return "one folder is inside the other: say which files to leave out";
      const extensions = kindsOf(slots.kind);
      const mine = globFor(first, extensions);
      return {
        program: [
          "const theirs = new Set(find_files(other, { hidden: true }).map(file => file.slice(len(second) + 1)))",
          "find_files(pattern, { hidden: true }).filter(file => !theirs.has(file.slice(len(first) + 1)))",
        ].join("\n"),
        params: { pattern: mine, other: globFor(second, null), first, second },
        reading: `the ${filesText(mine, extensions)} with no file at the same path under ${quoted(second)} (paths relative to each folder, at any depth; hidden files too)`,
      };
    },
  },
  {
    id: "same-text",
    summary: "whether two files have the same text",
    examples: ["are README.md and notes.md the same?", "is docs/guide.md identical to notes.md"],
    needs: ["read_file"],
    patterns: [
      // "same" is also a letter from "name": the word as written is checked.
      "(?<first>F) and (?<second>F) (?<word>name|W)",
      "(?<first>F) (?<word>name|W) to (?<second>F)",
    ].map(rulePattern),
    build(slots) {
      const word = slots.word?.[0]?.raw ?? "";
      const same = SAME.test(word);
      if (!same && !DIFFER.test(word))
        return `${quoted(word)} does not ask whether they are the same`;
      const first = slots.first?.[0]?.path;
      const second = slots.second?.[0]?.path;
      if (!first || !second || first === second) return "two different files are needed";
      return {
        program: `read_file(first) ${same ? "===" : "!=="} read_file(second)`,
        params: { first, second },
        reading: `whether ${quoted(first)} and ${quoted(second)} ${same ? "have the same text" : "differ"}: true or false, their whole texts compared`,
      };
    },
  },
  {
    id: "line-difference",
    summary: "how many more lines one file has than another",
    examples: [
      "how many more lines does README.md have than notes.md?",
      "what's the difference in line count between README.md and notes.md",
    ],
    needs: ["read_lines"],
    patterns: [
      "count (?<more>W) line (?<first>F) have not (?<second>F)",
      "(?:show )?(?<more>W) in line (?:count )?(?<between>W) (?<first>F) and (?<second>F)",
    ].map(rulePattern),
    build(slots) {
      const word = slots.more?.[0]?.raw ?? "";
      if (!(slots.between ? /^difference$/i : /^more$/i).test(word))
        return `${quoted(word)} does not ask for a difference`;
      if (slots.between && !/^between$/i.test(slots.between[0]!.raw))
        return `${quoted(slots.between[0]!.raw)} is not read`;
      const first = slots.first?.[0]?.path;
      const second = slots.second?.[0]?.path;
      if (!first || !second || first === second) return "two different files are needed";
      return {
        program: "len(read_lines(first, 1)) - len(read_lines(second, 1))",
        params: { first, second },
        reading: `the lines of ${quoted(first)} minus the lines of ${quoted(second)} (a final newline ends the last line; negative when the second has more)`,
      };
    },
  },
  {
    id: "files-without-twin",
    summary: "the files of one kind with no file of another kind beside them",
    examples: [
      "which .ts files in src don't have a matching .py file?",
      "list the .py files that have no matching .ts in src",
    ],
    needs: ["find_files"],
    patterns: [
      `{ask}(?<base>K) file{scope} ${LACKS} (?:match )?(?<twin>K)(?: file)?(?: in (?<scope2>D))?`,
    ].map(rulePattern),
    build(slots) {
      // "not" alone leaves a kind out ("ts files that aren't declaration files"); "without" lacks one.
      if (slots.without && !/^without$/i.test(slots.without[0]!.raw))
        return "“not” a kind leaves the kind out, it does not ask for a missing twin";
      const base = oneExtension(slots.base);
      const twin = oneExtension(slots.twin);
      if (!base || !twin || base === twin)
        return "two kinds of file, each one extension, are needed";
      const folder = slots.scope?.[0]?.path ?? slots.scope2?.[0]?.path ?? "";
      if (slots.scope && slots.scope2 && slots.scope[0]!.path !== slots.scope2[0]!.path)
        return "one folder is compared with itself only";
      if (slots.scopeFile || slots.scopeKind || slots.scopeTop)
        return "the files are not in one folder";
      const strip = (extension: string) => `.replace(/\\.${extension.replace(/\./g, "\\.")}$/, "")`;
      return {
        program: [
          `const twins = new Set(find_files(twinPattern).map(file => file${strip(twin)}))`,
          `find_files(pattern).filter(file => !twins.has(file${strip(base)}))`,
        ].join("\n"),
        params: { pattern: globFor(folder, [base]), twinPattern: globFor(folder, [twin]) },
        reading: `the .${base} files${folder ? ` under ${quoted(folder)}` : ""} with no .${twin} file of the same name beside them (a.${base} and a.${twin} in the same folder)`,
      };
    },
  },
];

/** The one extension a kind token names (".d.ts", ".js"), or null for a kind of several. */
function oneExtension(
  tokens: readonly { extensions?: readonly string[] }[] | undefined,
): string | null {
  const extensions = tokens?.[0]?.extensions;
  return extensions?.length === 1 ? extensions[0]! : null;
}
