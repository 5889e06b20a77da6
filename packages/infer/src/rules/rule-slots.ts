/**
 * Reading a match's slots: the scope (a grounded folder, or kinds of file), kinds, numbers,
 * file paths and the text of a term. Every value a rule takes from a request goes through here
 * into a glob, a string param or a number checked against a range; none is spliced into program
 * text except through `regexLiteral` or as a number.
 */
import { CODE_EXTENSIONS, MODULE_EXTENSIONS, extensionOf, globFor } from "./file-kinds.js";
import type { Token } from "./read-request.js";
import { filesText } from "./reading-text.js";
import type { RuleContext, RuleSlots } from "./rule-types.js";

/** Where a rule looks: a folder (`""` for the whole workspace) and the extensions of the kinds named, or null for every file; or one file. */
export interface Scope {
  folder: string;
  extensions: readonly string[] | null;
  /** "grep X in src/app.ts": the one file to look in (only for rules that search contents). */
  file?: string;
  /** "source files", read as every file because every file in scope is code. */
  source?: boolean;
  /** "directly in lib": the folder's own files, not those in its subfolders. */
  shallow?: boolean;
}

/** The glob of a scope's files with these extensions (all files when null): at any depth below its folder, or directly in it. */
export function globOf(where: Scope, extensions: readonly string[] | null): string {
  const glob = globFor(where.folder, extensions);
  if (!where.shallow) return glob;
  return where.folder
    ? glob.replace(`${where.folder}/**/`, `${where.folder}/`)
    : glob.replace(/^\*\*\//, "");
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
  // "source files": only `sourceScope` tells whether the word can be read here.
  if (slots.source) return null;
  const folder = slots.scope?.[0]?.path ?? "";
  const scoped = kindsOf(slots.scopeKind);
  const kinds = kindsOf(slots.kind);
  if (scoped && kinds) return null;
  const file = slots.scopeFile?.[0]?.path;
  // "at the top level", "top-level .js files": the files directly in the workspace root.
  const top = slots.scopeTop !== undefined || slots.kindTop !== undefined;
  if (top && folder !== "") return null;
  const shallow = slots.shallow || top ? { shallow: true } : {};
  if (file === undefined) return { folder, extensions: kinds ?? scoped, ...shallow };
  if (slots.shallow) return null;
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

/** The JavaScript or TypeScript module a file slot names, or null for any other file or none. */
export function moduleFileOf(tokens: readonly Token[] | undefined): string | null {
  const path = fileOf(tokens);
  return path !== null && MODULE_EXTENSIONS.includes(extensionOf(path) ?? "") ? path : null;
}

/**
 * Why "what directories does the repo have" or "how many directories are there" is not
 * answered: the top folder's folders are not all the folders (a file sits two folders deep),
 * or there is no workspace to tell; null when they are the same.
 */
export async function foldersNotFlat(context: RuleContext): Promise<string | null> {
  return !context.workspace || (await context.workspace.files("*/*/**/*")).length > 0
    ? "the folders at the top and the folders at any depth are not the same here: say which"
    : null;
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

/**
 * The scope of a match that may say "source files" (`source` group): "source" means a project's
 * own files as often as its code, so it is read only where both readings are the same files (every
 * file in scope is code). Null when the scope is unusable; a string when "source" is ambiguous here.
 */
export async function sourceScope(
  slots: RuleSlots,
  context: RuleContext,
): Promise<Scope | string | null> {
  if (!slots.source) return scopeOf(slots);
  const where = scopeOf(
    Object.fromEntries(Object.entries(slots).filter(([name]) => name !== "source")),
  );
  if (!where || where.extensions || where.file !== undefined) return null;
  const view = context.workspace;
  if (!view) return "no workspace view to tell what “source” means here";
  const all = await view.files(globOf(where, null));
  const code = await view.files(globOf(where, CODE_EXTENSIONS));
  return all.length > 0 && all.length === code.length
    ? { ...where, extensions: null, source: true }
    : "“source” may mean every file or only the code here, and they are not the same files";
}

/**
 * The glob of a match's files and its words, with `fallback` extensions when no kind is named and
 * "source files" read only where every file is code; a string says why there is none.
 */
export async function filesGlob(
  slots: RuleSlots,
  context: RuleContext,
  fallback: readonly string[] | null,
): Promise<{ pattern: string; text: string } | string> {
  const where = await sourceScope(slots, context);
  if (where === null) return "two kinds of file are named";
  if (typeof where === "string") return where;
  const pattern = globOf(where, where.extensions ?? fallback);
  const text = filesText(pattern, where.extensions);
  return { pattern, text: where.source ? text.replace(/\)$/, "; every one is code)") : text };
}

/**
 * True when the request opens with "what" or "which" before the verb ("what imports a.js",
 * "what depends on lib/a"): it asks for the files that do it, not what a file does.
 */
export function asksWhichFiles(slots: RuleSlots): boolean {
  return /^(?:what|which)$/i.test(slots.ask?.[0]?.raw ?? "");
}
