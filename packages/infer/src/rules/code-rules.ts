/** Rules for kits with code-search tools: where a name is defined, and who calls it. */
import { intentPattern, type IntentRule } from "./rule-types.js";

const NAME = "[\"'`]?(?<name>\\w+)[\"'`]?";

/** Code-search rules. */
export const CODE_RULES: readonly IntentRule[] = [
  {
    id: "definitions",
    needs: ["find_definitions"],
    patterns: [`(?:find|where is|show)(?: the)? definitions? of ${NAME}`].map(intentPattern),
    build: (groups) => ({ program: "find_definitions(name)", params: { name: groups.name ?? "" } }),
  },
  {
    // "who calls X", "find (all) (the) callers of X", "callers of X": the word "call" must be there,
    // so "show the changelog" never becomes find_callers("changelog").
    id: "callers",
    needs: ["find_callers"],
    patterns: [
      `(?:who calls|(?:(?:find|show|list)(?: all)?(?: the)? )?callers of) ${NAME}`,
      `(?:find|show|list)(?: all)?(?: the)? ${NAME} callers`,
    ].map(intentPattern),
    build: (groups) => ({ program: "find_callers(name)", params: { name: groups.name ?? "" } }),
  },
];
