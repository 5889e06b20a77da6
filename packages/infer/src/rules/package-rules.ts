/**
 * Rules that read `package.json`: one field (name, version, description, license, author,
 * homepage, keywords, main, engines, bin), the dependencies of one kind, and the scripts. They
 * answer only when the workspace has that `package.json` (at the root, or the one a request
 * names); the value is the field as written, or null when the field is not there.
 */
import { quoted } from "./reading-text.js";
import { fileOf } from "./rule-slots.js";
import { rulePattern, type IntentRule, type RuleContext, type RuleSlots } from "./rule-types.js";

/** The `package.json` a request means: the one it names, else the root's; null when there is none. */
async function manifest(slots: RuleSlots, context: RuleContext): Promise<string | null> {
  const named = fileOf(slots.of ?? slots.at);
  if (named !== null) return /(?:^|\/)package\.json$/.test(named) ? named : null;
  return (await context.workspace?.kind("package.json")) === "file" ? "package.json" : null;
}

/** The field each concept names. */
const FIELDS: Readonly<Record<string, string>> = {
  version: "version",
  name: "name",
  named: "name",
  description: "description",
  license: "license",
  author: "author",
  homepage: "homepage",
  main: "main",
  engine: "engines",
  bin: "bin",
};

const SECTIONS: Readonly<Record<string, string>> = {
  dependency: "dependencies",
  devdependency: "devDependencies",
  peerdependency: "peerDependencies",
  optionaldependency: "optionalDependencies",
};

/** "package.json's version", "the version of this package", "the version in package.json". */
const OF = "(?:package |(?<of>F) )?";
const WHERE = "(?: (?:in )?(?:package|(?<at>F)))?";
const FIELD = `(?<field>${Object.keys(FIELDS).join("|")})`;

/** Package rules. */
export const PACKAGE_RULES: readonly IntentRule[] = [
  {
    id: "package-field",
    summary:
      "one field of package.json: name, version, description, license, author, main, engines, bin…",
    examples: [
      "what version is this package",
      "what is the package name",
      "which license is this under",
    ],
    needs: ["read_file"],
    patterns: [
      `(?:show )?${OF}${FIELD}${WHERE}`,
      `(?:show )?${FIELD} (?:package )?(?:in )?(?:have|use)`,
    ].map(rulePattern),
    async build(slots, context) {
      const path = await manifest(slots, context);
      const field = FIELDS[slots.field?.[0]?.form ?? ""];
      if (!path || !field) return "the workspace has no package.json";
      return {
        program: `JSON.parse(read_file(path)).${field} ?? null`,
        params: { path },
        reading: `the ${quoted(field)} field of ${quoted(path)} (null when it has none)`,
      };
    },
  },
  {
    id: "package-dependencies",
    summary: "the package's dependencies, dev, peer or optional dependencies (package.json)",
    examples: ["list the dependencies", "what are the dev dependencies of this package"],
    needs: ["read_file"],
    patterns: [
      `(?<count>count )?(?:show )?${OF}(?<section>dependency|devdependency|peerdependency|optionaldependency)${WHERE}`,
      `(?<count>count )?(?:show )?(?<section>dependency|devdependency|peerdependency|optionaldependency) (?:package )?(?:have|use)`,
    ].map(rulePattern),
    async build(slots, context) {
      const path = await manifest(slots, context);
      const section = SECTIONS[slots.section?.[0]?.form ?? ""];
      if (!path || !section) return "the workspace has no package.json";
      const value = `JSON.parse(read_file(path)).${section} ?? {}`;
      return {
        program: slots.count ? `len(Object.keys(${value}))` : value,
        params: { path },
        reading: `${slots.count ? "the number of entries in" : "the"} ${quoted(section)} of ${quoted(path)}${slots.count ? "" : ", as { name: version range }"}`,
      };
    },
  },
  {
    id: "package-scripts",
    summary: "the package's npm scripts (package.json)",
    examples: ["what scripts are in package.json", "list the npm scripts"],
    needs: ["read_file"],
    patterns: [
      `(?<count>count )?(?:show )?${OF}script${WHERE}`,
      "(?<count>count )?(?:show )?script (?:package |(?<at>F) )?(?:have|define)",
    ].map(rulePattern),
    async build(slots, context) {
      const path = await manifest(slots, context);
      if (!path) return "the workspace has no package.json";
      const value = "JSON.parse(read_file(path)).scripts ?? {}";
      return {
        program: slots.count ? `len(Object.keys(${value}))` : value,
        params: { path },
        reading: `${slots.count ? "the number of" : "the"} ${quoted("scripts")} of ${quoted(path)}${slots.count ? "" : ", as { name: command }"}`,
      };
    },
  },
];
