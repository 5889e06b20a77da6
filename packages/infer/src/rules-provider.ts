import type { GenerationContext, Provider, ProviderAnswer } from "./provider-types.js";

/** Language names models and people use, mapped to file extensions. */
export const LANGUAGE_EXTENSIONS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  python: ["py"],
  javascript: ["js", "mjs", "cjs"],
  typescript: ["ts", "tsx"],
  ts: ["ts", "tsx"],
  js: ["js", "mjs", "cjs"],
  markdown: ["md"],
  json: ["json"],
  yaml: ["yml", "yaml"],
  toml: ["toml"],
  rust: ["rs"],
  go: ["go"],
  java: ["java"],
  ruby: ["rb"],
  shell: ["sh"],
  css: ["css"],
  html: ["html", "htm"],
  text: ["txt"],
  c: ["c", "h"],
  "c++": ["cpp", "hpp", "cc"],
});

/** A built-in intent rule: a regex over the intent, the tools it needs, and the program it writes with captures as params. */
interface Rule {
  pattern: RegExp;
  needs: readonly string[];
  build(match: RegExpExecArray): { program: string; params: Record<string, string> } | null;
}

function globFor(language: string): string | null {
  const extensions = LANGUAGE_EXTENSIONS[language.toLowerCase()];
  if (!extensions) return null;
  return extensions.length === 1 ? `**/*.${extensions[0]}` : `**/*.{${extensions.join(",")}}`;
}

const FILE = String.raw`[\w./-]+\.\w+`;

const RULES: readonly Rule[] = [
  {
    pattern: new RegExp(
      String.raw`^(?:read|show(?: me)?|cat|print|open|display)(?: the)?(?: file| contents of| content of)? ["'\`]?(${FILE})["'\`]?$`,
      "i",
    ),
    needs: ["read_file"],
    build: (match) => ({ program: "read_file(path)", params: { path: match[1] } }),
  },
  {
    pattern: /^(?:list|find|show|get)(?: me)?(?: all| every)?(?: the)? ([a-z+]+) files?$/i,
    needs: ["find_files"],
    build: (match) => {
      const glob = globFor(match[1]);
      return glob ? { program: "find_files(pattern)", params: { pattern: glob } } : null;
    },
  },
  {
    pattern: /^(?:how many|count)(?: the)? ([a-z+]+) files?(?: are there)?\??$/i,
    needs: ["find_files"],
    build: (match) => {
      const glob = globFor(match[1]);
      return glob ? { program: "len(find_files(pattern))", params: { pattern: glob } } : null;
    },
  },
  {
    pattern:
      /^(?:find|list|glob)(?: all)? files? (?:matching|like|named) ["'`]?([^\s"'`]+)["'`]?$/i,
    needs: ["find_files"],
    build: (match) => ({ program: "find_files(pattern)", params: { pattern: match[1] } }),
  },
  {
    pattern: /^(?:list|show)(?: all)?(?: the)? files(?: in| under) ["'`]?([\w./-]+?)\/?["'`]?$/i,
    needs: ["find_files"],
    build: (match) => ({ program: "find_files(pattern)", params: { pattern: `${match[1]}/**/*` } }),
  },
  {
    pattern: /^(?:find|where is|show)(?: the)? definitions? of ["'`]?(\w+)["'`]?$/i,
    needs: ["find_definitions"],
    build: (match) => ({ program: "find_definitions(name)", params: { name: match[1] } }),
  },
  {
    // "who calls X", "find (all) (the) callers of X", "callers of X": the word "call" must be there,
    // so "show the changelog" never becomes find_callers("changelog").
    pattern:
      /^(?:who calls|(?:(?:find|show|list)(?: all)?(?: the)? )?callers of) ["'`]?(\w+)["'`]?$/i,
    needs: ["find_callers"],
    build: (match) => ({ program: "find_callers(name)", params: { name: match[1] } }),
  },
  {
    pattern: /^(?:find|show|list)(?: all)?(?: the)? ["'`]?(\w+)["'`]? callers$/i,
    needs: ["find_callers"],
    build: (match) => ({ program: "find_callers(name)", params: { name: match[1] } }),
  },
];

/** Tier 1: built-in intent patterns that fire only when the tools they need are in the kit. */
export class RulesProvider implements Provider {
  readonly tier = "rules" as const;
  readonly retries = false;

  constructor(readonly name = "rules") {}

  async available(): Promise<boolean> {
    return true;
  }

  async generate(intent: string, context: GenerationContext): Promise<ProviderAnswer | null> {
    const tools = new Set(context.kit.tools.map((tool) => tool.name));
    const text = intent.trim().replace(/\s+/g, " ").replace(/[.!]$/, "");
    for (const rule of RULES) {
      if (!rule.needs.every((tool) => tools.has(tool))) continue;
      const match = rule.pattern.exec(text);
      if (!match) continue;
      const built = rule.build(match);
      if (built && !Object.keys(built.params).some((name) => Object.hasOwn(context.params, name)))
        return { raw: built.program, params: built.params };
    }
    return null;
  }
}
