import { CODE_RULES } from "./code-rules.js";
import { COMPARE_RULES } from "./compare-rules.js";
import { DECLARATION_RULES } from "./declaration-rules.js";
import { EXPORTS_MAP_RULES } from "./exports-map-rules.js";
import { EXTENSION_RULES } from "./extension-rules.js";
import { FILE_RULES } from "./file-rules.js";
import { FOLDER_COUNT_RULES } from "./folder-count-rules.js";
import { FOLDER_NAME_RULES } from "./folder-name-rules.js";
import { IMPORT_KIND_RULES } from "./import-kind-rules.js";
import { JSON_RULES } from "./json-rules.js";
import { LINE_RANK_RULES } from "./line-rank-rules.js";
import { NAME_RULES } from "./name-rules.js";
import { OCCURRENCE_RULES } from "./occurrence-rules.js";
import { PACKAGE_RULES } from "./package-rules.js";
import { READ_RULES } from "./read-rules.js";
import type { IntentRule } from "./rule-types.js";
import { SEARCH_RULES } from "./search-rules.js";
import { SIZE_RULES } from "./size-rules.js";
import { SIZE_THRESHOLD_RULES } from "./size-threshold-rules.js";
import { TOTAL_SIZE_RULES } from "./total-size-rules.js";
import { WRITE_RULES } from "./write-rules.js";

/**
 * Every built-in rule, in the order they are tried: writes (their verbs are distinct), content
 * searches (TODOs before any text, so "grep for TODO" is the TODO rule), code, `package.json`,
 * sizes and line counts, reading one file, then files and folders, and last a JSON file's keys
 * (its words are keys only where no other rule reads them).
 */
export const INTENT_RULES: readonly IntentRule[] = Object.freeze([
  ...WRITE_RULES,
  ...SEARCH_RULES,
  ...OCCURRENCE_RULES,
  ...IMPORT_KIND_RULES,
  ...CODE_RULES,
  ...DECLARATION_RULES,
  ...PACKAGE_RULES,
  ...EXPORTS_MAP_RULES,
  ...SIZE_RULES,
  ...SIZE_THRESHOLD_RULES,
  ...TOTAL_SIZE_RULES,
  ...LINE_RANK_RULES,
  ...READ_RULES,
  ...NAME_RULES,
  ...FOLDER_COUNT_RULES,
  ...FOLDER_NAME_RULES,
  ...COMPARE_RULES,
  ...EXTENSION_RULES,
  ...FILE_RULES,
  ...JSON_RULES,
]);
