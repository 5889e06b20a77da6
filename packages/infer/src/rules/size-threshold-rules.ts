/**
 * Files over or under a size ("which files in types are bigger than 10 KB", "how many files are
 * over 100KB", "files under 200 bytes"): the size with its unit (bytes; 1 KB = 1,024 bytes, 1 MB
 * = 1,024 KB, as `find -size` and `du` count) compared with each file's size from `file_sizes`.
 * The reading names the bytes the comparison used, so "100 KB" read as 102,400 can be checked.
 */
import { filesText } from "./reading-text.js";
import { globOf, scopeOf } from "./rule-slots.js";
import { rulePattern, type IntentRule, type RuleSlots } from "./rule-types.js";

/** Bytes per unit word (the `unit` concept's words, and "bytes" as the `size` concept). */
const UNIT_BYTES: Readonly<Record<string, number>> = {
  b: 1,
  byte: 1,
  bytes: 1,
  kb: 1024,
  kib: 1024,
  kilobyte: 1024,
  kilobytes: 1024,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  megabyte: 1024 ** 2,
  megabytes: 1024 ** 2,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
  gigabyte: 1024 ** 3,
  gigabytes: 1024 ** 3,
};

const COMPARISONS: Readonly<Record<string, { test: string; words: string }>> = {
  over: { test: ">", words: "more than" },
  below: { test: "<", words: "less than" },
  atleast: { test: ">=", words: "at least" },
  atmost: { test: "<=", words: "at most" },
};

/** The threshold in bytes, or null when the number or unit is not one we read. */
function bytesOf(slots: RuleSlots): { bytes: number; words: string } | null {
  const number = Number(slots.n?.[0]?.raw);
  const unit = slots.unit?.[0]?.raw.toLowerCase() ?? "";
  const per = UNIT_BYTES[unit];
  if (!Number.isFinite(number) || number < 0 || per === undefined) return null;
  const bytes = Math.round(number * per);
  if (!Number.isSafeInteger(bytes)) return null;
  const words =
    per === 1
      ? `${bytes.toLocaleString("en-US")} bytes`
      : `${slots.n![0]!.raw} ${unit.toUpperCase()} = ${bytes.toLocaleString("en-US")} bytes (1 ${unit.toUpperCase()} = ${per.toLocaleString("en-US")} bytes)`;
  return { bytes, words };
}

const FILES = "(?:{kind} )?file";
const THRESHOLD = "(?<cmp>over|below|atleast|atmost) (?<n>N) (?<unit>unit|size)";

/** Size threshold rules. */
export const SIZE_THRESHOLD_RULES: readonly IntentRule[] = [
  {
    id: "files-over-size",
    summary: "the files over or under a size",
    examples: ["which files in src are bigger than 2 KB", "how many files are over 1MB"],
    needs: ["find_files", "file_sizes"],
    patterns: [
      // "files that weigh more than 2 KB": "weigh" is the size concept.
      `(?<count>count )?{ask}${FILES}{scope}(?: (?:have|with))?(?: size)? ${THRESHOLD}`,
      `(?<count>count )?{ask}${FILES}(?: (?:have|with))?(?: size)? ${THRESHOLD}{scope}`,
    ].map(rulePattern),
    build(slots) {
      const where = scopeOf(slots);
      const threshold = bytesOf(slots);
      const comparison = COMPARISONS[slots.cmp?.[0]?.form ?? ""];
      if (!where || !threshold || !comparison) return "the size is not one the rules read";
      const pattern = globOf(where, where.extensions);
      const list = `file_sizes(pattern).filter(entry => entry.size ${comparison.test} ${threshold.bytes}).map(entry => entry.file)`;
      return {
        program: slots.count ? `len(${list})` : list,
        params: { pattern },
        reading: `${slots.count ? "the number of " : "the "}${filesText(pattern, where.extensions)} of ${comparison.words} ${threshold.words}`,
      };
    },
  },
];
