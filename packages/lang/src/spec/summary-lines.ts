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

/** The host's own value of each receiver the spec names, whose methods the compact line counts from. */
const HOST_PROTOTYPES: Readonly<Record<string, object>> = {
  string: String.prototype,
  array: Array.prototype,
  number: Number.prototype,
  regex: RegExp.prototype,
  set: Set.prototype,
  map: Map.prototype,
};

/** Conversions every receiver has (`toString`, `valueOf`, `toLocaleString`, …): named once. */
const CONVERSIONS = /^(?:toString|valueOf|toLocale\w*)$/;

/** The conversions, with every `toLocale…` one said once. */
function conversionNames(conversions: ReadonlySet<string>): string {
  const names = [...conversions].sort();
  const local = names.filter((name) => name.startsWith("toLocale"));
  const rest = names.filter((name) => !name.startsWith("toLocale"));
  return [...(local.length > 1 ? ["toLocale…"] : local), ...rest].join(" ");
}

/** Annex B's HTML methods of strings (`bold`, `link`, …): named as a group, not one by one. */
const HTML_METHODS = new Set(
  "anchor big blink bold fixed fontcolor fontsize italics link small strike sub sup".split(" "),
);

/**
 * The methods a program may call, in fewer words: JavaScript's own methods of each receiver the
 * host knows, except those the spec leaves out (counted from the running host's prototypes, so the
 * line follows both the spec and the host), and the full list for receivers JavaScript has no
 * prototype for (`range`). The validator still checks the spec's allowlist; this only says it.
 */
export function methodsExceptLine(spec: LanguageSpec): string {
  const except = new Map<string, string[]>();
  const conversions = new Set<string>();
  const only: string[] = [];
  for (const [receiver, names] of Object.entries(spec.methods)) {
    const prototype = HOST_PROTOTYPES[receiver];
    if (!prototype) {
      only.push(`${receiver}: only ${names.join(" ")}`);
      continue;
    }
    const allowed = new Set(names);
    const left = Object.getOwnPropertyNames(prototype)
      .filter((name) => name !== "constructor" && !allowed.has(name))
      .filter(
        (name) => typeof Object.getOwnPropertyDescriptor(prototype, name)?.value === "function",
      )
      .sort();
    for (const name of left) if (CONVERSIONS.test(name)) conversions.add(name);
    const html = left.filter((name) => HTML_METHODS.has(name));
    const named = left.filter((name) => !HTML_METHODS.has(name) && !CONVERSIONS.test(name));
    if (html.length > 0) named.push("the HTML ones (bold…)");
    if (named.length > 0)
      except.set(named.join(" "), [...(except.get(named.join(" ")) ?? []), receiver]);
  }
  const receivers = Object.keys(spec.methods).filter((receiver) => HOST_PROTOTYPES[receiver]);
  // The conversions left out everywhere they are left out, said once ("toString (not on numbers)").
  const allowedConversions = Object.entries(spec.methods).flatMap(([receiver, names]) =>
    names.filter((name) => conversions.has(name)).map((name) => `${name} on ${receiver}s`),
  );
  const groups = [...except].map(([names, owners]) => `${owners.join(" and ")}: ${names}`);
  if (conversions.size > 0)
    groups.push(
      `${conversionNames(conversions)}${allowedConversions.length > 0 ? ` (but ${allowedConversions.join(", ")})` : ""}`,
    );
  return [
    `Methods: JavaScript's own (${receivers.join(", ")}), except ${groups.length > 0 ? groups.join("; ") : "none"}.`,
    ...(only.length > 0 ? [`${only.join("; ")}.`] : []),
  ].join(" ");
}
