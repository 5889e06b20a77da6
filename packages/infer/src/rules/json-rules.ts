/**
 * "what's the compilerOptions target in tsconfig.app.json", "the plugins of .babelrc.json": a
 * key, or a path of keys, of a JSON file named by its path. The words are keys only where the
 * file has them: the program follows them one level at a time (exactly, or in another case when
 * that is the one key), and a word that is not a key there answers nothing.
 */
import { quoted } from "./reading-text.js";
import { fileOf } from "./rule-slots.js";
import { rulePattern, type IntentRule, type RuleProgram } from "./rule-types.js";

/**
 * At most three keys ("compilerOptions paths @/*"): a word, a name, quoted text, or a word the
 * reader knows for something else ("include", "module"), which the file's own keys ground.
 */
const KEYS = "(?<keys>[^ ]+(?: [^ ]+){0,2}?)";
/** Concepts that are never a key: they say how the request is asked. */
const NOT_KEYS = new Set(["in", "show", "count", "and", "not", "who", "where", "exist"]);

/** A key as a request writes it: no spaces, and never a name the language refuses as a member. */
const KEY = /^[\w$@.\-/*]+$/;
const FORBIDDEN = /^(?:constructor|prototype|caller|callee|arguments|__.*)$/;

/** The value at `keys` (newline-separated) in the JSON file at `path`, or `undefined`. */
const FOLLOW = [
  // JSON with comments and trailing commas (tsconfig.json): strings are kept whole, so a "//"
  // inside one stays.
  'const text = read_file(path).replace(/"(?:[^"\\\\\\n]|\\\\.)*"|\\/\\/[^\\n]*|\\/\\*[\\s\\S]*?\\*\\/|,(\\s*[}\\]])/g, (found, closing) => found.startsWith("\\"") ? found : closing ?? "")',
  "let value = JSON.parse(text)",
  'for (const key of keys.split("\\n")) {',
  '  const names = value !== null && typeof value === "object" && !Array.isArray(value) ? Object.keys(value) : []',
  "  const exact = names.filter(name => name === key)",
  "  const loose = len(exact) > 0 ? exact : names.filter(name => name.toLowerCase() === key.toLowerCase())",
  "  value = len(loose) === 1 ? value[loose[0]] : undefined",
  "  if (value === undefined) {",
  "    break",
  "  }",
  "}",
];

/** JSON file rules. */
export const JSON_RULES: readonly IntentRule[] = [
  {
    id: "json-key",
    summary: "a key, or a path of keys, of a JSON file",
    examples: ["what's the port in config.json", "show the port field in config.json"],
    needs: ["read_file"],
    patterns: [
      `(?<count>count )?(?:show )?${KEYS}(?: (?:field|set))? in (?<file>F)`,
      `(?:show )?(?<file>F) ${KEYS}(?: (?:field|set))?`,
      `(?<count>count )?(?:show )?${KEYS} (?:in )?(?<file>F) have`,
    ].map(rulePattern),
    build(slots): RuleProgram | string {
      const path = fileOf(slots.file);
      if (!path || !path.endsWith(".json")) return "the file is not a JSON file in the workspace";
      // package.json's fields are the package rules', grounded in the manifest as they are read.
      if (/(?:^|\/)package\.json$/.test(path))
        return "package.json's fields are read by the package rules";
      const keys = (slots.keys ?? []).map((token) => token.raw.replace(/^["'`]|["'`]$/g, ""));
      if (slots.keys?.some((token) => NOT_KEYS.has(token.form)))
        return "the words before the file ask something other than a key";
      if (keys.length === 0 || !keys.every((key) => KEY.test(key) && !FORBIDDEN.test(key)))
        return "the words are not keys a JSON file can have";
      const named = keys.map(quoted).join(" → ");
      return {
        program: [
          ...FOLLOW,
          slots.count
            ? 'value !== null && typeof value === "object" ? len(value) : null'
            : "value === undefined ? null : value",
        ].join("\n"),
        params: { path, keys: keys.join("\n") },
        reading: `${slots.count ? "how many entries there are at" : "the value at"} ${named} in ${quoted(path)} (JSON, comments and trailing commas allowed as in tsconfig.json; each key exactly or, when it is the only one, in another case); no answer when the file has no such key`,
        noneIsUnknown: `${quoted(path)} has no key ${named}, or it holds nothing`,
      };
    },
  },
];
