import type { Intent } from "../inputs/types.js";

/**
 * Two small intents for recording tests: under the `examples` variant, count-docs retrieves no
 * tool example (its prompt is the baseline prompt, byte for byte) and config-callers does.
 */
export const TEST_INTENTS: Intent[] = [
  {
    id: "count-docs",
    text: "how many markdown pages are in the docs folder",
    kit: "readonly",
    difficulty: "core",
    tags: [],
    gold: ['len(find_files("docs/*.md"))'],
    check: { kind: "equals", value: 2 },
    paraphrases: ["count the docs pages"],
  },
  {
    id: "config-callers",
    text: "which files call loadConfig",
    kit: "eval",
    difficulty: "core",
    tags: [],
    gold: ['unique(find_callers("loadConfig").map(c => c.file))'],
    check: {
      kind: "set_equals",
      value: ["src/cart.ts", "src/index.ts", "src/inventory.ts", "src/pricing.ts"],
    },
  },
];
