/**
 * Rules about code: the names a module exports (`exports_of`, which parses the module in
 * whichever module system it uses), where a name is defined (`definitions_of`, or a kit's own
 * `find_definitions`), and who calls it (a kit's `find_callers`). A name from the request must
 * be a plain identifier after a word that introduces it ("where is X defined", "callers of X");
 * it is bound as the string param `name`.
 */
import { codeFirst, MODULE_EXTENSIONS, TEST_FILE } from "./file-kinds.js";
import { MEMBER_STEPS, memberOf, memberParams, memberReading } from "./member-definitions.js";
import { IDENTIFIER, checkedMention, noneUnlessMentioned } from "./checked-mention.js";
import { quoted } from "./reading-text.js";
import { asksWhichFiles, fileOf, moduleFileOf, textOf } from "./rule-slots.js";
import type { Token } from "./read-request.js";
import {
  rulePattern,
  type IntentRule,
  type RuleContext,
  type RuleProgram,
  type RuleSlots,
} from "./rule-types.js";

/** The concepts the definitions patterns read around a name, which are never the name. */
const GRAMMAR_FORMS = new Set([
  "where",
  "show",
  "find",
  "define",
  "codekind",
  "symbol",
  "file",
  "in",
  // A package.json field grounded by its name ("which package manager does it declare").
  "M",
]);

/**
 * A word for what a package.json declares ("which scripts are declared", "where are the
 * dependencies defined"), or a concept in the plural ("exports"): never one definition's name.
 */
const isManifestWord = (token: Token) =>
  ["script", "dependency", "devdependency", "license"].includes(token.form) ||
  (!["W", "C", "P"].includes(token.form) && /[a-z]s$/.test(token.raw));

/** The name a definitions request asks for: a plain identifier, as written or called ("die()"). */
const identifier = (slots: RuleSlots) => {
  // The patterns' own words are never the name: "which classes are defined in lib" and "where
  // is the class defined" name no definition ("where is run defined" does).
  if (slots.name?.some((token) => GRAMMAR_FORMS.has(token.form) || isManifestWord(token)))
    return null;
  const name = textOf(slots.name)?.replace(/\(\)?$/, "") ?? null;
  return name !== null && IDENTIFIER.test(name) ? name : null;
};

/** What a definitions request names beside the name ("the Client class"), and the kinds of `definitions_of` rows that are one. */
const CODE_KINDS: Readonly<Record<string, { words: string; kinds: readonly string[] }>> = {
  class: { words: "a class", kinds: ["class"] },
  function: { words: "a function or method", kinds: ["function", "method"] },
  method: { words: "a method or function", kinds: ["method", "function"] },
  interface: { words: "an interface", kinds: ["interface"] },
  component: { words: "a function or class (a component)", kinds: ["function", "class"] },
  enum: { words: "an enum", kinds: ["enum"] },
  constant: { words: "a constant (a variable or property)", kinds: ["variable", "property"] },
  // "the Version7Options type" ("type" is also a word for an extension).
  type: { words: "a type (an alias or an interface)", kinds: ["type", "interface"] },
  // "the View constructor": a class, or a function that builds one (`function View() {}`).
  constructor: { words: "a class or constructor function", kinds: ["class", "function"] },
};

/**
 * What an exports or declarations request names beside the file, and the kinds of `exports_of`
 * and `declarations_in` rows that are one.
 */
const DECLARED_KINDS: Readonly<Record<string, { words: string; kinds: readonly string[] }>> = {
  function: { words: "functions", kinds: ["function"] },
  class: { words: "classes", kinds: ["class"] },
  interface: { words: "interfaces", kinds: ["interface"] },
  enum: { words: "enums", kinds: ["enum"] },
};

/** The kinds a request's kind word names ("classes", "functions"), or undefined. */
export function declaredKindOf(
  slots: RuleSlots,
): { words: string; kinds: readonly string[] } | undefined {
  const word = slots.codekind?.[0]?.raw.toLowerCase() ?? "";
  return Object.entries(DECLARED_KINDS).find(([prefix]) => word.startsWith(prefix))?.[1];
}

/** "the kReplyHijacked symbol": "symbol" and "identifier" name no kind of definition. */
const NAME = "(?<name>[^ ]+)(?: (?<codekind>codekind|extension)| symbol)?";
const KIND_NAME = "(?<codekind>codekind) (?<name>[^ ]+)";
/** "in the sources", "in lib", "in lodash" (an installed package): where to look. */
const WHERE = "(?: insource| in (?<scope>D))?";
const DEFINED = [
  `(?:show |find )?where ${NAME} define${WHERE}`,
  `(?:show |find )?where ${KIND_NAME} define${WHERE}`,
  `(?:show )?where define ${KIND_NAME}${WHERE}`,
  // "where do we define the Redis class", "where do we define createClient".
  `(?:show )?where define ${NAME}${WHERE}`,
  `(?:show |find )?(?:(?<onefile>file) )?define (?:codekind )?${NAME}${WHERE}`,
  // "which files define a class called LeWindows".
  `(?:show |find )?(?:(?<onefile>file) )?define (?<codekind>codekind) named (?<name>[WC])${WHERE}`,
  `(?:show |find )?${NAME} define${WHERE}`,
  // "which file has the LRUCache class": one file, the kind marking the name.
  `(?:show )?(?<onefile>file) have (?<name>[WC]) (?<codekind>codekind)${WHERE}`,
  `(?:show )?(?<onefile>file) have (?<codekind>codekind) (?<name>[WC])${WHERE}`,
  // "where's the dehydrate function", "find function deepMerge": the kind marks the name.
  `(?:show )?where (?<name>[WC]) (?<codekind>codekind)${WHERE}`,
  `(?:show )?where (?<codekind>codekind) (?<name>[WC])${WHERE}`,
  `find ${KIND_NAME}${WHERE}`,
  // "where is DiscardedError", "createRetryer - which file, which line", "noop - where is it defined":
  // a code-shaped name needs no other word; a plain one needs "defined".
  `(?:show )?where (?<name>C)${WHERE}`,
  `(?<name>C) where${WHERE}`,
  `(?<name>[WC]) where define${WHERE}`,
  // "where is lodash's debounce defined": a name in an installed package.
  `(?:show )?where (?<pkg>W) (?<name>[WC])(?: (?<codekind>codekind))? define`,
].map(rulePattern);

/**
 * Where a definitions request looks: a folder it names, or an installed package ("lodash's
 * debounce": `node_modules/lodash`); null for the default files; a string when the package is
 * not installed.
 */
async function lookIn(
  slots: RuleSlots,
  context: RuleContext,
): Promise<{ glob: string; words: string } | string | null> {
  const folder = slots.scope?.[0]?.path;
  const extensions = `{${MODULE_EXTENSIONS.join(",")}}`;
  if (folder !== undefined) return { glob: `${folder}/**/*.${extensions}`, words: quoted(folder) };
  const pkg = textOf(slots.pkg);
  if (pkg === null) return null;
  const installed = `node_modules/${pkg}`;
  if (!/^[a-z0-9][\w.-]*$/.test(pkg) || (await context.workspace?.kind(installed)) !== "folder")
    return `${quoted(pkg)} is not an installed package (no folder ${installed})`;
  return { glob: `${installed}/**/*.${extensions}`, words: `the installed package ${quoted(pkg)}` };
}

/** The last line of `hit.file`: with `read_lines` when the kit has it, else from the whole text. */
function lastLine(context: RuleContext): string {
  return context.tools.has("read_lines")
    ? 'read_lines(hit.file, -1).join("")'
    : 'read_file(hit.file).trimEnd().split("\\n").at(-1)';
}

/** True for a CommonJS copy: a `.cjs` file, or a file under a `cjs` or `commonjs` folder (`cjs-browser` too). */
const IS_CJS =
  '(hit.file.endsWith(".cjs") || /\\/(?:cjs|commonjs)(?:[-_](?:browser|node))?\\//.test("/" + hit.file))';
/**
 * True for a platform's copy: a file under a `browser` or `node` variant of a build folder
 * (`esm-browser`), or under a `browser` folder of a build (jose's `dist/browser/` beside
 * `dist/node/esm/`): kept only when no other build defines the name.
 */
const IS_VARIANT =
  '/\\/[\\w]+[-_](?:browser|node)\\/|\\/(?:dist|build)\\/(?:[\\w.-]+\\/)*browser\\//.test("/" + hit.file)';
/**
 * A file's name with the module-system folders (`esm`, `cjs`, `esm-browser`, …), the platform
 * folders (`browser`, `node`) and the extension left out: twins share it (`dist/cjs/a.js`
 * beside `dist/esm/a.js`, or `dist/a.js`; `dist/node/esm/a.js` beside `dist/browser/a.js`).
 */
const TWIN_KEY =
  '("/" + hit.file).replace(/\\.[cm]?[jt]s$/, "").replace(/\\/(?:cjs|commonjs|esm|mjs|es|module)(?:[-_](?:browser|node))?\\//g, "/").replace(/\\/(?:browser|node)\\//g, "/")';

/**
 * A package that ships its TypeScript sources and their compiled JavaScript (zod's `src/v3/a.ts`
 * and `v3/a.js`, `dist/a.cjs`): when a TypeScript source defines the name, a JavaScript file
 * whose path ends with a TypeScript source's path after its first folder is its build.
 */
const COMPILED_FROM_TS = [
  "const typed = plain.filter(hit => /\\.[cm]?tsx?$/.test(hit.file))",
  'const stems = len(typed) > 0 ? find_files("**/*.{ts,tsx,mts,cts}").filter(file => !/\\.d\\.[cm]?ts$/.test(file)).map(file => "/" + file.replace(/\\.[cm]?tsx?$/, "").split("/").slice(1).join("/")).filter(stem => stem !== "/") : []',
  'const built = plain.filter(hit => !/\\.[cm]?js$/.test(hit.file) || !stems.some(stem => ("/" + hit.file.replace(/\\.[cm]?js$/, "")).endsWith(stem)))',
];

/** The program and reading for the definitions of a name, with `tool` (`definitions_of` or `find_definitions`). */
function definitions(tool: string) {
  return async (slots: RuleSlots, context: RuleContext) => {
    const member = memberOf(slots);
    if (member && tool !== "definitions_of") return "only definitions_of says what a member is";
    const name = member?.name ?? identifier(slots);
    if (!name) return "the name is not a plain identifier";
    const where = await lookIn(slots, context);
    if (typeof where === "string") return where;
    if (where && tool !== "definitions_of") return "only definitions_of looks in a folder";
    const word = slots.codekind?.[0]?.raw.toLowerCase() ?? "";
    const key = Object.keys(CODE_KINDS).find((kind) => word.startsWith(kind));
    const kind = key ? CODE_KINDS[key] : undefined;
    if (word !== "" && !kind) return "the kind of definition is not one the rule can tell";
    // A kit's own find_definitions says no kind: a kind is only read from definitions_of.
    if (kind && tool !== "definitions_of") return "only definitions_of says what a definition is";
    const rows = where ? `${tool}(name, glob)` : `${tool}(name)`;
    const params: Record<string, string> = where ? { name, glob: where.glob } : { name };
    if (member) Object.assign(params, memberParams(member));
    const found = kind
      ? `${rows}.filter(hit => ${JSON.stringify(kind.kinds)}.includes(hit.kind))`
      : rows;
    const oneFile = slots.onefile !== undefined && !/s$/i.test(slots.onefile[0]!.raw);
    // A name no file mentions is defined nowhere: then `[]` is the answer.
    const mention = oneFile || member ? null : checkedMention(name, context);
    const checkable = mention !== null;
    return {
      program: [
        `const rows = ${found}`,
        // Each step keeps the rows it prefers when there are any: tests never outrank the
        // project's own files (a test may redeclare a type to augment it).
        `const owned = rows.filter(hit => !${TEST_FILE}.test(hit.file))`,
        "const mine = len(owned) > 0 ? owned : rows",
        // The implementation: .d.ts declarations only when no code defines it, compiled copies
        // (files that end with a source map comment) only when no source does.
        ...codeFirst("mine", "kept", true),
        `const sources = kept.filter(hit => !${lastLine(context)}.includes("sourceMappingURL="))`,
        "const plain = len(sources) > 0 ? sources : kept",
        // A package that ships a module as .js (or .mjs, .ts) and a CommonJS copy, beside it
        // (a.cjs) or in a twin folder (dist/cjs/a.js beside dist/esm/a.js): the first is the source.
        ...(context.tools.has("find_files") ? COMPILED_FROM_TS : ["const built = plain"]),
        `const twins = built.filter(hit => !${IS_CJS}).map(hit => ${TWIN_KEY})`,
        `const unported = built.filter(hit => !${IS_CJS} || !twins.includes(${TWIN_KEY}))`,
        // A platform's copy (dist/esm-browser/a.js beside dist/esm/a.js) only when no plain build has it.
        `const plainBuilds = unported.filter(hit => !${IS_VARIANT}).map(hit => ${TWIN_KEY})`,
        `const uncopied = unported.filter(hit => !${IS_VARIANT} || !plainBuilds.includes(${TWIN_KEY}))`,
        // A bundle inlines every module in one closure: a definition there only when no module
        // defines the name.
        "const unbundled = uncopied.filter(hit => !hit.bundled)",
        // A minified copy (index.min.js) only when no readable file defines the name.
        "const readable = unbundled.filter(hit => !/\\.min\\.[cm]?js$/.test(hit.file))",
        "const outer = len(readable) > 0 ? readable : unbundled",
        // `export { default as MAX } from "./max.js"` names another module's default export:
        // that module is where it is defined, so this alias alone is no answer.
        'const found = (len(outer) > 0 ? outer : uncopied).filter(hit => !(hit.kind === "alias" && /\\bdefault\\s+as\\s/.test(hit.text)))',
        ...(member
          ? MEMBER_STEPS
          : [
              // A name declared on its own at the top level wins over a class's or object's member,
              // which wins over a function's own helper or variable and an export's alias.
              // Where one is at the top level, every declaration stands (a bundle's chunks declare
              // their own copies inside functions); where none is, a member wins over a helper.
              // A binding declared without a value (`let X;`) only when nothing else defines X.
              'const declared = found.filter(hit => !["method", "property", "alias"].includes(hit.kind) && !hit.unassigned)',
              "const topLevel = declared.filter(hit => !hit.local)",
              'const members = found.filter(hit => ["method", "property"].includes(hit.kind) && !hit.local)',
              // "the handleRequest method": a member first.
              key === "method"
                ? "const defined = len(members) > 0 ? members : len(declared) > 0 ? declared : found"
                : "const defined = len(topLevel) > 0 ? declared : len(members) > 0 ? members : len(declared) > 0 ? declared : found",
            ]),
        // "which file defines X" asks for one file: several files defining the name is no answer.
        ...(oneFile
          ? ["defined !== null && len(unique(defined.map(hit => hit.file))) > 1 ? null : defined"]
          : checkable
            ? [
                // None found is an answer only when no file mentions the name at all.
                noneUnlessMentioned("defined", "[]", where !== null),
              ]
            : ["defined"]),
      ].join("\n"),
      params: checkable ? { ...params, mention } : params,
      ...(checkable ? { emptyIsChecked: true as const } : {}),
      // "which file defines X" answers null when several files do: none is not what it means.
      noneIsUnknown: oneFile
        ? `its tools found no definition of ${quoted(name)}, or found it in several files where one file was asked for`
        : (true as const),
      reading: `where ${member ? memberReading(member) : quoted(name)} is defined${kind ? ` as ${kind.words}` : ""}${where ? ` in ${where.words}` : ""}, as { file, line, text } rows: its implementation (tests only when no other file defines it, .d.ts declarations only when no code does, compiled copies ending in a source map comment, .js builds of a TypeScript source, .cjs copies of a .js and browser or node copies of a build only when no source does, a bundle's closure only when no module does, a minified .min.js only when no readable file does, methods and properties only when nothing declares it on its own (first when a method is asked for, and before a function's own helpers when nothing declares it at the top level), export aliases and bindings declared without a value (“let X;”) only when neither does, an alias of another module's default export never; ${checkable ? `none found is no answer unless no file mentions ${quoted(mention)}, then \`[]\`` : "none found is no answer"}${oneFile ? "; one file was asked for, so several files defining it is no answer too" : ""})${tool === "definitions_of" ? "; JavaScript and TypeScript parsed, imports are not definitions" : ""}`,
    };
  };
}

/**
 * The line of a name's one definition when no file is named: its code (a .d.ts only when no code
 * defines it), of the kind a word asks for ("class"); several definitions, or none, answer nothing.
 */
function definedOnce(name: string | null, kindWord: string | undefined): RuleProgram | string {
  if (!name) return "the name is not a plain identifier";
  const word = kindWord?.toLowerCase();
  const kind =
    word === undefined
      ? undefined
      : Object.entries(CODE_KINDS).find(([prefix]) => word.startsWith(prefix))?.[1];
  if (word !== undefined && !kind) return `${quoted(word)} is not a kind of definition`;
  return {
    program: [
      `const rows = definitions_of(name)${kind ? `.filter(hit => ${JSON.stringify(kind.kinds)}.includes(hit.kind))` : ""}`,
      ...codeFirst("rows", "found", true),
      "len(found) === 1 ? found[0].line : null",
    ].join("\n"),
    params: { name },
    reading: `the line where ${quoted(name)} is defined${kind ? ` as ${kind.words}` : ""}, in the one file that defines it (parsed; .d.ts declarations only when no code does); no answer when it is defined several times or nowhere`,
    noneIsUnknown: "the name is defined several times, or nowhere",
  };
}

/**
 * "who calls X", "callers of X", "which files call X", "how many files call X", "where is X()
 * called": calls read by the parser (`callers_of`). "where do we call X" stays a text search
 * (decision 152).
 */
const CALLED = [
  `(?:(?<who>who) |show |find )?call (?<name>[WCP])${WHERE}`,
  `(?<count>count )?(?:show )?(?<files>file) call (?<name>[WCP])${WHERE}`,
  `(?<count>count )?(?:show )?(?<files>file) in (?<scope>D) call (?<name>[WCP])`,
  `(?:show )?where (?<name>[WCP]) (?<called>named)${WHERE}`,
].map(rulePattern);

/** A function's name as code calls it: a plain identifier, or a member chain (`process.nextTick`). */
const CALLEE = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/** The program and reading for the calls of a name, by `callers_of`. */
async function callers(slots: RuleSlots, context: RuleContext) {
  const name = textOf(slots.name)?.replace(/\(\)?$/, "") ?? null;
  // "who calls utils.js" names a module, not a function.
  if (!name || !CALLEE.test(name) || /\.(?:[cm]?[jt]sx?|json)$/i.test(name))
    return "the name is not a function's name (an identifier or a member chain)";
  // "called" is also "named" ("a file called x"): only "where is X called" reads it as calls.
  if (slots.called && slots.called[0]!.raw.toLowerCase() !== "called")
    return "the request names something, it does not ask for calls";
  const where = await lookIn(slots, context);
  if (typeof where === "string") return where;
  const rows = where ? "callers_of(name, glob)" : "callers_of(name)";
  const files = `unique(${rows}.map(hit => hit.file))`;
  const params: Record<string, string> = where ? { name, glob: where.glob } : { name };
  const asked = slots.count ? "the number of files" : slots.files ? "the files" : "the lines";
  const answer = slots.count ? `len(${files})` : slots.files ? `sorted(${files})` : rows;
  // No call found is an answer only when no file mentions the name at all.
  const mention = checkedMention(name, context);
  return {
    program: mention
      ? `const found = ${answer}\n${noneUnlessMentioned("found", slots.count ? "0" : "[]", where !== null)}`
      : answer,
    params: mention ? { ...params, mention } : params,
    ...(mention ? { emptyIsChecked: true as const } : {}),
    noneIsUnknown: `its parser found no call of ${quoted(name)} (a call under another name, or in a file that is not JavaScript or TypeScript, is not seen)${mention ? `; none is the answer only when no file mentions ${quoted(mention)}` : ""}`,
    reading: `${asked} of the JavaScript and TypeScript modules${where ? ` in ${where.words}` : ""} that call ${quoted(name)}: ${name.includes(".") ? `${name}(…) or new ${name}(…)` : `${name}(…), x.${name}(…) or new ${name}(…)`} (parsed: its definition, imports and mentions are not calls)${slots.files || slots.count ? "" : ", as { file, line, text } rows"}`,
  };
}

/** Code rules. */
export const CODE_RULES: readonly IntentRule[] = [
  {
    id: "exports",
    summary: "the names a JS or TS module exports",
    examples: ["what does src/index.ts export", "list the exports of src/utils.ts"],
    needs: ["exports_of"],
    patterns: [
      "(?<count>count )?(?:show )?(?:name )?{file} (?:(?<named>named) )?export(?: name)?",
      "(?<count>count )?(?:show )?(?:(?<named>named) )?export(?: name)? (?:in |per )?{file}(?: have)?",
      // "what named exports does lib/postcss.mjs have": the names, not the default export.
      "(?<count>count )?(?:show )?(?<named>named) export {file} have",
      // "how many exports does a.js have".
      "(?<count>count )export {file} have",
      // "which functions does src/utils.ts export", "how many classes does a.js export".
      "(?<count>count )?(?:show )?(?<codekind>codekind) (?:in )?{file} export",
      "(?<count>count )?(?:show )?export (?<codekind>codekind) (?:in )?{file}",
    ].map(rulePattern),
    build(slots) {
      const path = moduleFileOf(slots.file);
      if (!path) return "the file is not a JavaScript or TypeScript module in the workspace";
      const kind = declaredKindOf(slots);
      if (slots.codekind?.[0] && !kind) return "the kind of export is not one exports_of tells";
      const rows = kind
        ? `exports_of(path).filter(entry => ${JSON.stringify(kind.kinds)}.includes(entry.kind))`
        : slots.named
          ? 'exports_of(path).filter(entry => entry.name !== "default")'
          : "exports_of(path)";
      const names = `${rows}.map(entry => entry.name)`;
      return {
        program: slots.count ? `len(${names})` : names,
        params: { path },
        reading: `${slots.count ? "the number of " : ""}the names ${quoted(path)} exports${kind ? ` that are ${kind.words}` : ""}${slots.named && !kind ? ", its default export left out" : ""} (parsed: ESM, CommonJS or TypeScript; star re-exports of workspace files followed; a module whose whole value is one named function or class, by that name)${slots.count ? "" : ", sorted"}`,
      };
    },
  },
  {
    id: "imports",
    summary: "the modules a JS or TS file imports",
    examples: ["what does src/index.ts import", "list the imports of src/utils.ts"],
    needs: ["imports_of"],
    patterns: [
      "(?:show )?(?:file )?{file} import",
      "(?:(?<ask>show) )?(?<verb>import) (?<inFile>in )?{file}",
      // "which modules get required in a.cjs": "in" says the file imports them ("which files import a.js" asks the reverse).
      "(?:show )?file import in {file}",
      // "list the modules imported by lib/nodemailer.js".
      "(?:show )?file import per {file}",
      // "deps of lib/worker.js": a module's dependencies are what it imports.
      "(?:show )?dependency (?:in )?{file}",
      // "which modules does _baseClone.js depend on".
      "(?:show )?(?:file )?{file} dependency",
      "(?<count>count )(?:file )?{file} import",
    ].map(rulePattern),
    build(slots) {
      // "what requires lib/a.js" asks which files require it ("requires" is never a noun).
      // "the requires in bin/cli.js" names them: "in" says the file holds them.
      if (/^requires$/i.test(slots.verb?.[0]?.raw ?? "") && !slots.inFile)
        return "“requires <file>” asks for the files that require it, not what it requires";
      // "what imports src/utils.ts", "who imports it": a question word before the verb asks
      // for the files that import it ("imports of src/utils.ts" names them).
      if (/^imports$/i.test(slots.verb?.[0]?.raw ?? "") && !slots.inFile && asksWhichFiles(slots))
        return "“what imports <file>” asks for the files that import it, not what it imports";
      const path = moduleFileOf(slots.file);
      if (!path) return "the file is not a JavaScript or TypeScript module in the workspace";
      return {
        program: slots.count ? "len(imports_of(path))" : "imports_of(path)",
        params: { path },
        reading: `${slots.count ? "the number of " : ""}the modules ${quoted(path)} imports (import, import type, export … from, require), as written (parsed; dynamic import() not listed, nor an ES module's own createRequire require() calls)`,
      };
    },
  },
  {
    id: "reexports",
    summary: "the modules a JS or TS file re-exports from",
    examples: [
      "which modules does src/index.ts re-export from",
      "how many modules does src/index.ts re-export from",
    ],
    needs: ["imports_of", "importers_of"],
    patterns: [
      // "modules": what it re-exports from, not the names it re-exports.
      "(?<count>count )?(?:(?<distinct>W) )?(?:show )?file {file} reexport",
      "(?<count>count )?(?:show )?file reexport (?:in )?{file}",
    ].map(rulePattern),
    build(slots) {
      if (slots.distinct && !/^(?:distinct|unique|different)$/i.test(slots.distinct[0]!.raw))
        return `${quoted(slots.distinct[0]!.raw)} is not read`;
      const path = moduleFileOf(slots.file);
      if (!path) return "the file is not a JavaScript or TypeScript module in the workspace";
      const program = [
        'const from = imports_of(path).filter(spec => len(importers_of(spec, path).filter(hit => hit.kind === "export")) > 0)',
        slots.count ? "len(from)" : "from",
      ].join("\n");
      return {
        program,
        params: { path },
        reading: `${slots.count ? "the number of " : ""}the modules ${quoted(path)} re-exports from (export … from and export * from), as written, once each (parsed)`,
      };
    },
  },
  {
    id: "definitions",
    summary: "where a name is defined",
    examples: [
      "where is formatHost defined",
      "find the definition of Ollama",
      "where is the Ollama class defined",
    ],
    needs: ["definitions_of", "read_lines"],
    patterns: DEFINED,
    build: definitions("definitions_of"),
  },
  {
    id: "definition-line",
    summary: "the line a name is defined on in one file",
    examples: [
      "on which line is formatHost defined in src/utils.ts",
      "what line defines stop in src/utils.ts",
    ],
    needs: ["definitions_of"],
    patterns: [
      "(?:show )?line (?<name>[^ ]+) define in (?<file>F)",
      "(?:show )?line define (?<name>[^ ]+) in (?<file>F)",
      "(?:show )?line in (?<file>F) (?<name>[^ ]+) define",
      // "what line is class ConnectionParameters declared on": in its one defining file.
      "(?:show )?line (?:(?<codekind>codekind) )?(?<name>[WC]) (?:(?<kindAfter>codekind) )?define",
      // "what line is `class MimeNode` on": the declaration quoted.
      "(?:show )?line (?<declared>Q)",
    ].map(rulePattern),
    build(slots) {
      const declared = /^(class|function|interface|enum) ([A-Za-z_$][\w$]*)$/.exec(
        slots.declared?.[0]?.raw ?? "",
      );
      if (slots.declared && !declared) return "the quoted text is not a declaration";
      if (declared) return definedOnce(declared[2]!, declared[1]!);
      const name = identifier(slots);
      if (!slots.file) return definedOnce(name, (slots.codekind ?? slots.kindAfter)?.[0]?.raw);
      const path = fileOf(slots.file);
      if (!name || !path) return "the name is not a plain identifier, or the file is not there";
      return {
        program:
          "const lines = definitions_of(name, path).map(hit => hit.line)\nlen(lines) === 1 ? lines[0] : lines",
        params: { name, path },
        reading: `the line where ${quoted(name)} is defined in ${quoted(path)} (parsed; every line, as a list, when it is defined on several)`,
      };
    },
  },
  {
    id: "find-definitions",
    summary: "where a name is defined (with a find_definitions tool)",
    examples: ["where is formatHost defined", "find the definition of Ollama"],
    needs: ["find_definitions", "read_file"],
    patterns: DEFINED,
    build: definitions("find_definitions"),
  },
  {
    // "who calls X", "find the callers of X": the word "call" must be there, so "show the
    // changelog" never becomes find_callers("changelog").
    id: "callers",
    summary: "who calls a function (with a find_callers tool)",
    examples: ["who calls applyDiscount", "find all callers of loadConfig"],
    needs: ["find_callers"],
    patterns: [`(?:who |show |find )?call ${NAME}`, `(?:show |find )?${NAME} call`].map(
      rulePattern,
    ),
    build(slots) {
      const name = identifier(slots);
      return name
        ? {
            program: "find_callers(name)",
            params: { name },
            reading: `the callers of ${quoted(name)} (find_callers)`,
          }
        : "the name is not a plain identifier";
    },
  },
  {
    id: "callers-parsed",
    summary: "the lines or files that call a function",
    examples: ["which files call formatHost", "where is stop() called", "how many files call stop"],
    needs: ["callers_of"],
    patterns: CALLED,
    build: callers,
  },
];
