/**
 * Rules that compare two folders: "which files exist in build/legacy but not in build/modern",
 * "the .cjs files in dist/a that are missing from dist/b". A file of the first folder is missing
 * from the second when no file has its path relative to the first there; both folders must be
 * in the workspace.
 */
import { globFor } from "./file-kinds.js";
import { filesText, quoted } from "./reading-text.js";
import { kindsOf } from "./rule-slots.js";
import { rulePattern, type IntentRule } from "./rule-types.js";

/** The words for "not there" between the two folders ("missing from", "absent from", "lacking in"). */
const MISSING = /^(?:missing|absent|lacking)$/i;

/** Folder comparison rules. */
export const FOLDER_COMPARE_RULES: readonly IntentRule[] = [
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
];
