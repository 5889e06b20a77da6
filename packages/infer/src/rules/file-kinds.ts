/**
 * Kinds of files as requests name them ("python files", ".ts files", "docs"), the extensions
 * they stand for, and the globs the rules build from a folder and a kind.
 */

/** Language names models and people use, mapped to file extensions. */
export const LANGUAGE_EXTENSIONS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  python: ["py"],
  javascript: ["js", "mjs", "cjs", "jsx"],
  typescript: ["ts", "tsx", "mts", "cts"],
  // "ts files", "js files" may mean the extension alone (`find -name '*.js'`) or the family:
  // grounding reads them only where both are the same files (`markAmbiguousKind`).
  ts: ["ts", "tsx", "mts", "cts"],
  js: ["js", "mjs", "cjs", "jsx"],
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
  "ts tsx mts cts js jsx mjs cjs py rb go rs java kt c h cpp hpp cc cs php swift sh vue svelte".split(
    " ",
  ),
);

/** Extensions of text files the rules read: code, docs and config. `read_file` refuses binary files, so rules that read every file stick to these. */
export const TEXT_EXTENSIONS: readonly string[] = Object.freeze([
  ...CODE_EXTENSIONS,
  ..."md mdx txt rst json yml yaml toml ini cfg html htm css scss sql xml csv".split(" "),
]);

/** Extensions of JavaScript and TypeScript modules, whose `export` lines the exports rule reads. */
export const MODULE_EXTENSIONS: readonly string[] = Object.freeze(
  "ts tsx mts cts js jsx mjs cjs".split(" "),
);

/** Kind words that are not languages: "source files", "code files", "config files", "docs". */
const KIND_WORDS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  // "source" is not here: "our source files" means a project's own files as often as code.
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
  ...MODULE_EXTENSIONS,
]);

/**
 * The extensions a kind word (`python`, `docs`), a known extension written as a word (`md`,
 * `py`) or `.ext` (`.ts`, `*.d.ts`) stands for, or null when it is not a kind we know.
 */
export function kindExtensions(kind: string): readonly string[] | null {
  const word = kind.toLowerCase().replace(/^(?:\*\*\/)?\*/, "");
  if (word.startsWith("."))
    return /^\.[a-z0-9]{1,10}(?:\.[a-z0-9]{1,10})?$/.test(word) ? [word.slice(1)] : null;
  if (Object.hasOwn(LANGUAGE_EXTENSIONS, word)) return LANGUAGE_EXTENSIONS[word];
  if (Object.hasOwn(KIND_WORDS, word)) return KIND_WORDS[word];
  return word.length >= 2 && KNOWN_EXTENSIONS.has(word) ? [word] : null;
}

/** True for a language's name that is also one of its extensions ("yaml", "html"): it names the whole family. */
export function isLanguageName(word: string): boolean {
  return ["yaml", "html", "json", "toml", "go", "java", "c", "css", "text"].includes(word);
}

/** True when a word names a kind of file by itself ("python", "docs", "ts", "md"). */
export function isKindWord(word: string): boolean {
  return kindExtensions(word) !== null && !word.startsWith(".") && !word.startsWith("*");
}

/** The extension of a path's last name, lower case, or null (`.gitignore` and `Makefile` have none). */
export function extensionOf(path: string): string | null {
  return /[^/.]\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? null;
}

/** True when a path names a file rather than a folder: its last part has a known extension. */
export function looksLikeFile(path: string): boolean {
  const extension = extensionOf(path);
  return extension !== null && isKnownExtension(extension);
}

/** True for an extension (without its dot) that files commonly have: "js", "map", "yaml". */
export function isKnownExtension(extension: string): boolean {
  return KNOWN_EXTENSIONS.has(extension.toLowerCase());
}

/** A glob for files with these extensions (all files when null) under a folder (`""` for anywhere). */
export function globFor(folder: string, extensions: readonly string[] | null): string {
  const prefix = folder ? `${folder}/` : "";
  if (extensions === null) return `${prefix}**/*`;
  const unique = [...new Set(extensions)];
  return unique.length === 1 ? `${prefix}**/*.${unique[0]}` : `${prefix}**/*.{${unique.join(",")}}`;
}

const CODE = `{${CODE_EXTENSIONS.join(",")}}`;
/**
 * Test files by the usual conventions, code only: `*.test.*`, `*.spec.*`, `test_*.py`, `*_test.*`,
 * `__tests__/` (a `tsconfig.spec.json` configures tests; it is not one).
 */
export const TEST_GLOB = `{**/*.{test,spec}.${CODE},**/test_*.py,**/*_test.${CODE},**/__tests__/**/*.${CODE}}`;

/**
 * A test file by its path, as a regex literal of the language: under a `test`, `tests` or
 * `__tests__` folder, or named `*.test.*`, `*.spec.*` (`*.test-d.ts` too), `test_*.py` or `*_test.*`.
 */
export const TEST_FILE = String.raw`/(?:^|\/)(?:tests?|__tests__)\/|\.(?:test|spec)(?:-d)?\.[^/]+$|(?:^|\/)test_[^/]*\.py$|_test\.[^/.]+$/`;

/**
 * Program lines binding `kept` to the code of the list `list` (a variable): its TypeScript
 * declaration files (`.d.ts`) only when nothing else is in it, since a declaration is the type of
 * what code does. `list` holds paths, or rows with a `file` when `rows` is true.
 */
export function codeFirst(list: string, kept: string, rows: boolean): string[] {
  const file = rows
    ? "hit => !/\\.d\\.[cm]?ts$/.test(hit.file)"
    : "file => !/\\.d\\.[cm]?ts$/.test(file)";
  return [`const code = ${list}.filter(${file})`, `const ${kept} = len(code) > 0 ? code : ${list}`];
}
