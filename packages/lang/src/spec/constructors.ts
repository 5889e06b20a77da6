import type { ConstructorSpec } from "./language-spec-types.js";

/**
 * The constructors of language.md §2: `Set` and `Map`, each only as the callee of `new`. Their
 * values have the methods of `METHOD_ALLOWLIST.set` / `.map`, iterate and spread like arrays,
 * and leave a run as an array (a set) or a plain object (a map).
 */
export const CONSTRUCTORS: readonly ConstructorSpec[] = Object.freeze([
  {
    name: "Set",
    signature: "new Set(iterable?)",
    description:
      "A set of distinct values (=== equality, insertion order) from an array, string, set, map or range; written as an array in results.",
    receiver: "set",
  },
  {
    name: "Map",
    signature: "new Map(entries?)",
    description:
      'A map from [key, value] pairs (any key, insertion order); written as a plain object in results, each key as its text and a key no object may have (such as __proto__) as "[key __proto__]".',
    receiver: "map",
  },
]);
