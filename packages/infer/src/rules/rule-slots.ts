/**
 * Reading a match's slots: the scope (a grounded folder, or kinds of file), kinds, numbers,
 * file paths and the text of a term. Every value a rule takes from a request goes through here
 * into a glob, a string param or a number checked against a range; none is spliced into program
 * text except through `regexLiteral` or as a number.
 */
import type { Token } from "./read-request.js";
import type { RuleSlots } from "./rule-types.js";

/** Where a rule looks: a folder (`""` for the whole workspace) and the extensions of the kinds named, or null for every file; or one file. */
export interface Scope {
  folder: string;
  extensions: readonly string[] | null;
  /** "grep X in src/app.ts": the one file to look in (only for rules that search contents). */
  file?: string;
}

/** The extensions of every `K` token of a group, or null when the group is empty. */
export function kindsOf(tokens: readonly Token[] | undefined): readonly string[] | null {
  const kinds = (tokens ?? []).filter((token) => token.form === "K");
  return kinds.length === 0 ? null : [...new Set(kinds.flatMap((token) => token.extensions ?? []))];
}

/**
 * The scope of a match: `scope` (a grounded folder), `scopeFile` (a grounded file, when the
 * rule searches contents: `file: true`) or `scopeKind`, and the `kind` group; null when two kinds
 * are named, or a file is named where a folder is needed.
 */
export function scopeOf(slots: RuleSlots, options: { file?: boolean } = {}): Scope | null {
  const folder = slots.scope?.[0]?.path ?? "";
  const scoped = kindsOf(slots.scopeKind);
  const kinds = kindsOf(slots.kind);
  if (scoped && kinds) return null;
  const file = slots.scopeFile?.[0]?.path;
  if (file === undefined) return { folder, extensions: kinds ?? scoped };
  return options.file ? { folder: "", extensions: kinds, file } : null;
}

/** The raw text of a group's only token. */
export function textOf(tokens: readonly Token[] | undefined): string | null {
  return tokens?.length === 1 ? tokens[0]!.raw : null;
}

/** The grounded path of a group's `F` token. */
export function fileOf(tokens: readonly Token[] | undefined): string | null {
  const token = tokens?.[0];
  return token?.form === "F" && token.path !== undefined ? token.path : null;
}

/** A number slot within `[1, max]`, or the fallback when the slot is empty; null when out of range. */
export function numberOf(
  tokens: readonly Token[] | undefined,
  fallback: number,
  max: number,
): number | null {
  if (!tokens || tokens.length === 0) return fallback;
  const value = Number(tokens[0]!.raw);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : null;
}

/** True when a group took a token whose text is plural ("files", not "file"). */
export function isPlural(tokens: readonly Token[] | undefined): boolean {
  return (tokens ?? []).some((token) => /s$/i.test(token.raw));
}
