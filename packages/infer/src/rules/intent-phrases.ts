/**
 * The pieces the built-in rules read intents with: kinds of files ("python files", ".ts files"),
 * scopes ("in src", "under the docs folder", "in the python files"), and the globs they stand
 * for. Every value taken from an intent ends up in a glob or a string parameter, never in
 * program text; folder names are limited to word characters, dots, dashes and slashes.
 */

/** Language names models and people use, mapped to file extensions. */
export const LANGUAGE_EXTENSIONS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  python: ["py"],
  javascript: ["js", "mjs", "cjs"],
  typescript: ["ts", "tsx"],
  ts: ["ts", "tsx"],
  js: ["js", "mjs", "cjs"],
  markdown: ["md"],
  json: ["json"],
  yaml: ["yml", "yaml"],
  toml: ["toml"],
  rust: ["rs"],
  go: ["go"],
  java: ["java"],
  ruby: ["rb"],
  shell: ["sh"],
  css: ["css"],
  html: ["html", "htm"],
  text: ["txt"],
  c: ["c", "h"],
  "c++": ["cpp", "hpp", "cc"],
});

/** Extensions of source code, for "lines of code" and import searches. */
export const CODE_EXTENSIONS: readonly string[] = Object.freeze(
  "ts tsx js jsx mjs cjs py rb go rs java kt c h cpp hpp cc cs php swift sh vue svelte".split(" "),
);

/** Extensions of text files the rules read: code, docs and config. `read_file` refuses binary files, so rules that read every file stick to these. */
export const TEXT_EXTENSIONS: readonly string[] = Object.freeze([
  ...CODE_EXTENSIONS,
  ..."md mdx txt rst json yml yaml toml ini cfg html htm css scss sql xml csv".split(" "),
]);

/** Kind words that are not languages: "source files", "code files", "config files", "docs". */
const KIND_WORDS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  source: CODE_EXTENSIONS,
  code: CODE_EXTENSIONS,
  config: ["json", "yml", "yaml", "toml", "ini", "cfg"],
  configuration: ["json", "yml", "yaml", "toml", "ini", "cfg"],
  doc: ["md", "mdx", "rst", "txt"],
  docs: ["md", "mdx", "rst", "txt"],
  documentation: ["md", "mdx", "rst", "txt"],
});

const KNOWN_EXTENSIONS: ReadonlySet<string> = new Set([
  ...Object.values(LANGUAGE_EXTENSIONS).flat(),
  ...TEXT_EXTENSIONS,
]);

/** A kind of file: a language or kind word, or an extension written `.ts` or `*.ts`. */
const KIND = String.raw`(?:\*?\.[a-z0-9]+|[a-z][a-z0-9+#-]*)`;
/** A folder path as people type it: `src`, `src/`, `packages/cli/src`. */
const FOLDER = String.raw`[\w.-]+(?:\/[\w.-]+)*\/?`;
/** What follows a folder name: "folder", "directory". */
const FOLDER_WORD = String.raw`(?:folder|directory|dir)`;
/** Words for the whole workspace. */
const ROOT_WORDS: ReadonlySet<string> = new Set([
  "workspace",
  "project",
  "repo",
  "repository",
  "codebase",
  "code base",
]);

/** Where: " in src", " under the docs folder", " in the folder src", " in the workspace", " in the python files". */
const SCOPE = String.raw` (?:in|under|inside|within|from|across) (?:the |this |our |all (?:the )?)?(?:(?<scopeKind>${KIND}) (?:files|scripts|sources)|${FOLDER_WORD} (?<folderAfter>${FOLDER})|(?!(?:total|all|general)$)(?<folder>code base|${FOLDER})(?: ${FOLDER_WORD})?)`;

/** Regex source pieces for the rules (use with the `i` flag, anchored with `^…$`). */
export const PHRASE = Object.freeze({
  /** "please ", "can you " … */
  please: String.raw`(?:(?:please|can you|could you|pls) )?`,
  /** " me", optional. */
  me: String.raw`(?: me)?`,
  /** " all", " every", " all the", " the", optional. */
  all: String.raw`(?: (?:all|every|each|any)(?: of)?)?(?: the)?`,
  /** A kind of file, captured as `kind`. */
  kind: `(?<kind>${KIND})`,
  /** Where, optional; captured as `folder`, `folderAfter` or `scopeKind` (see `scopeOf`). */
  scope: `(?:${SCOPE})?`,
  /** The same scope, required. */
  where: SCOPE,
  /** A folder, captured as `folder`, with an optional "folder" word after it. */
  folder: String.raw`(?:the )?(?<folder>${FOLDER})(?: ${FOLDER_WORD})?`,
  /** A folder followed by the word "folder" or "directory". */
  namedFolder: String.raw`(?:the )?(?<folder>${FOLDER}) ${FOLDER_WORD}`,
});

/** The extensions a kind word or `.ext` stands for, or null when it is not a kind we know. */
export function kindExtensions(kind: string | undefined): readonly string[] | null {
  if (kind === undefined) return null;
  const word = kind.toLowerCase().replace(/^\*/, "");
  if (word.startsWith(".")) return /^\.[a-z0-9]{1,10}$/.test(word) ? [word.slice(1)] : null;
  const singular = word.replace(/s$/, "");
  return (
    LANGUAGE_EXTENSIONS[word] ??
    LANGUAGE_EXTENSIONS[singular] ??
    KIND_WORDS[word] ??
    KIND_WORDS[singular] ??
    (KNOWN_EXTENSIONS.has(word) ? [word] : null)
  );
}

/** True when a path names a file rather than a folder: its last part has a known extension. */
export function looksLikeFile(path: string): boolean {
  const extension = /[^/.]\.([a-z0-9]+)$/i.exec(path)?.[1];
  return extension !== undefined && KNOWN_EXTENSIONS.has(extension.toLowerCase());
}

/** What a scope phrase names: a folder (`""` for the whole workspace) and the extensions of a kind scope. */
export interface Scope {
  folder: string;
  extensions: readonly string[] | null;
}

/** Reads the scope groups of a match; null when the scope is not something the rules understand (a file, an unknown kind). */
export function scopeOf(groups: Readonly<Record<string, string | undefined>>): Scope | null {
  if (groups.scopeKind !== undefined) {
    const extensions = kindExtensions(groups.scopeKind);
    return extensions ? { folder: "", extensions } : null;
  }
  const folder = (groups.folder ?? groups.folderAfter ?? "").replace(/\/+$/, "");
  if (ROOT_WORDS.has(folder.toLowerCase()) || folder === "." || folder === "") {
    return { folder: "", extensions: null };
  }
  if (looksLikeFile(folder) || folder.split("/").includes("..")) return null;
  return { folder, extensions: null };
}

/** A glob for files with these extensions (all files when null) under a folder (`""` for anywhere). */
export function globFor(folder: string, extensions: readonly string[] | null): string {
  const prefix = folder ? `${folder}/` : "";
  if (extensions === null) return `${prefix}**/*`;
  const unique = [...new Set(extensions)];
  return unique.length === 1 ? `${prefix}**/*.${unique[0]}` : `${prefix}**/*.{${unique.join(",")}}`;
}
