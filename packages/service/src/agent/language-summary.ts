import {
  allowedLine,
  helperUsage,
  languageSpec,
  methodsExceptLine,
  type LanguageSpec,
} from "@lackpy/lang";

/**
 * The refusals, stated up front: the forms models often write, each with what to write instead
 * (`commonForms.refused`). Everything else that is refused is what the allowed list leaves out.
 */
export function refusalsLine(spec: LanguageSpec = languageSpec()): string {
  const fixes = spec.commonForms.refused.map((form) => `${form.construct} (${form.instead})`);
  return `Refused (write instead): ${fixes.join("; ")}.`;
}

/**
 * The lackpy language in a few lines, for a tool description: the refusals first, all that is
 * allowed, what a program's answer is, and the helpers, globals and methods it may use. Derived
 * from `languageSpec()`, so it follows the language; the full reference is `formatLanguageSpec()`.
 */
export function languageSummary(
  options: { spec?: LanguageSpec; host?: "mcp" | "agent" } = {},
): string {
  const spec = options.spec ?? languageSpec();
  return [
    `The language: lackpy ${spec.version}, a JavaScript subset${options.host === "mcp" ? " (all of it: the language_spec tool)" : ""}.`,
    refusalsLine(spec),
    allowedLine(spec),
    `Helpers: ${spec.helpers.map(helperUsage).join(", ")}.`,
    `Globals (only these): ${spec.safeGlobals.map((global) => global.name).join(" ")}.`,
    methodsExceptLine(spec),
  ].join("\n");
}
