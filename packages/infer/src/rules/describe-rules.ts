/**
 * The rules as `lackpy rules` shows them: each need, its example phrasings with the reading of
 * each, its tools and whether a kit has them. The readings are made against an imagined
 * workspace where everything an example names exists, so they read the same in any folder.
 */
import { SHIPPED_KITS, type WorkspaceView } from "@lackpy/kit";
import { looksLikeFile } from "./file-kinds.js";
import { INTENT_RULES } from "./intent-rules.js";
import { matchRules } from "./match-rules.js";

/** One rule as `lackpy rules` lists it. */
export interface RuleDescription {
  id: string;
  summary: string;
  examples: readonly string[];
  /** How the rule reads each example (`examples[i]` → `readings[i]`). */
  readings: readonly string[];
  tools: readonly string[];
  /** True when every tool the rule needs is in the kit (always true without a kit). */
  available: boolean;
}

/** A workspace where what the examples name exists: a file when it looks like one, the usual folders (`src`, `docs`…). */
const IMAGINED: WorkspaceView = {
  async kind(path) {
    if (looksLikeFile(path) || /(?:^|\/)[A-Z]+$/.test(path)) return "file";
    return /^(?:src|docs|lib|tests?)$|\//.test(path) ? "folder" : null;
  },
  async manifest() {
    return {
      name: "demo",
      version: "1.0.0",
      description: "A demo",
      license: "MIT",
      scripts: { build: "tsc", test: "vitest" },
      dependencies: { "whatwg-fetch": "^3.6.20" },
      devDependencies: { typescript: "^6.0.3" },
      exports: { ".": { import: "./index.js", require: "./index.cjs" }, "./locale": "./locale.js" },
    };
  },
  async files(glob) {
    const brace = /^\{([^,}]+)[,}]/.exec(glob);
    return [brace ? `${brace[1]}.md` : glob.replace(/^\*\*\//, "")];
  },
};

/** A workspace with nothing in it. */
const EMPTY: WorkspaceView = { kind: async () => null, files: async () => [] };

/** The shipped kits' tools and every tool a rule needs: the readings are made as if the kit had them all. */
const EVERY_TOOL = new Set([
  ...Object.values(SHIPPED_KITS.files!.tools),
  ...INTENT_RULES.flatMap((rule) => rule.needs),
]);

let readings: Promise<Map<string, string>> | null = null;

/** The reading of every rule's every example, made once. */
function exampleReadings(): Promise<Map<string, string>> {
  readings ??= (async () => {
    const found = new Map<string, string>();
    for (const rule of INTENT_RULES)
      for (const example of rule.examples) {
        // A rule that writes a new file reads its example where nothing exists yet.
        let match = await matchRules(example, { tools: EVERY_TOOL, workspace: IMAGINED }, [rule]);
        if (match.rule === null)
          match = await matchRules(example, { tools: EVERY_TOOL, workspace: EMPTY }, [rule]);
        found.set(`${rule.id}\n${example}`, match.rule === null ? "" : match.reading);
      }
    return found;
  })();
  return readings;
}

/** The rules as `lackpy rules` lists them; with a kit's tool names, which of them the kit can use. */
export async function describeRules(tools?: ReadonlySet<string>): Promise<RuleDescription[]> {
  const read = await exampleReadings();
  return INTENT_RULES.map((rule) => ({
    id: rule.id,
    summary: rule.summary,
    examples: rule.examples,
    readings: rule.examples.map((example) => read.get(`${rule.id}\n${example}`) ?? ""),
    tools: rule.needs,
    available: tools === undefined || rule.needs.every((tool) => tools.has(tool)),
  }));
}
