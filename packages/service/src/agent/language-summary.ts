import { languageSpec, type LanguageSpec } from "@lackpy/lang";

/**
 * Rejected node types left out of the summary: parts of a class (the class is refused already),
 * and parentheses, which the parser drops (grouping such as `(a + b) * c` is allowed).
 */
const UNLISTED_NODE_TYPES = new Set([
  "ClassBody",
  "MethodDefinition",
  "PropertyDefinition",
  "StaticBlock",
  "PrivateIdentifier",
  "ParenthesizedExpression",
]);

/**
 * The lackpy language in a few lines, for a tool description: what a program is, what is
 * allowed and refused, the helpers, globals and methods. Derived from `languageSpec()`, so it
 * follows the language; the full reference is `formatLanguageSpec()`.
 */
export function languageSummary(spec: LanguageSpec = languageSpec()): string {
  const refused = [
    ...new Set(
      spec.rejectedSyntax
        .filter((entry) => !UNLISTED_NODE_TYPES.has(entry.nodeType))
        .map((entry) => entry.construct),
    ),
  ];
  const methods = Object.entries(spec.methods)
    .map(([receiver, names]) => `${receiver}: ${names.join(", ")}`)
    .join("; ");
  return [
    `A lackpy program (language ${spec.version}) is a short JavaScript script. Call the kit's tools by bare name; they are awaited for you. The value of the last expression statement is the result: no return, no console.`,
    "Allowed: const/let, if/else, for (const x of xs), for (const i of range(n)), for (let i = 0; i < n; i++), break/continue, template strings, destructuring, spread, arrow functions passed as arguments (xs.map(x => x.name), xs.forEach(x => { ...; return y })), new Set(xs) and new Map(pairs), array methods on ranges (range(n).filter(i => i > 0)).",
    `Refused: ${refused.join(", ")}.`,
    `Fixes for what models often write: ${spec.commonForms.refused.map((form) => `${form.construct}: ${form.hint}`).join("; ")}.`,
    `Helpers: ${spec.helpers.map((helper) => helper.signature).join(", ")}.`,
    `Globals: ${spec.safeGlobals.map((global) => global.name).join(", ")}.`,
    `Methods: ${methods}.`,
    `Paths are relative to the workspace. Forbidden names: ${spec.forbiddenNames.slice(0, 12).join(", ")}, and the like.`,
  ].join("\n");
}
