/**
 * "how many classes are defined in lib/event-target.js", "which interfaces are declared in
 * src/types.ts", "how many classes are defined in lib/dialects/postgres", "list the methods of the
 * Option class": what files declare at their top level, by kind, read by a parser
 * (`declarations_in`), and the members of one class.
 */
import { globFor, MODULE_EXTENSIONS } from "./file-kinds.js";
import { quoted } from "./reading-text.js";
import { moduleFileOf, textOf } from "./rule-slots.js";
import { declaredKindOf } from "./code-rules.js";
import { rulePattern, type IntentRule, type RuleProgram } from "./rule-types.js";

const WHERE = "(?:(?<file>F)|(?<folder>D))";

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
      const folder = slots.folder?.[0]?.path;
      if (!folder || !slots.count) return "only a count is read over a folder";
      const pattern = globFor(folder, MODULE_EXTENSIONS);
      return {
        program: `sum(find_files(pattern).map(file => len(declarations_in(file).filter(${test}))))`,
        params: { pattern },
        reading: `the number of ${kind.words} the modules under ${quoted(folder)} (${pattern}) declare at their top level (parsed; not those inside functions, nor class members)`,
      };
    },
  },
  {
    id: "class-methods",
    summary: "the methods of a class",
    examples: ["list the methods of the Ollama class", "what methods does the Ollama class have"],
    needs: ["definitions_of", "declarations_in"],
    patterns: [
      "(?<count>count )?(?:show )?(?<member>codekind) (?:of |in )?(?<name>C|W) (?<cls>codekind)",
      "(?<count>count )?(?:show )?(?<member>codekind) (?:of |in )?(?<cls>codekind) (?<name>C|W)",
      "(?<count>count )?(?:show )?(?<member>codekind) (?<name>C|W) (?<cls>codekind) have",
    ].map(rulePattern),
    build(slots) {
      if (
        !/^methods?$/i.test(slots.member?.[0]?.raw ?? "") ||
        !/^class(?:es)?$/i.test(slots.cls?.[0]?.raw ?? "")
      )
        return "only a class's methods are read";
      const name = textOf(slots.name);
      if (!name || !/^[A-Za-z_$][\w$]*$/.test(name)) return "the class's name is not a name";
      const program = [
        'const found = definitions_of(name).filter(hit => hit.kind === "class")',
        "const code = found.filter(hit => !/\\.d\\.[cm]?ts$/.test(hit.file))",
        "const homes = unique((len(code) > 0 ? code : found).map(hit => hit.file))",
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
];
