/**
 * A noun that names a folder by what its files are: "the locale files" beside `locale/`, "list
 * the benchmarks" beside `src/v3/benchmarks/`. The noun is read as that folder's files only
 * when the workspace leaves one reading:
 * - with a folder named in the request ("locale files in locale/", "helper files in
 *   lib/helpers"), the noun must be that folder's own name (singular or plural), so it adds
 *   nothing and goes;
 * - with no place named, exactly one folder of the workspace has the noun's name, and the
 *   request gets "in <folder>" ("how many locale files are there" with `locales/` alone).
 * Either way the folder must hold its files directly, with no subfolder ("the rule files" beside
 * `lib/rules/utils/` may be the rules alone). Two folders of the name, a folder with subfolders,
 * or a noun that is not a folder's name stay as they were: no pattern reads a bare word there,
 * so there is no answer rather than a guess.
 *
 * A plural noun alone ("list the adapters", "how many plugins are there", "list the schedulers
 * in src/internal/scheduler") names the modules of its folder, not its README: it is read only
 * where the folder's files, docs aside, are all of one code extension ("the .js files in
 * lib/adapters"); `adapter.js` beside `adapter.d.ts` is two readings, and no answer.
 */
import type { WorkspaceView } from "@lackpy/kit";
import type { Token } from "./read-request.js";
import { CODE_EXTENSIONS } from "./file-kinds.js";

/** Most files under folders of the noun's name that one lookup reads; past it the noun is left unread. */
const MAX_FILES_SCANNED = 50_000;

/** The names a noun may give its folder: as written, without a plural `s`, with one. */
function namesOf(noun: string): string[] {
  const lower = noun.toLowerCase();
  return [...new Set([lower, lower.replace(/s$/, ""), `${lower.replace(/s$/, "")}s`])];
}

/** The folders (workspace-relative) whose own name is one of `names`, from the files under them. */
async function foldersNamed(view: WorkspaceView, names: readonly string[]): Promise<string[]> {
  const files = await view.files(`**/{${names.join(",")}}/**/*`);
  if (files.length >= MAX_FILES_SCANNED) return [];
  const folders = new Set<string>();
  for (const file of files) {
    const segments = file.split("/");
    // The first segment of the name: "locale/x/locale/a.js" is inside the outer folder.
    const at = segments.findIndex(
      (segment, index) => index < segments.length - 1 && names.includes(segment.toLowerCase()),
    );
    if (at >= 0) folders.add(segments.slice(0, at + 1).join("/"));
  }
  return [...folders];
}

/**
 * True when no file of the folder is in a subfolder: "the rule files" beside `lib/rules/utils/`
 * may be the rules alone, and the folder's files at any depth are not surely what was meant.
 */
async function isFlat(view: WorkspaceView, folder: string): Promise<boolean> {
  return (await view.files(`${folder}/*/**/*`)).length === 0;
}

/** True when the token is a plain word (or one read as a word a letter away: "locale") that may name a folder by its files. */
const isNoun = (token: Token | undefined): boolean =>
  (token?.form === "W" || token?.guess !== undefined) &&
  !token?.article &&
  /^[a-z][\w.-]*$/i.test(token?.raw ?? "");

/** "locale files in locale/": the folder named twice, before "files" and after "in". */
function namedTwice(tokens: readonly Token[]): number {
  return tokens.findIndex(
    (token, index) =>
      token.form === "D" &&
      tokens[index + 1]?.form === "file" &&
      tokens.some(
        (other, at) =>
          at > index + 1 &&
          other.form === "D" &&
          other.path === token.path &&
          tokens[at - 1]?.form === "in",
      ),
  );
}

/** The tokens with a folder-naming noun read as its folder (see the file comment). */
export async function groundFolderNouns(
  tokens: readonly Token[],
  view: WorkspaceView,
): Promise<Token[]> {
  const twice = namedTwice(tokens);
  if (twice >= 0) return [...tokens.slice(0, twice), ...tokens.slice(twice + 1)];
  const at = tokens.findIndex(
    (token, index) =>
      isNoun(token) &&
      tokens[index + 1]?.form === "file" &&
      !["in", "folder", "D", "F"].includes(tokens[index - 1]?.form ?? ""),
  );
  if (at < 0) return bareNoun(tokens, view);
  const names = namesOf(tokens[at]!.raw);
  const without = [...tokens.slice(0, at), ...tokens.slice(at + 1)];
  const places = tokens.filter((token) => token.form === "in");
  const folder = tokens.find((token) => token.form === "D");
  if (folder?.path !== undefined) {
    const own = folder.path.split("/").at(-1)!.toLowerCase();
    const same = places.length === 1 && names.includes(own);
    return same && (await isFlat(view, folder.path)) ? without : [...tokens];
  }
  if (places.length > 0) return [...tokens];
  const found = await foldersNamed(view, names);
  if (found.length !== 1 || !(await isFlat(view, found[0]!))) return [...tokens];
  return [...without, { form: "in", raw: "in" }, { form: "D", raw: found[0]!, path: found[0]! }];
}

/** Extensions that document a folder rather than make it up: left out of "the adapters". */
const DOC_EXTENSIONS = new Set(["md", "markdown", "txt", "rst"]);

/** "list the adapters" or "how many adapters in lib/adapters": the folder's code files (see the file comment). */
async function bareNoun(tokens: readonly Token[], view: WorkspaceView): Promise<Token[]> {
  const [verb, noun, place, named] = tokens;
  const shape =
    (verb?.form === "show" || verb?.form === "count") &&
    isNoun(noun) &&
    /^[a-z]{3,}s$/i.test(noun!.raw) &&
    (tokens.length === 2 || (tokens.length === 4 && place?.form === "in" && named?.form === "D"));
  if (!shape) return [...tokens];
  const names = namesOf(noun!.raw);
  const folder =
    named?.path !== undefined
      ? names.includes(named.path.split("/").at(-1)!.toLowerCase())
        ? named.path
        : undefined
      : await oneFolderNamed(view, names);
  if (folder === undefined || !(await isFlat(view, folder))) return [...tokens];
  const kinds = new Set<string>();
  for (const file of await view.files(`${folder}/*`)) {
    const name = file.split("/").at(-1)!;
    const extension = /\.d\.[cm]?ts$/.test(name) ? "d.ts" : (/\.([^.]+)$/.exec(name)?.[1] ?? "");
    if (!DOC_EXTENSIONS.has(extension.toLowerCase())) kinds.add(extension);
  }
  const [only] = kinds;
  if (kinds.size !== 1 || !CODE_EXTENSIONS.includes(only!)) return [...tokens];
  return [
    verb!,
    { form: "K", raw: `.${only}`, extensions: [only!] },
    { form: "file", raw: "files" },
    { form: "in", raw: "in" },
    { form: "D", raw: folder, path: folder },
  ];
}

/** The one folder named one of `names`, or undefined when none or several are. */
async function oneFolderNamed(view: WorkspaceView, names: readonly string[]) {
  const found = await foldersNamed(view, names);
  return found.length === 1 ? found[0] : undefined;
}
