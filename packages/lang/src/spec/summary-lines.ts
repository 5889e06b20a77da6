import type { HelperSpec, LanguageSpec } from "./language-spec-types.js";

/**
 * The language in one-line statements, for the texts a model reads: a tool description and
 * lackpy's own prompt show the same lines, from the same tables the validator reads.
 */

/** A helper's signature with what it alone leaves open: `sorted(xs, key?, reverse?) (key: …)`. */
export function helperUsage(helper: HelperSpec): string {
  return helper.note ? `${helper.signature} (${helper.note})` : helper.signature;
}

/**
 * All that a program may write: the statements, the expressions with the forms models reach
 * for (`commonForms.accepted`), and every operator of the spec.
 */
export function allowedLine(spec: LanguageSpec): string {
  const operators = [...new Set(Object.values(spec.operators).flat())];
  return [
    "Allowed, and nothing else: const/let, if/else, for (const x of xs), break/continue,",
    "literals, template strings, regex literals, destructuring, spread, arrows as arguments,",
    `${spec.commonForms.accepted.map((form) => form.code).join(", ")};`,
    `operators ${operators.join(" ")} ?: ?.`,
  ].join(" ");
}

/** The methods a program may call, by receiver type. */
export function methodsLine(spec: LanguageSpec): string {
  const methods = Object.entries(spec.methods)
    .map(([receiver, names]) => `${receiver}: ${names.join(" ")}`)
    .join("; ");
  return `Methods (only these): ${methods}.`;
}
