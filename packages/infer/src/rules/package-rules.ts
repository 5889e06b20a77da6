/**
 * Rules that read `package.json`: the package's name, version and description, its
 * dependencies (runtime, dev or peer) and its scripts. They answer only when the workspace has
 * that `package.json` (at the root, or the one a request names).
 */
import { fileOf } from "./rule-slots.js";
import { rulePattern, type IntentRule, type RuleContext, type RuleSlots } from "./rule-types.js";

/** The `package.json` a request means: the one it names, else the root's; null when there is none. */
async function manifest(slots: RuleSlots, context: RuleContext): Promise<string | null> {
  const named = fileOf(slots.of ?? slots.at);
  if (named !== null) return /(?:^|\/)package\.json$/.test(named) ? named : null;
  return (await context.workspace?.kind("package.json")) === "file" ? "package.json" : null;
}

const FIELDS: Readonly<Record<string, string>> = {
  version: "version",
  name: "name",
  named: "name",
  description: "description",
};

const SECTIONS: Readonly<Record<string, string>> = {
  dependency: "dependencies",
  devdependency: "devDependencies",
  peerdependency: "peerDependencies",
};

/** "package.json's version", "the version of this package", "the version in package.json". */
const OF = "(?:package |(?<of>F) )?";
const WHERE = "(?: (?:in )?(?:package|(?<at>F)))?";

/** Package rules. */
export const PACKAGE_RULES: readonly IntentRule[] = [
  {
    id: "package-field",
    summary: "the package's name, version or description (package.json)",
    examples: ["what version is this package", "what is the package name"],
    needs: ["read_file"],
    patterns: [`(?:show )?${OF}(?<field>version|name|named|description)${WHERE}`].map(rulePattern),
    async build(slots, context) {
      const path = await manifest(slots, context);
      const field = FIELDS[slots.field?.[0]?.form ?? ""];
      if (!path || !field) return "the workspace has no package.json";
      return { program: `JSON.parse(read_file(path)).${field}`, params: { path } };
    },
  },
  {
    id: "package-dependencies",
    summary: "the package's dependencies, dev or peer dependencies (package.json)",
    examples: ["list the dependencies", "what are the dev dependencies of this package"],
    needs: ["read_file"],
    patterns: [
      `(?<count>count )?(?:show )?${OF}(?<section>dependency|devdependency|peerdependency)${WHERE}`,
    ].map(rulePattern),
    async build(slots, context) {
      const path = await manifest(slots, context);
      const section = SECTIONS[slots.section?.[0]?.form ?? ""];
      if (!path || !section) return "the workspace has no package.json";
      const value = `JSON.parse(read_file(path)).${section} ?? {}`;
      return { program: slots.count ? `len(Object.keys(${value}))` : value, params: { path } };
    },
  },
  {
    id: "package-scripts",
    summary: "the package's npm scripts (package.json)",
    examples: ["what scripts are in package.json", "list the npm scripts"],
    needs: ["read_file"],
    patterns: [
      `(?:show )?${OF}script${WHERE}`,
      "(?:show )?script (?:package |(?<at>F) )?(?:have|define)",
    ].map(rulePattern),
    async build(slots, context) {
      const path = await manifest(slots, context);
      if (!path) return "the workspace has no package.json";
      return { program: "JSON.parse(read_file(path)).scripts ?? {}", params: { path } };
    },
  },
];
