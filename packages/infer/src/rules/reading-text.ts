/**
 * The words of a rule's reading: one line a person can check against what they asked
 * ("TypeScript files under src (src/**\/*.{ts,tsx,mts,cts}) whose text contains “fetch”").
 * Globs and values are shown exactly as the program uses them.
 */
import { CODE_EXTENSIONS, LANGUAGE_EXTENSIONS } from "./file-kinds.js";

/** Names of kinds by their extension lists, for readings ("TypeScript files"). */
const KIND_NAMES: readonly (readonly [string, readonly string[]])[] = [
  ["TypeScript", LANGUAGE_EXTENSIONS.typescript!],
  ["JavaScript", LANGUAGE_EXTENSIONS.javascript!],
  ["Python", LANGUAGE_EXTENSIONS.python!],
  ["Markdown", LANGUAGE_EXTENSIONS.markdown!],
  ["JSON", LANGUAGE_EXTENSIONS.json!],
  ["YAML", LANGUAGE_EXTENSIONS.yaml!],
  ["source", CODE_EXTENSIONS],
];

/** Text in curly quotes, as readings show what was taken from the request. */
export function quoted(text: string): string {
  return `“${text}”`;
}

/** The kind word for a list of extensions ("TypeScript", "source", ".md and .txt"). */
export function kindName(extensions: readonly string[]): string {
  const set = [...new Set(extensions)];
  for (const [name, known] of KIND_NAMES)
    if (known.length === set.length && known.every((extension) => set.includes(extension)))
      return name;
  return set.map((extension) => `.${extension}`).join(", ");
}

/**
 * Files as a glob names them, with the glob: "files (**\/*)", "TypeScript files under src
 * (src/**\/*.{ts,tsx,mts,cts})", "files directly in the top folder (*)".
 */
export function filesText(glob: string, extensions?: readonly string[] | null): string {
  const folder = /^(.*?)\/?\*\*\//.exec(glob)?.[1] ?? null;
  const direct = folder === null ? (/^(.+)\/\*[^/]*$/.exec(glob)?.[1] ?? null) : null;
  const kind = extensions && extensions.length > 0 ? `${kindName(extensions)} files` : "files";
  const where = folder ? ` under ${folder}` : direct ? ` directly in ${direct}` : "";
  return `${kind}${where} (${glob})`;
}

/** "1 file", "2 files". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
