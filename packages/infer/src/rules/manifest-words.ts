/**
 * Grounds words in the root `package.json`: the package's own name and the names of its fields.
 * - The own name ("marked", "dayjs", "yaml") is the package, whatever else the word means: "in
 *   dayjs" is the whole workspace (`ws`), and beside a package fact ("what version is marked
 *   at", "does yaml have dependencies") it is `package`. Elsewhere it is a name (`W`), so
 *   "which files import marked" asks for the module, not for comments.
 * - A field's own name, as the file writes it ("keywords", "bugs", "size-limit", "jest"),
 *   becomes `M`, read by the package rules. A name that is also an everyday word of requests
 *   ("files", "type", "exports") is the field only right after "the package" ("the package
 *   type"), right before `package.json` or "package", or before "field", "url" or "config",
 *   and never after "how many", "list" or "find" ("how many files does the package have").
 * - Two words that spell a field's camelCase name ("package manager", "side effects") are that field.
 * Only names the file has are grounded: a word is never read as a field the package lacks.
 */
import type { WorkspaceView } from "@lackpy/kit";
import type { Token } from "./read-request.js";

/** Forms a word keeps whatever the manifest says: slots that are already grounded or are not words. */
const FIXED = new Set(["F", "D", "Q", "R", "N", "G", "in", "and", "not", "to", "with", "per"]);

/** Concepts that ask a fact of a package, beside which its own name is the package. */
const PACKAGE_FACTS = new Set([
  "version",
  "description",
  "license",
  "author",
  "homepage",
  "engine",
  "nodeversion",
  "bin",
  "repository",
  "dependency",
  "devdependency",
  "peerdependency",
  "optionaldependency",
  "script",
  "M",
]);

/** Fields the rules already read by the words people use for them ("version", "dependencies"). */
const READ_BY_CONCEPT = new Set([
  "name",
  "version",
  "description",
  "license",
  "author",
  "homepage",
  "main",
  "engines",
  "bin",
  "repository",
  "scripts",
  "dependencies",
  "devDependencies",
  "peerDependencies",
  "optionalDependencies",
]);

/** Field names that are everyday words of requests: a field only where the request is about package.json. */
const EVERYDAY = new Set([
  "files",
  "type",
  "types",
  "typings",
  "module",
  "exports",
  "imports",
  "browser",
  "directories",
  "private",
  "config",
  "workspaces",
  "test",
  // microbundle's and parcel's entry field: "the largest source file" is a file.
  "source",
]);

/** Concepts before an everyday word that make it the thing, not the field: "how many files", "list the files". */
const COUNTS = new Set(["count", "show", "find", "exist"]);

/** Words after a field's name that say it is the field. */
const FIELD_TAILS = /^(?:url|field|config|configuration|setting|settings|section|value|entry)$/i;

/** True for "package" or a `package.json` path. */
const isManifest = (token: Token | undefined): boolean =>
  token?.form === "package" ||
  (token?.form === "F" && /(?:^|\/)package\.json$/.test(token.path ?? ""));

/**
 * Two words that spell a field's camelCase name ("package manager", "side effects") become that
 * field (`M`, as the file writes it), unless the rules read the field by its words already.
 */
function joinFieldWords(
  tokens: readonly Token[],
  manifest: Readonly<Record<string, unknown>>,
): Token[] {
  const joined: Token[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const [first, second] = [tokens[index]!, tokens[index + 1]];
    const field =
      second === undefined || FIXED.has(first.form) || FIXED.has(second.form)
        ? ""
        : first.raw.toLowerCase() +
          second.raw[0]!.toUpperCase() +
          second.raw.slice(1).toLowerCase();
    if (field !== "" && Object.hasOwn(manifest, field) && !READ_BY_CONCEPT.has(field)) {
      joined.push({ form: "M", raw: field });
      index++;
    } else joined.push(first);
  }
  return joined;
}

/** The tokens with the root package's own name and field names grounded (see the file comment). */
export async function groundManifestWords(
  tokens: readonly Token[],
  view: WorkspaceView,
): Promise<Token[]> {
  const manifest = view.manifest ? await view.manifest("package.json") : null;
  if (!manifest) return [...tokens];
  const name = typeof manifest.name === "string" ? manifest.name : undefined;
  const read = joinFieldWords(tokens, manifest).map((token, index, tokens) => {
    if (FIXED.has(token.form)) return token;
    const raw = token.raw;
    const next = tokens[index + 1];
    if (raw === name) {
      // "in dayjs", "how many files does ioredis have": the whole workspace.
      if (tokens[index - 1]?.form === "in" || next?.form === "have") return { form: "ws", raw };
      // "the yaml files" in the yaml package are still files of a kind.
      return token.form === "K" ? token : { form: "W", raw };
    }
    if (!Object.hasOwn(manifest, raw) || READ_BY_CONCEPT.has(raw)) return token;
    const tail = next !== undefined && FIELD_TAILS.test(next.raw);
    // "the package type", "exports does package.json declare", "the files field" are fields;
    // "how many files does the package have" and "which package.json files" are files.
    const previous = tokens[index - 1];
    const field =
      !COUNTS.has(previous?.form ?? "") &&
      (tail ||
        (previous?.form === "package" && tokens[index - 2]?.form !== "in") ||
        isManifest(next));
    if (EVERYDAY.has(raw) && !field) return token;
    return { form: "M", raw };
  });
  // The own name beside a package fact is the package (a second pass: the facts may be fields just grounded).
  if (name === undefined || !read.some((token) => PACKAGE_FACTS.has(token.form))) return read;
  return read.map((token) =>
    token.raw === name && !FIXED.has(token.form) && token.form !== "ws"
      ? { form: "package", raw: token.raw }
      : token,
  );
}
