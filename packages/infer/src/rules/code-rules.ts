/**
 * Rules about code: the names a module exports, where a name is defined (`definitions_of`, or
 * a kit's own `find_definitions`), and who calls it (a kit's `find_callers`). A name from the
 * request must be a plain identifier; it is bound as the string param `name`.
 */
import { MODULE_EXTENSIONS, extensionOf } from "./file-kinds.js";
import { fileOf, textOf } from "./rule-slots.js";
import { rulePattern, type IntentRule, type RuleSlots } from "./rule-types.js";

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The names a JavaScript or TypeScript module exports by its own `export` statements, sorted:
 * declarations (`export function f`, `export const x`, `export class C`, types, enums),
 * `export default …` as `default`, the names of `export { a, b as c }` lists (over several lines
 * too), `export * as ns` as `ns`, and `export * from "m"` as `* from m`.
 */
const EXPORTS_PROGRAM = [
  "const text = read_file(path)",
  "const names = []",
  'for (const line of text.split("\\n")) {',
  "  const declared = line.match(/^export\\s+(?:declare\\s+)?(?:async\\s+)?(?:abstract\\s+)?(?:function\\*?|class|const\\s+enum|enum|const|let|var|interface|type|namespace)\\s+([A-Za-z_$][\\w$]*)/)",
  "  const namespace = line.match(/^export\\s+\\*\\s+as\\s+([A-Za-z_$][\\w$]*)/)",
  "  const everything = line.match(/^export\\s+\\*\\s+from\\s+[\"'](.+)[\"']/)",
  '  if (/^export\\s+default\\b/.test(line)) names.push("default")',
  "  else if (declared) names.push(declared[1])",
  "  else if (namespace) names.push(namespace[1])",
  "  else if (everything) names.push(`* from ${everything[1]}`)",
  "}",
  "for (const list of text.matchAll(/^export\\s+(?:type\\s+)?\\{([^}]*)\\}/gm)) {",
  '  for (const part of list[1].split(",")) {',
  "    const name = part.trim().split(/\\s+as\\s+/).at(-1)",
  '    if (name !== "") names.push(name)',
  "  }",
  "}",
  "sorted(unique(names))",
].join("\n");

const identifier = (slots: RuleSlots) => {
  const name = textOf(slots.name);
  return name !== null && IDENTIFIER.test(name) ? name : null;
};

const NAME = "(?<name>[^ ]+)";
const DEFINED = [
  `(?:show )?where ${NAME} define`,
  `(?:show |find )?define ${NAME}`,
  `(?:show |find )?${NAME} define`,
].map(rulePattern);

/** Code rules. */
export const CODE_RULES: readonly IntentRule[] = [
  {
    id: "exports",
    summary: "the names a JS or TS module exports",
    examples: ["what does src/index.ts export", "list the exports of src/utils.ts"],
    needs: ["read_file"],
    patterns: [
      "(?:show )?(?:name )?{file} export(?: name)?",
      "(?:show )?export(?: name)? (?:in )?{file}",
    ].map(rulePattern),
    build(slots) {
      const path = fileOf(slots.file);
      if (!path || !MODULE_EXTENSIONS.includes(extensionOf(path) ?? ""))
        return "the file is not a JavaScript or TypeScript module in the workspace";
      return { program: EXPORTS_PROGRAM, params: { path } };
    },
  },
  {
    id: "definitions",
    summary: "where a name is defined",
    examples: ["where is formatHost defined", "find the definition of Ollama"],
    needs: ["definitions_of"],
    patterns: DEFINED,
    build(slots) {
      const name = identifier(slots);
      return name
        ? { program: "definitions_of(name)", params: { name } }
        : "the name is not a plain identifier";
    },
  },
  {
    id: "find-definitions",
    summary: "where a name is defined (with a find_definitions tool)",
    examples: ["where is formatHost defined", "find the definition of Ollama"],
    needs: ["find_definitions"],
    patterns: DEFINED,
    build(slots) {
      const name = identifier(slots);
      return name
        ? { program: "find_definitions(name)", params: { name } }
        : "the name is not a plain identifier";
    },
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
        ? { program: "find_callers(name)", params: { name } }
        : "the name is not a plain identifier";
    },
  },
];
