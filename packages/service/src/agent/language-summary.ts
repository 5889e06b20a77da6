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

/** A construct without its article: "a while loop" → "while loop". */
function bare(construct: string): string {
  return construct.replace(/^(?:a|an) /, "");
}

/** A construct as short as its name: "a for-in loop" → "for-in", "a return statement outside …" → "return outside …". */
function short(construct: string): string {
  return bare(construct).replace(/ (?:statement|declaration|loop)\b/, "");
}

/** The first word of a construct ("while" of "a while loop", "do-while" of "a do-while loop"). */
function headWord(construct: string): string {
  return bare(construct).split(" ")[0];
}

/**
 * The refusals, stated up front: the forms models often write, each with what to write instead
 * (`commonForms.refused`), then every other refused construct of the spec by name.
 */
export function refusalsLine(spec: LanguageSpec = languageSpec()): string {
  const fixes = spec.commonForms.refused.map((form) => `${form.construct} (${form.instead})`);
  const covered = new Set(
    spec.commonForms.refused.flatMap((form) => form.construct.split(/[\s/]+/)),
  );
  const others = [
    ...new Set(
      spec.rejectedSyntax
        .filter((entry) => !UNLISTED_NODE_TYPES.has(entry.nodeType))
        .filter((entry) => !covered.has(headWord(entry.construct)))
        .map((entry) => short(entry.construct)),
    ),
  ];
  return `Refused, write instead: ${fixes.join("; ")}. Also refused: ${others.join(", ")}.`;
}

/**
 * The lackpy language in a few lines, for a tool description: the refusals first, what is
 * allowed, what a program's answer is, and the helpers, globals and methods it may use. Derived
 * from `languageSpec()`, so it follows the language; the full reference is `formatLanguageSpec()`.
 */
export function languageSummary(
  options: { spec?: LanguageSpec; host?: "mcp" | "agent" } = {},
): string {
  const spec = options.spec ?? languageSpec();
  const methods = Object.entries(spec.methods)
    .map(([receiver, names]) => `${receiver}: ${names.join(", ")}`)
    .join("; ");
  return [
    `The language: lackpy ${spec.version}, a JavaScript subset${options.host === "mcp" ? " (full reference: the language_spec tool)" : ""}.`,
    refusalsLine(spec),
    `Allowed: const/let, if/else, for (const x of xs), break/continue, template strings, destructuring, spread, arrow callbacks, and: ${spec.commonForms.accepted.map((form) => form.code).join("; ")}.`,
    "The last expression statement's value is the answer; print(...) writes stdout; no console. Paths are relative to the workspace.",
    `Helpers: ${spec.helpers.map((helper) => helper.signature).join(", ")}.`,
    `Globals (only these): ${spec.safeGlobals.map((global) => global.name).join(", ")}.`,
    `Methods (only these): ${methods}.`,
  ].join("\n");
}
