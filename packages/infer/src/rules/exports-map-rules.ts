/**
 * Rules that read a package's `exports` map (package.json): its subpaths ("list the export
 * subpaths", "how many entries are in exports?") and one subpath's entry ("what's the exports
 * entry for ./locale"), as written or as Node resolves it for one condition ("what does the
 * ./jwt/decode export resolve to for import"). Each subpath is grounded: it must be a key of the
 * map, so a path is never read as one that is not there.
 */
import { isRecord } from "../is-record.js";
import { manifestOf } from "./manifest-of.js";
import { quoted } from "./reading-text.js";
import { rulePattern, type IntentRule, type RuleProgram, type RuleSlots } from "./rule-types.js";

/** Which package.json: the root's, or one a path or the word "package" names. */
const PKG = "(?: (?:in )?(?<pkg>package|F))?";

/** The subpath map of `exports`, or why the value is not one (`"./index.js"`, or conditions only). */
function subpathsOf(path: string, value: unknown): Readonly<Record<string, unknown>> | string {
  if (value === undefined) return `${quoted(path)} has no "exports" field`;
  if (!isRecord(value) || !Object.keys(value).every((key) => key.startsWith(".")))
    return `the "exports" of ${quoted(path)} is not a map of subpaths`;
  return value;
}

/**
 * The conditions Node matches, in the order of the map's own keys, when it resolves for
 * `condition`: "import" and "require" with "node" and "default", as Node itself does; any other
 * ("types", "browser") with "default".
 */
function conditionsFor(condition: string): readonly string[] {
  return condition === "import" || condition === "require"
    ? ["node", condition, "default"]
    : [condition, "default"];
}

/** "to import", "for \"require\"", "types": the condition a request resolves for, or undefined. */
function conditionOf(slots: RuleSlots): string | undefined {
  const raw = slots.cond?.[0]?.raw.toLowerCase();
  return raw === undefined ? undefined : /^[a-z][\w-]*$/.test(raw) ? raw : "";
}

/** The words that may stand between a subpath and its condition: "resolve", "point", "map". */
const VERB = /^(?:resolves?|resolved|points?|maps?|go(?:es)?)$/i;

/** Exports map rules. */
export const EXPORTS_MAP_RULES: readonly IntentRule[] = [
  {
    id: "export-subpaths",
    summary: "the subpaths of package.json's exports map, or how many there are",
    examples: ["list the export subpaths", "how many entries are in exports?"],
    needs: ["read_file"],
    patterns: [
      // "how many entries are in exports?", "what entries does the exports map have".
      `(?<count>count )?(?:show )?field in export(?: field)?${PKG}`,
      `(?<count>count )?(?:show )?field export field${PKG}(?: have)?`,
      // "list all the export subpaths in package.json", "what are the subpath exports".
      `(?<count>count )?(?:show )?export (?<subpath>W)${PKG}`,
      `(?<count>count )?(?:show )?(?<subpath>W) export${PKG}`,
    ].map(rulePattern),
    async build(slots, context) {
      const word = slots.subpath?.[0]?.raw;
      if (word !== undefined && !/^sub-?paths?$/i.test(word))
        return `${quoted(word)} is not a word for the subpaths of "exports"`;
      const found = await manifestOf(slots, context);
      if (typeof found === "string") return found;
      const subpaths = subpathsOf(found.path, found.manifest.exports);
      if (typeof subpaths === "string") return subpaths;
      const keys = "Object.keys(JSON.parse(read_file(path)).exports)";
      return {
        program: slots.count ? `len(${keys})` : keys,
        params: { path: found.path },
        reading: `${slots.count ? "the number of" : "the"} subpaths of the "exports" map of ${quoted(found.path)} (its keys, "./package.json" included)`,
      };
    },
  },
  {
    id: "export-subpath-entry",
    summary: "one subpath's entry in package.json's exports map, or what Node resolves it to",
    examples: [
      "what's the exports entry for ./locale",
      'what does the "." export resolve to for import',
    ],
    needs: ["read_file"],
    patterns: [
      // "what does the ./jwt/decode export resolve to for "import"", "… for import (the default one)".
      `(?:show )?(?<sub>P|Q|D) export(?: (?<verb>W))?(?: to)?(?: (?<cond>Q|import|extension|W))?(?: (?<extra>W))?${PKG}`,
      // "what's the exports entry for ./locale", "the export map entry of "."".
      `(?:show )?export (?:field )?field (?<sub>P|Q|D|F)(?: (?<verb>W))?(?: to)?(?: (?<cond>Q|import|extension|W))?${PKG}`,
    ].map(rulePattern),
    async build(slots, context) {
      const verb = slots.verb?.[0]?.raw;
      if (verb !== undefined && !VERB.test(verb)) return `${quoted(verb)} is not read here`;
      const extra = slots.extra?.[0]?.raw;
      // "(the default one)": the target Node takes, which resolving already is.
      if (extra !== undefined && extra.toLowerCase() !== "default")
        return `${quoted(extra)} is not read here`;
      const condition = conditionOf(slots);
      if (condition === "") return "the condition is not one word";
      if (verb !== undefined && condition === undefined) return "no condition to resolve for";
      const found = await manifestOf(slots, context);
      if (typeof found === "string") return found;
      const subpaths = subpathsOf(found.path, found.manifest.exports);
      if (typeof subpaths === "string") return subpaths;
      const subpath = slots.sub?.[0]?.raw ?? "";
      if (!Object.hasOwn(subpaths, subpath))
        return `${quoted(subpath)} is not a subpath of the "exports" of ${quoted(found.path)}`;
      return condition === undefined
        ? entryProgram(found.path, subpath)
        : resolvedProgram(found.path, subpath, condition);
    },
  },
];

function entryProgram(path: string, subpath: string): RuleProgram {
  return {
    program: "JSON.parse(read_file(path)).exports[subpath]",
    params: { path, subpath },
    reading: `the entry of ${quoted(subpath)} in the "exports" map of ${quoted(path)}, as written`,
  };
}

function resolvedProgram(path: string, subpath: string, condition: string): RuleProgram {
  const conditions = conditionsFor(condition);
  return {
    program: [
      "let target = JSON.parse(read_file(path)).exports[subpath]",
      // Nested conditions ({ import: { types, default } }) a few levels deep at most.
      "for (const level of range(8)) {",
      '  if (target !== null && typeof target === "object") {',
      '    const key = Object.keys(target).find(key => conditions.split(",").includes(key))',
      "    target = key === undefined ? null : target[key]",
      "  }",
      "}",
      "target",
    ].join("\n"),
    params: { path, subpath, conditions: conditions.join(",") },
    reading: `what the ${quoted(subpath)} entry of the "exports" map of ${quoted(path)} resolves to for ${quoted(condition)}: the first of its keys in ${conditions.map((name) => quoted(name)).join(", ")}, at each level, as Node resolves it (null when none matches)`,
  };
}
