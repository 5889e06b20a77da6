/**
 * "how many classes are defined in lib/event-target.js", "which interfaces are declared in
 * src/types.ts", "how many classes are defined in lib/dialects/postgres", "list the methods of the
 * Option class": what files declare at their top level, by kind, read by a parser
 * (`declarations_in`), and the members of one class.
 */
import { codeFirst, globFor, MODULE_EXTENSIONS } from "./file-kinds.js";
import { filesText, quoted } from "./reading-text.js";
import { globOf, moduleFileOf, scopeOf, textOf } from "./rule-slots.js";
import { declaredKindOf } from "./code-rules.js";
import { rulePattern, type IntentRule, type RuleProgram, type RuleSlots } from "./rule-types.js";

const WHERE = "(?:(?<file>F)|(?<folder>D))";
/** "the js files", "the .ts and .mts files": modules by their kind. */
const KINDS = "(?<kind>K(?: and K)*) file";

/** Declaration rules. */
export const DECLARATION_RULES: readonly IntentRule[] = [
  {
    id: "declared-of-kind",
    summary: "the classes, functions or interfaces a file or folder declares at its top level",
    examples: [
      "how many classes are defined in src/index.ts",
      "which functions does src/utils.ts declare",
    ],
    needs: ["declarations_in", "find_files"],
    patterns: [
      `(?<count>count )?(?:show )?(?:(?<top>toplevel) )?(?<codekind>codekind) (?:define )?(?:in )?${WHERE}`,
      `(?<count>count )?(?:show )?(?:(?<top>toplevel) )?(?<codekind>codekind) ${WHERE} (?:define|have)`,
      // "how many classes are defined in the js files", "list the classes in the .ts files in src".
      `(?<count>count )?(?:show )?(?:(?<top>toplevel) )?(?<codekind>codekind) (?:define )?in ${KINDS}(?: in (?<folder>D))?`,
    ].map(rulePattern),
    build(slots): RuleProgram | string {
      const kind = declaredKindOf(slots);
      if (!kind) return "the kind is not one declarations_in tells";
      const test = `entry => ${JSON.stringify(kind.kinds)}.includes(entry.kind) && entry.of === undefined`;
      if (slots.file) {
        const path = moduleFileOf(slots.file);
        if (!path) return "the file is not a JavaScript or TypeScript module in the workspace";
        const names = `declarations_in(path).filter(${test}).map(entry => entry.name)`;
        return {
          program: slots.count ? `len(${names})` : names,
          params: { path },
          reading: `${slots.count ? "the number of" : "the"} ${kind.words} ${quoted(path)} declares at its top level (parsed; not those inside functions, nor class members)`,
        };
      }
      const folder = slots.folder?.[0]?.path ?? "";
      const kinds = slots.kind?.flatMap((token) => token.extensions ?? []) ?? MODULE_EXTENSIONS;
      if (!kinds.every(isModuleExtension))
        return "only JavaScript and TypeScript modules declare classes and functions";
      if (!slots.folder && !slots.kind) return "the files to read are not named";
      const pattern = globFor(folder, kinds);
      // A .d.ts declares what a module beside it defines: its declarations only when no code file has any.
      const program = [
        `const rows = find_files(pattern).flatMap(file => declarations_in(file).filter(${test}).map(entry => ({ file: file, name: entry.name })))`,
        ...codeFirst("rows", "found", true),
        slots.count ? "len(found)" : "sorted(unique(found.map(row => row.name)))",
      ].join("\n");
      return {
        program,
        params: { pattern },
        reading: `${slots.count ? `the number of ${kind.words}` : `the names of the ${kind.words}`} the modules ${filesText(pattern)} declare at their top level (parsed; not those inside functions, nor class members; .d.ts declarations only when no code file declares any)`,
      };
    },
  },
  {
    id: "class-methods",
    summary: "the methods of a class",
    examples: ["list the methods of the Ollama class", "what methods does the Ollama class have"],
    needs: ["definitions_of", "declarations_in"],
    patterns: [
      "(?<count>count )?(?:show )?(?<member>codekind) (?:of |in )?(?<name>C|W) (?<cls>codekind)(?: in (?<file>F))?",
      "(?<count>count )?(?:show )?(?<member>codekind) (?:of |in )?(?<cls>codekind) (?<name>C|W)(?: in (?<file>F))?",
      "(?<count>count )?(?:show )?(?<member>codekind) (?<name>C|W) (?<cls>codekind) have",
    ].map(rulePattern),
    build(slots): RuleProgram | string {
      if (
        !/^methods?$/i.test(slots.member?.[0]?.raw ?? "") ||
        !/^class(?:es)?$/i.test(slots.cls?.[0]?.raw ?? "")
      )
        return "only a class's methods are read";
      const name = textOf(slots.name);
      if (!name || !/^[A-Za-z_$][\w$]*$/.test(name)) return "the class's name is not a name";
      // "list the methods of the Connection class in lib/connection.js": that file's class.
      const path = slots.file ? moduleFileOf(slots.file) : null;
      if (slots.file && !path)
        return "the file is not a JavaScript or TypeScript module in the workspace";
      if (path)
        return {
          program: [
            `const methods = declarations_in(path).filter(entry => entry.of === name && entry.kind === "method").map(entry => entry.name)`,
            slots.count ? "len(methods)" : "methods",
          ].join("\n"),
          params: { name, path } as Record<string, string>,
          reading: `${slots.count ? "the number of " : ""}the methods of the class ${quoted(name)} as ${quoted(path)} declares it (getters, setters and the constructor too; parsed)`,
          noneIsUnknown: `${quoted(path)} declares no class ${quoted(name)} with methods`,
        };
      const program = [
        'const found = definitions_of(name).filter(hit => hit.kind === "class")',
        ...codeFirst("found", "defining", true),
        "const homes = unique(defining.map(hit => hit.file))",
        `const methods = len(homes) === 1 ? declarations_in(homes[0]).filter(entry => entry.of === name && entry.kind === "method").map(entry => entry.name) : null`,
        slots.count ? "methods === null ? null : len(methods)" : "methods",
      ].join("\n");
      return {
        program,
        params: { name },
        reading: `${slots.count ? "the number of " : ""}the methods of the class ${quoted(name)} (getters, setters and the constructor too), as declared in its one file (parsed; its .d.ts declaration only when no code defines it); no answer when no file or several define the class`,
        noneIsUnknown: "no file, or several, define the class",
      };
    },
  },
  {
    id: "subclasses",
    summary: "the classes that extend a class, by their declarations' text",
    examples: ["which classes extend EventTarget", "how many classes extend EventTarget in src"],
    needs: ["search_files"],
    patterns: [
      "(?<count>count )?(?:show )?(?<codekind>codekind) (?<verb>W) (?<name>[WC]){scope}",
      "(?<count>count )?(?:show )?(?<codekind>codekind) (?<verb>W) (?<name>[WC]) (?<cls>codekind){scope}",
    ].map(rulePattern),
    build(slots) {
      const asked = extendsAsked(slots);
      if (typeof asked === "string") return asked;
      const { name, pattern } = asked;
      const program = [
        "const hits = search_files(name, pattern)",
        `const found = hits.map(hit => /\\bclass\\s+([\\w$]+)\\s+extends\\s+(?:[\\w$]+\\.)*${name}\\b/.exec(hit.text)).filter(match => match !== null)`,
        "const names = sorted(unique(found.map(match => match[1])))",
        slots.count ? "len(names)" : "names",
      ].join("\n");
      return {
        program,
        params: { name, pattern },
        reading: `${slots.count ? "the number of classes" : "the names of the classes"} whose declaration in ${filesText(pattern)} reads “class … extends ${name}” (a qualifier before the name, as in errors_1.${name}, counted; read from the text, so a class made another way is not seen; none found is no answer)`,
        noneIsUnknown: true,
      };
    },
  },
  {
    id: "superclass",
    summary: "the class a class extends, by its declaration's text",
    examples: ["what class does Ollama extend", "what does the Ollama class extend"],
    needs: ["search_files"],
    patterns: [
      "(?:show )?(?<codekind>codekind) (?<name>[WC]) (?<verb>W){scope}",
      "(?:show )?(?<name>[WC]) (?<codekind>codekind) (?<verb>W){scope}",
      "(?:show )?(?<codekind>codekind) (?<name>[WC]) (?<cls>codekind) (?<verb>W){scope}",
    ].map(rulePattern),
    build(slots) {
      const asked = extendsAsked(slots);
      if (typeof asked === "string") return asked;
      const { name, pattern } = asked;
      const program = [
        `const hits = search_files("class " + name, pattern)`,
        // TypeScript (a source or its .d.ts) names the class as written; a compiled .js only when none does.
        "const typed = hits.filter(hit => /\\.[cm]?tsx?$/.test(hit.file))",
        `const found = (len(typed) > 0 ? typed : hits).map(hit => /\\bclass\\s+${name}\\s+extends\\s+([\\w$.]+)/.exec(hit.text)).filter(match => match !== null)`,
        // TypeScript's CommonJS output names an import's value `Commander_1.default` or `events_1.EventEmitter`.
        'const parents = unique(found.map(match => match[1].replace(/^([\\w$]+)_\\d+\\.default$/, "$1").replace(/^[\\w$]+_\\d+\\./, "")))',
        "len(parents) === 1 ? parents[0] : null",
      ].join("\n");
      return {
        program,
        params: { name, pattern },
        reading: `the class that ${quoted(name)} extends, as its declarations in ${filesText(pattern)} write it (“class ${name} extends …”; TypeScript files, a .d.ts too, before compiled .js, whose Commander_1.default is read as Commander); no answer when none is found or its copies disagree`,
        noneIsUnknown:
          "no declaration of the class with “extends” was found, or its copies name different classes",
      };
    },
  },
];

/** "extends", "extend", "inherit from" (the "from" is read as no word of its own). */
const EXTENDS = /^(?:extends?|extending|inherits?|inheriting|subclass(?:es)?)$/i;
const CLASS_WORD = /^class(?:es)?$/i;

/**
 * What a request about extending names: "extends" (or "inherits") with "class", the class's name
 * as a plain identifier (it goes into a regex as it is), and the modules to read; or why not.
 */
function extendsAsked(slots: RuleSlots): { name: string; pattern: string } | string {
  if (!EXTENDS.test(slots.verb?.[0]?.raw ?? "") || !CLASS_WORD.test(slots.codekind?.[0]?.raw ?? ""))
    return "only a class extending another is read";
  if (slots.cls && !CLASS_WORD.test(slots.cls[0]!.raw)) return "only a class extends another";
  const name = textOf(slots.name);
  if (!name || !/^[A-Za-z_][\w]*$/.test(name)) return "the class's name is not a name";
  const pattern = moduleGlob(slots);
  if (!pattern) return "the files to read are not JavaScript or TypeScript modules";
  return { name, pattern };
}

/** The modules a class search reads: every JavaScript and TypeScript module, in the scope's folder. */
function moduleGlob(slots: RuleSlots): string | null {
  const where = scopeOf(slots);
  if (!where) return null;
  if (where.extensions && !where.extensions.every(isModuleExtension)) return null;
  return globOf(where, where.extensions ?? MODULE_EXTENSIONS);
}

/** A module's extension, a declaration file's ("d.ts") too. */
function isModuleExtension(extension: string): boolean {
  return MODULE_EXTENSIONS.includes(extension.split(".").at(-1)!);
}
