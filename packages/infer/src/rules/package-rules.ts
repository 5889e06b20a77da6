/**
 * Rules that read `package.json`: a field (by the word people use, or by its own name with
 * "field" or "set to"), two fields together, the dependencies of one kind, one dependency's
 * version range, the scripts, one script's command. The `package.json` is the root's, the one a
 * request names (a path, a folder that has one, or a workspace package by its name), and every
 * name a request takes from it (a field, a script, a dependency, a package) is grounded: it must
 * be in that `package.json`, so a word is never read as one that is not there.
 */
import { isRecord } from "../is-record.js";
import { manifestOf } from "./manifest-of.js";
import { quoted } from "./reading-text.js";
import { isPlural } from "./rule-slots.js";
import { rulePattern, type IntentRule, type RuleProgram, type RuleSlots } from "./rule-types.js";

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
  nodeversion: "engines",
  modtype: "type",
  bin: "bin",
  repository: "repository",
};

const SECTIONS: Readonly<Record<string, string>> = {
  dependency: "dependencies",
  devdependency: "devDependencies",
  peerdependency: "peerDependencies",
  optionaldependency: "optionalDependencies",
};

/** Which package: "package.json's", "of this package", "in packages/utils", "of @vitest/expect". */
const PKG = "(?: (?:in )?(?<pkg>package|F|D|W|P))?";
/** Before the field: "package.json's", "zod's" (a word is a package only when a package.json has that name). */
const PKG_BEFORE = "(?:(?<pkgFirst>package|F|W) )?";
const FIELD = `(?<field>${Object.keys(FIELDS).join("|")})`;
const SECTION = `(?<section>${Object.keys(SECTIONS).join("|")})`;

/** The key of a field that a concept names within it: "node version" is `engines.node`. */
const SUBKEYS: Readonly<Record<string, string>> = { nodeversion: "node" };

const field = (name: string, path: string, key?: string): RuleProgram => ({
  program:
    key === undefined
      ? `JSON.parse(read_file(path))[field] ?? null`
      : `(JSON.parse(read_file(path))[field] ?? {})[key] ?? null`,
  params: key === undefined ? { path, field: name } : { path, field: name, key },
  reading: `the ${quoted(key === undefined ? name : `${name}.${key}`)} field of ${quoted(path)}${path.startsWith("node_modules/") ? " (the installed package)" : ""} (null when it has none)`,
});

/**
 * "the repo url", "bugs url": a field's `url` when its value is an object (`{ type, url }`),
 * the value itself when it is the URL as a string.
 */
const urlField = (name: string, path: string): RuleProgram => ({
  program: [
    "const value = JSON.parse(read_file(path))[field] ?? null",
    'typeof value === "string" ? value : (value ?? {}).url ?? null',
  ].join("\n"),
  params: { path, field: name },
  reading: `the URL of the ${quoted(name)} field of ${quoted(path)} (its ${quoted("url")} when it is an object; null when it has none)`,
});

/** The subpaths of an `exports` map ("./v4", "./package.json"), or their number; refused for any other shape. */
function subpathExports(slots: RuleSlots, path: string, value: unknown): RuleProgram | string {
  if (!/^sub-?paths?$/i.test(slots.subpath?.[0]?.raw ?? "") || slots.key?.[0]?.raw !== "exports")
    return "only the exports field has subpaths";
  if (!isRecord(value) || !Object.keys(value).every((key) => key.startsWith(".")))
    return `the "exports" of ${quoted(path)} is not a map of subpaths`;
  return {
    program: `${slots.count ? "len(" : ""}Object.keys(JSON.parse(read_file(path)).exports)${slots.count ? ")" : ""}`,
    params: { path },
    reading: `${slots.count ? "the number of" : "the"} subpaths of the ${quoted("exports")} map of ${quoted(path)}, ${quoted("./package.json")} included`,
  };
}

/** How many entries a list or map field has; refused for any other value. */
function fieldCount(key: string, path: string, value: unknown): RuleProgram | string {
  if (!Array.isArray(value) && !isRecord(value))
    return `the field ${quoted(key)} of ${quoted(path)} is not a list or a map`;
  return {
    program: `len(Object.keys(JSON.parse(read_file(path))[key]))`,
    params: { path, key },
    reading: `the number of entries in the ${quoted(key)} field of ${quoted(path)}`,
  };
}

/** Package rules. */
export const PACKAGE_RULES: readonly IntentRule[] = [
  {
    id: "package-field",
    summary:
      "one field of package.json (or an installed package's): name, version, license, author, engines…",
    examples: [
      "what version is this package",
      "what is the package name",
      "which license is this under",
    ],
    needs: ["read_file"],
    patterns: [
      `(?:show )?${PKG_BEFORE}${FIELD}(?: field| (?<url>url))?${PKG}(?: (?<installed>installed))?`,
      `(?:show )?${FIELD} (?:package )?(?:in )?(?:have|use)`,
      // "who's the author", "repo url?", "installed vite version", "engines of the installed vite".
      `who (?<field>author)${PKG}`,
      `(?:show )?${PKG_BEFORE}(?<field>repository) (?<url>url)${PKG}`,
      "(?:show )?(?<installed>installed) (?<pkg>W|P) (?<field>version|license|main|engine|nodeversion)",
      "(?:show )?(?<field>version|license|main|engine|nodeversion)(?: field)?(?: in)? (?<installed>installed) (?<pkg>W|P)",
      // 'whats the "main" entry point': the field quoted, then the word for it.
      `(?:show )?(?<quotedField>Q) ${FIELD}${PKG}`,
      // "what node versions does it support (engines)?", "… per its engines field".
      `(?:show )?${PKG_BEFORE}(?<field>nodeversion)${PKG}(?: engine)?(?: field)?`,
      // "what's the main file": the file the main field names.
      `(?:show )?${PKG_BEFORE}(?<field>main) file${PKG}`,
      // "node engine requirement".
      "(?:show )?(?<field>nodeversion) (?<requirement>dependency)",
      // "min node version required?": "required" says what the field is.
      "(?:show )?(?<field>nodeversion) (?<required>import)",
    ].map(rulePattern),
    async build(slots, context) {
      const concept = slots.field?.[0]?.form ?? "";
      const name = FIELDS[concept];
      // A package not in the workspace is the installed one, except for its version without
      // "installed": "what version of react" may ask for the range package.json declares.
      const installed = slots.installed !== undefined || (name !== undefined && name !== "version");
      const requirement = slots.requirement?.[0]?.raw;
      if (requirement !== undefined && !/^requirements?$/i.test(requirement))
        return `${quoted(requirement)} after the node version is not read`;
      const required = slots.required?.[0]?.raw;
      if (required !== undefined && !/^(?:required|needed)$/i.test(required))
        return `${quoted(required)} after the node version is not read`;
      const quotedField = slots.quotedField?.[0]?.raw;
      if (quotedField !== undefined && quotedField !== name)
        return `the quoted ${quoted(quotedField)} is not the field ${quoted(name ?? "")}`;
      const found = await manifestOf(slots, context, installed);
      if (typeof found === "string" || !name) return typeof found === "string" ? found : "no field";
      if (slots.url) return urlField(name, found.path);
      return field(name, found.path, SUBKEYS[concept]);
    },
  },
  {
    id: "package-fields",
    summary: "two fields of package.json together ('name and version')",
    examples: ["package name and version", "name + version?"],
    needs: ["read_file"],
    patterns: [
      `(?:show )?(?:package )?(?<first>name|version|description|license) and (?<second>name|version|description|license)${PKG}`,
    ].map(rulePattern),
    async build(slots, context) {
      const found = await manifestOf(slots, context);
      if (typeof found === "string") return found;
      const first = FIELDS[slots.first?.[0]?.form ?? ""]!;
      const second = FIELDS[slots.second?.[0]?.form ?? ""]!;
      if (first === second) return "the same field twice";
      return {
        program: `const manifest = JSON.parse(read_file(path))\nconst fields = { ${first}: manifest.${first} ?? null, ${second}: manifest.${second} ?? null }\nfields`,
        params: { path: found.path },
        reading: `the ${quoted(first)} and ${quoted(second)} fields of ${quoted(found.path)}, as { ${first}, ${second} }`,
      };
    },
  },
  {
    id: "package-dependencies",
    summary: "the package's dependencies, dev, peer or optional dependencies (package.json)",
    examples: ["list the dependencies", "what are the dev dependencies of this package"],
    needs: ["read_file"],
    patterns: [
      `(?<count>count )?(?:show )?${PKG_BEFORE}${SECTION}${PKG}`,
      `(?<count>count )?(?:show )?${SECTION} (?:package |(?<pkg>W) )?(?:have|use)`,
      // "does zod have any dependencies", "does ajv declare any peerDependencies?".
      `(?<pkgFirst>package|W) (?:have|define) ${SECTION}`,
      // "does it have any dependencies?": the package the request is about.
      `have ${SECTION}`,
    ].map(rulePattern),
    async build(slots, context) {
      // "what depends on semver" asks who uses it; "what does koa depend on" for koa's list.
      if (/^depends?\b/i.test(slots.section?.[0]?.raw ?? "") && slots.pkg)
        return "“depends on <package>” asks what uses the package, not what it depends on";
      const section = SECTIONS[slots.section?.[0]?.form ?? ""];
      // "which peer dependencies are optional?": peerDependenciesMeta says which.
      const optional =
        section === "peerDependencies" && /^optional$/i.test(slots.pkg?.[0]?.raw ?? "");
      const found = await manifestOf(optional ? { ...slots, pkg: [] } : slots, context);
      if (typeof found === "string" || !section)
        return typeof found === "string" ? found : "no section";
      if (optional) {
        const names =
          'Object.keys(meta).filter(name => meta[name] !== null && typeof meta[name] === "object" && meta[name].optional === true)';
        return {
          program: `const meta = JSON.parse(read_file(path)).peerDependenciesMeta ?? {}\n${slots.count ? `len(${names})` : names}`,
          params: { path: found.path },
          reading: `${slots.count ? "the number of " : "the "}peer dependencies ${quoted(found.path)}'s peerDependenciesMeta marks "optional": true`,
        };
      }
      const value = `JSON.parse(read_file(path)).${section} ?? {}`;
      return {
        program: slots.count ? `len(Object.keys(${value}))` : value,
        params: { path: found.path },
        reading: `${slots.count ? "the number of entries in" : "the"} ${quoted(section)} of ${quoted(found.path)}${slots.count ? "" : ", as { name: version range }"}`,
      };
    },
  },
  {
    id: "dependency-version",
    summary: "the version range package.json gives one dependency",
    examples: [
      "which version of whatwg-fetch do we depend on",
      "typescript version in devDependencies",
    ],
    needs: ["read_file"],
    patterns: [
      `(?:show )?version (?<dep>[^ ]+)(?: (?:in )?${SECTION}| pinned)?${PKG}`,
      `(?:show )?(?<dep>[^ ]+) version(?: (?:in )?${SECTION}| pinned)?${PKG}`,
      // "which jest version do they use", "what mocha version does ws have".
      `(?:show )?(?<dep>[^ ]+) version (?:(?<pkg>package|W) )?(?:use|have)`,
      // "what version of typescript does it use".
      `(?:show )?version (?<dep>[^ ]+) (?:(?<pkg>package|W) )?(?:use|have)`,
      // "which version of denque is required".
      `(?:show )?version (?<dep>[^ ]+) (?<required>import)`,
      // "is jest a dev dep? which version".
      `(?<dep>[^ ]+) ${SECTION} (?:show )?version`,
    ].map(rulePattern),
    async build(slots, context) {
      const found = await manifestOf(slots, context);
      if (typeof found === "string") return found;
      if (slots.required && !/^required$/i.test(slots.required[0]!.raw))
        return `${quoted(slots.required[0]!.raw)} after the dependency is not read`;
      const dependency = slots.dep?.[0]?.raw ?? "";
      const asked = SECTIONS[slots.section?.[0]?.form ?? ""];
      const sections = (asked ? [asked] : Object.values(SECTIONS)).filter((section) => {
        const entries = found.manifest[section];
        return (
          entries !== null && typeof entries === "object" && Object.hasOwn(entries, dependency)
        );
      });
      if (sections.length !== 1)
        return `${quoted(dependency)} is not in exactly one dependency list of ${quoted(found.path)}`;
      return {
        program: "JSON.parse(read_file(path))[section][dependency]",
        params: { path: found.path, section: sections[0]!, dependency },
        reading: `the version range of ${quoted(dependency)} in the ${quoted(sections[0]!)} of ${quoted(found.path)}`,
      };
    },
  },
  {
    id: "package-scripts",
    summary: "the package's npm scripts, or their names (package.json)",
    examples: ["what scripts are in package.json", "list the npm scripts", "list the script names"],
    needs: ["read_file"],
    patterns: [
      `(?<count>count )?(?:show )?${PKG_BEFORE}script(?<names> name)?${PKG}`,
      "(?<count>count )?(?:show )?script (?:package |(?<pkgFirst>F) )?(?:have|define)",
      // "how many scripts are defined in package.json".
      `(?<count>count )?(?:show )?script (?:have|define)${PKG}`,
    ].map(rulePattern),
    async build(slots, context) {
      const found = await manifestOf(slots, context);
      if (typeof found === "string") return found;
      const value = "JSON.parse(read_file(path)).scripts ?? {}";
      return {
        program: slots.count
          ? `len(Object.keys(${value}))`
          : slots.names
            ? `Object.keys(${value})`
            : value,
        params: { path: found.path },
        reading: `${slots.count ? "the number of" : slots.names ? "the names of the" : "the"} ${quoted("scripts")} of ${quoted(found.path)}${slots.count || slots.names ? "" : ", as { name: command }"}`,
      };
    },
  },
  {
    id: "script-command",
    summary: "the command one npm script runs",
    examples: ["what does the build script run", "what does npm test do"],
    needs: ["read_file"],
    patterns: [
      // "what does npm run bench do", "what command does the lint script run".
      `(?:show )?npm run (?<script>[^ ]+)${PKG}`,
      `(?:show )?(?:npm )?(?:script )?(?<script>[^ ]+) (?<scriptWord>script)(?: run)?${PKG}`,
      `(?:show )?npm (?<script>[^ ]+)(?: run)?${PKG}`,
      // "what command does `npm test` run": a quoted npm, pnpm or yarn command names the script.
      `(?:show )?(?:script )?(?<command>Q)(?: run)?${PKG}`,
    ].map(rulePattern),
    async build(slots, context) {
      // "the test scripts" are several (test, test:unit, …), not the one named "test".
      if (isPlural(slots.scriptWord))
        return "'scripts' names several scripts, and which of them is not said by a name";
      const found = await manifestOf(slots, context);
      if (typeof found === "string") return found;
      const command = slots.command?.[0]?.raw;
      const named =
        command === undefined ? null : /^(?:npm|pnpm|yarn)(?: run)? ([\w:.-]+)$/.exec(command);
      if (command !== undefined && !named) return "the quoted text is not an npm script command";
      const script = named ? named[1]! : (slots.script?.[0]?.raw ?? "");
      const scripts = found.manifest.scripts;
      if (!scripts || typeof scripts !== "object" || !Object.hasOwn(scripts, script))
        return `${quoted(found.path)} has no script ${quoted(script)}`;
      return {
        program: "JSON.parse(read_file(path)).scripts[script]",
        params: { path: found.path, script },
        reading: `the command of the ${quoted(script)} script in ${quoted(found.path)}`,
      };
    },
  },
  {
    // "is it commonjs or esm": the type field, as Node reads it (CommonJS without one).
    id: "module-type",
    summary: "whether the package is CommonJS or ESM (its type field)",
    examples: ["is it commonjs or esm", "esm or commonjs?"],
    needs: ["read_file"],
    patterns: [`(?:show )?(?<kinds>modsys and modsys)${PKG}`].map(rulePattern),
    async build(slots, context) {
      const named = new Set((slots.kinds ?? []).map((token) => token.raw.toLowerCase()));
      if (!named.has("esm") || !named.has("commonjs"))
        return "the two module systems are not named";
      const found = await manifestOf(slots, context);
      if (typeof found === "string") return found;
      return {
        program: 'JSON.parse(read_file(path)).type ?? "commonjs"',
        params: { path: found.path },
        reading: `the ${quoted("type")} field of ${quoted(found.path)}: "module" (ESM) or "commonjs", and "commonjs" when it has none, as Node reads its .js files`,
      };
    },
  },
  {
    id: "package-key",
    summary:
      "a package.json field by its own name ('the sideEffects field', 'what is \"type\" set to')",
    examples: ['what\'s "version" set to', 'show the "scripts" field of package.json'],
    needs: ["read_file"],
    patterns: [
      `(?:show )?(?:in )?${PKG_BEFORE}(?<key>[^ ]+) (?:field(?: set)?|set)${PKG}`,
      "(?:show )?(?<key>[^ ]+) (?:in )?(?<pkg>F)",
      // A field named as the file names it (`M`, grounded): "list the keywords", "bugs url?",
      // "the size-limit config from package.json", "jest's testRegex" (a key within the field).
      // "what keywords does package.json list", "how many keywords".
      `(?<count>count )?(?:show )?${PKG_BEFORE}(?<key>M)(?: (?<tail>url|K))?${PKG}(?: (?:show|have|define|use))?`,
      // "is sideEffects set in package.json? to what": its value.
      "(?:show )?(?<key>M) set(?: in (?<pkg>F))?(?: to)?",
      `(?:show )?${PKG_BEFORE}(?<key>M) (?<sub>W|C|M)${PKG}`,
      // "what's the tsd directory setting": a key of the field, whatever concept its word is,
      // read only where the field has that key.
      `(?:show )?${PKG_BEFORE}(?<key>M) (?<sub>[^ ]+) (?:field|set)${PKG}`,
      `(?:show )?${PKG_BEFORE}(?<key>M) (?<sub>folder|file|name|version|script|test|type|main)${PKG}`,
      // "what printWidth does the prettier config use": the key, then the field that holds it.
      `(?:show )?(?<sub>W|C) (?<key>M)(?: (?<tail>K))? (?:use|set|have)`,
      // "what's the package type (module or commonjs)": the values it may have, named after it.
      "(?:show )?(?<pkgFirst>package|F) (?<key>M) (?<values>(?:M|file) and modsys)",
      // "who are the contributors", "who are the maintainers" (as the file names the field).
      `who (?<key>M)${PKG}`,
      // "is sideEffects set to false?": its value says.
      "(?<key>M) set (?<asked>W|N|Q)",
      // "which subpath exports does package.json declare", "how many subpath exports …".
      "(?<count>count )?(?:show )?(?<subpath>W) (?<key>M)(?: (?:package|(?<pkg>F)) define)?",
    ].map(rulePattern),
    async build(slots, context) {
      const found = await manifestOf(slots, context);
      if (typeof found === "string") return found;
      const key = slots.key?.[0]?.raw ?? "";
      if (!Object.hasOwn(found.manifest, key))
        return `${quoted(found.path)} has no field ${quoted(key)}`;
      const value = found.manifest[key];
      const tail = slots.tail?.[0];
      if (tail?.form === "K" && !/^config(?:uration)?$/i.test(tail.raw))
        return `${quoted(tail.raw)} after the field ${quoted(key)} is not read`;
      if (slots.values && key !== "type") return `${quoted(key)} is not the module type field`;
      if (slots.subpath) return subpathExports(slots, found.path, value);
      if (slots.count) return fieldCount(key, found.path, value);
      if (tail?.form === "url") return urlField(key, found.path);
      const sub = slots.sub?.[0]?.raw;
      const asked = slots.asked?.[0]?.raw;
      if (asked !== undefined) {
        const answer = field(key, found.path);
        return {
          ...answer,
          reading: `${answer.reading}, its value answering whether it is set to ${quoted(asked)}`,
        };
      }
      if (sub === undefined) return field(key, found.path);
      if (!isRecord(value) || !Object.hasOwn(value, sub))
        return `the field ${quoted(key)} of ${quoted(found.path)} has no key ${quoted(sub)}`;
      return field(key, found.path, sub);
    },
  },
];
