/**
 * Rules about the extensions files have: which are in use ("which file extensions are used
 * here") and how many files have each ("what file types are there and how many of each"). A
 * question that asks which extensions answers them as a list; one that asks for counts, a
 * breakdown, or the types or kinds of file, answers a map (strangers' corpora read them so). Hidden files are listed too (`.gitignore` has no extension).
 */
import { filesText } from "./reading-text.js";
import { globFor } from "./file-kinds.js";
import { globOf, kindsOf, scopeOf } from "./rule-slots.js";
import { rulePattern, type IntentRule } from "./rule-types.js";

/** A file's extension as Node's `path.extname` reads it: from the name's last ".", "" for none and for `.gitignore`. */
const EXTENSION_OF = [
  '  const name = file.split("/").at(-1)',
  '  const extension = name.lastIndexOf(".") > 0 ? name.slice(name.lastIndexOf(".")) : ""',
];

/** The words that name extensions themselves ("extensions", "ext", "suffixes"), not types or kinds of file. */
const EXTENSION_WORD = /^(?:ext|extension|suffix)(?:e?s)?$/i;

/** Extension rules. */
export const EXTENSION_RULES: readonly IntentRule[] = [
  {
    id: "count-per-extension",
    summary: "count files per extension",
    examples: ["count files by extension", "how many files of each type are there"],
    needs: ["find_files"],
    patterns: [
      "count file (?:in )?per (?:file )?extension{scope}",
      "(?:show )?file (?:count )?per (?:file )?extension{scope}",
      "count (?:file )?extension{scope}",
      // "a breakdown of file extensions", "file type breakdown by extension".
      "(?:show )?(?:file )?(?:extension )?breakdown (?:per |in )?(?:file )?extension{scope}",
      "(?:show )?(?:file )?extension breakdown(?: per (?:file )?extension)?{scope}",
      // "break down the files in types by extension", "breakdown of files by extension at the top".
      "(?:show )?breakdown file{scope} per (?:file )?extension",
      "(?:show )?breakdown file per (?:file )?extension{scope}",
      // "what file types are there and how many of each", "breakdown of file types (count per extension)".
      "(?:show )?(?:breakdown )?file extension (?:and )?count per(?: extension)?{scope}",
      // "what kinds of files are in here (extensions + counts)".
      "(?:show )?(?:extension )?file extension and count{scope}",
      // "which file extensions are in lib, with counts", "what kinds of files are in dist/esm,
      // and how many of each extension?": the extensions, where, then the counts.
      "(?:show )?(?:file )?extension(?: file)?{scope} (?:(?:and|with) )?count(?: per(?: file)?(?: extension)?)?",
      // "break down the files by extension, with counts".
      "(?:show )?breakdown file{scope} per (?:file )?extension(?: with count)?",
      // "how many of each extension in dist/esm".
      "count per (?:file )?extension{scope}",
      // "what file types are in the repo": the types, with how many of each ("which extensions" lists them).
      "show (?:file )?(?<typeWord>extension)(?: (?:use|have))?{scope}",
      "show (?<typeWord>extension) file{scope}",
    ].map(rulePattern),
    build(slots) {
      if (slots.typeWord && EXTENSION_WORD.test(slots.typeWord[0]!.raw))
        return "“which extensions” asks for the extensions, not a count of each";
      const where = scopeOf(slots);
      if (!where || where.extensions) return "a kind of file cannot be counted per extension";
      const pattern = globOf(where, null);
      return {
        program: [
          "const counts = {}",
          "for (const file of find_files(pattern, { hidden: true })) {",
          ...EXTENSION_OF,
          "  counts[extension] = (counts[extension] ?? 0) + 1",
          "}",
          "counts",
        ].join("\n"),
        params: { pattern },
        reading: `the number of ${filesText(pattern)} per extension (from the name's last ".", as Node's path.extname: "" for none, ".ts" for a.d.ts, "" for .gitignore)`,
      };
    },
  },
  {
    id: "extensions-in-use",
    summary: "which file extensions are in use",
    examples: ["which file extensions are used here", "list the file extensions"],
    needs: ["find_files"],
    patterns: [
      "show (?:file )?(?<word>extension)(?: (?:use|have))?{scope}",
      // "what kinds of files are in here (by extension)".
      "show extension file(?: per (?<word>extension))?{scope}",
    ].map(rulePattern),
    build(slots) {
      if (!slots.word || !EXTENSION_WORD.test(slots.word[0]!.raw))
        return "“file types” are counted per extension; “which extensions” lists them";
      const where = scopeOf(slots);
      if (!where || where.extensions) return "a kind of file has its own extensions";
      const pattern = globOf(where, null);
      return {
        program: [
          "const found = new Set()",
          "for (const file of find_files(pattern, { hidden: true })) {",
          ...EXTENSION_OF,
          '  if (extension !== "") found.add(extension.slice(1))',
          "}",
          "[...found].sort()",
        ].join("\n"),
        params: { pattern },
        reading: `the extensions of the ${filesText(pattern)}, without the dot, sorted (from the name's last ".", as Node's path.extname: "ts" for a.d.ts; files with none, and .gitignore, left out)`,
      };
    },
  },
  {
    id: "files-without-extension",
    summary: "the files whose name has no extension (LICENSE, Makefile)",
    examples: ["how many files have no extension?", "list files without an extension"],
    needs: ["find_files"],
    patterns: [
      "(?<count>count )?(?:show )?file(?: in (?<scope>D))? (?:have )?not extension",
      "(?<count>count )?(?:show )?file (?:have )?not extension{scope}",
    ].map(rulePattern),
    build(slots) {
      const where = scopeOf(slots);
      if (!where || where.extensions) return "a kind of file has its extensions";
      const pattern = globOf(where, null);
      const listed = [
        "const found = []",
        "for (const file of find_files(pattern, { hidden: true })) {",
        ...EXTENSION_OF,
        '  if (extension === "") found.push(file)',
        "}",
      ];
      return {
        program: [...listed, slots.count ? "len(found)" : "found"].join("\n"),
        params: { pattern },
        reading: `${slots.count ? "the number of " : ""}the ${filesText(pattern)} whose name has no extension (as Node's path.extname: no "." after the first character, so .gitignore has none; hidden files too)`,
      };
    },
  },
  {
    id: "files-not-of-kind",
    summary: "the files that are not of a kind ('which files are not javascript')",
    examples: ["which files are not javascript", "how many files in src are not typescript"],
    needs: ["find_files"],
    patterns: [
      "(?<count>count )?(?:show )?file(?: in (?<scope>D))? not (?<kind>K(?: and K)*)(?: file)?",
      // "any .ts source files that aren't .d.ts?": a kind less one of its own.
      "(?<count>count )?(?:show )?(?<base>K) (?:source )?file(?: in (?<scope>D))? not (?<kind>K(?: and K)*)(?: file)?",
    ].map(rulePattern),
    build(slots) {
      const extensions = kindsOf(slots.kind);
      if (!extensions || !extensions.every((extension) => /^[a-z0-9.]+$/.test(extension)))
        return "the kind's extensions are not plain";
      const base = kindsOf(slots.base);
      // ".md files outside docs" ("docs" is also a kind with .md): nothing would be left.
      if (
        base?.some((kept) => extensions.some((left) => kept === left || kept.endsWith(`.${left}`)))
      )
        return "the kind left out holds the kind asked for";
      const pattern = globFor(slots.scope?.[0]?.path ?? "", base);
      const ends = extensions.map((extension) => extension.replace(/\./g, "\\.")).join("|");
      const listed = `find_files(pattern, { hidden: true }).filter(file => !/\\.(?:${ends})$/.test(file))`;
      return {
        program: slots.count ? `len(${listed})` : listed,
        params: { pattern },
        reading: `${slots.count ? "the number of " : ""}the ${filesText(pattern, base)} whose name does not end in ${extensions.map((extension) => `.${extension}`).join(", ")} (hidden files too)`,
      };
    },
  },
];
