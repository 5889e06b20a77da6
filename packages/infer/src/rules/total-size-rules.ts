/**
 * The total size of files: a folder's ("total size of src", "how much does build weigh"), a
 * kind's ("total size of the typescript files") or every file's, in bytes, as the sum of the
 * sizes `file_sizes` (or `file_size` per file) gives. A folder's size is its files' bytes, not
 * what the disk uses (`du` counts blocks and folder entries too); the reading says so.
 */
import { filesText } from "./reading-text.js";
import { globOf, scopeOf } from "./rule-slots.js";
import { rulePattern, type IntentRule } from "./rule-types.js";

/** "in bytes", "(bytes)": the unit the total is in. */
const BYTES = "(?: inbytes| size)?";

/** Size rules over many files. */
export const TOTAL_SIZE_RULES: readonly IntentRule[] = [
  {
    id: "total-size",
    summary: "the total size of a folder's files, or of a kind of file, in bytes",
    examples: [
      "total size of the src folder in bytes",
      "how much does src weigh",
      "what is the total size of the markdown files",
    ],
    needs: ["find_files"],
    patterns: [
      `(?:show |count )?(?:count )?(?:file )?size (?:in )?(?:{kind} )?(?:file )?(?:in )?(?<scope>D)${BYTES}`,
      `(?:show |count )?(?:count )?(?<scope>D) (?:file )?size${BYTES}`,
      `(?:show )?count (?:file )?size(?: in)?(?: {kind}(?: file)?)?${BYTES}(?: in (?<scope>D))?`,
      `(?:show )?count size${BYTES}`,
      // "sum up the sizes of all .d.ts files (bytes)", "total size of the top-level .js files".
      `(?:show )?count (?:file )?size (?:in )?{kind} file{scope}${BYTES}`,
      // "total size of all files", "total size of the package", "how big is the whole folder, total bytes".
      `(?:show )?count size (?:in )?(?:file|package|ws)${BYTES}`,
      "size (?:folder|package|ws) count size",
      // "what do all the .cjs files add up to, size-wise, in bytes".
      `(?:show )?{kind} file append to per size${BYTES}`,
    ].map(rulePattern),
    build(slots, context) {
      const where = scopeOf(slots);
      if (!where) return "two kinds of file are named";
      const sizes = context.tools.has("file_sizes")
        ? "sum(file_sizes(pattern).map(entry => entry.size))"
        : context.tools.has("file_size")
          ? "sum(find_files(pattern).map(file => file_size(file)))"
          : null;
      if (!sizes) return "the kit has no file_sizes or file_size";
      const pattern = globOf(where, where.extensions);
      return {
        program: sizes,
        params: { pattern },
        reading: `the total size in bytes of the ${filesText(pattern, where.extensions)}: the sum of the files' sizes, not the disk space du reports`,
      };
    },
  },
];
