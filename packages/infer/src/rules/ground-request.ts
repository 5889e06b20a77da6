/**
 * Grounds a read request in the workspace: a path or a word that names an existing file becomes
 * `F`, one that names an existing folder (after "in", next to "folder", after "ls") becomes `D`,
 * and "the readme" becomes the README the workspace has. Only the workspace view decides: it sees
 * what the file tools see, so a protected or hidden path is never grounded. Scopes that mean the
 * whole workspace ("in the project") and a dangling "in" ("…have TODOs in them") are dropped,
 * and a scope at the start ("in src, how many …") moves to the end, where the patterns expect it.
 */
import type { WorkspaceView } from "@lackpy/kit";
import type { Token } from "./read-request.js";
import { TEST_GLOB, globFor, isLanguageName, looksLikeFile } from "./file-kinds.js";
import { groundFolderNouns } from "./folder-nouns.js";
import { groundManifestWords } from "./manifest-words.js";
import { memberPhrases } from "./member-definitions.js";
import { readScopeWords } from "./scope-words.js";
import { withinOneEdit } from "./vocabulary.js";

/** Root-level names of the well-known files, as globs, by the word people use. */
const KNOWN_FILES: Readonly<Record<string, string>> = Object.freeze({
  readme: "{README,Readme,readme}*",
  changelog: "{CHANGELOG,Changelog,changelog,CHANGES,HISTORY}*",
  license: "{LICENSE,LICENCE,License,license,COPYING}*",
  licence: "{LICENSE,LICENCE,License,license,COPYING}*",
  licensed: "{LICENSE,LICENCE,License,license,COPYING}*",
  contributing: "{CONTRIBUTING,Contributing,contributing}*",
  tsconfig: "tsconfig*.json",
});

/** Commands that show a file, never a package.json field: "cat license" is the LICENSE file. */
const FILE_COMMANDS = /^(?:cat|less|more|open|bat)$/i;

/** Most tokens a request may hand to the view; each costs one `stat`. */
const MAX_LOOKUPS = 16;

/** Forms whose raw text never names a folder: quoted text, regexes, numbers, globs and the words that join a request. */
const NEVER_NAMES = new Set(["Q", "R", "N", "G", "in", "and", "not", "to", "with", "per"]);

/** A path as people write it, made workspace-relative, or null when it can only be refused (absolute, `..`). */
function relativePath(raw: string): string | null {
  const normalised = raw.replace(/\\/g, "/").replace(/^\.\//, "").replace(/\/+$/, "");
  if (normalised === "" || normalised.startsWith("/") || /^[A-Za-z]:/.test(normalised)) return null;
  if (normalised.split("/").includes("..") || normalised.startsWith("~")) return null;
  return normalised;
}

/** The tokens with what they name in the workspace; without a view nothing is grounded. */
export async function groundRequest(
  tokens: readonly Token[],
  view: WorkspaceView | undefined,
): Promise<Token[]> {
  let read = tokens.map((token, index) =>
    // ".env" or "*.md" not followed by "files" is a path or a glob, not a kind of file.
    token.form === "K" && /^\*?\./.test(token.raw) && !kindContinues(tokens, index + 1)
      ? { form: /^\*/.test(token.raw) ? "G" : "P", raw: token.raw }
      : { ...token },
  );
  if (view) {
    let lookups = 0;
    const kind = async (raw: string) => {
      const path = relativePath(raw);
      if (path === null || ++lookups > MAX_LOOKUPS) return null;
      const found = await view.kind(path);
      return found ? { found, path } : null;
    };
    for (const [index, token] of read.entries()) {
      const previous = read[index - 1];
      const next = read[index + 1];
      const folderish =
        previous?.form === "in" ||
        (next?.form === "file" && !read.some((other) => other.form === "in")) ||
        previous?.form === "folder" ||
        next?.form === "folder" ||
        (previous?.form === "show" && /^(?:ls|dir)$/i.test(previous.raw)) ||
        (previous?.form === "file" && (next?.form === "have" || next?.form === "contain"));
      // "the license" is the package's license field; "the license file" and "LICENSE" are the file.
      // "all readmes", "the LICENSE files": many files of the name, not the root's.
      const many = /s$/i.test(token.raw) || (next?.form === "file" && /s$/i.test(next.raw));
      const known =
        !many &&
        (token.form === "known" ||
          (token.form === "license" &&
            (next?.form === "file" ||
              /^[A-Z]+$/.test(token.raw) ||
              FILE_COMMANDS.test(previous?.raw ?? ""))));
      if (known) {
        const files = await view.files(KNOWN_FILES[token.raw.toLowerCase()] ?? "");
        if (files.length > 0) Object.assign(token, { form: "F", path: files[0], named: true });
        continue;
      }
      // A word read as another one a letter away ("dist" as "list") names what the workspace has
      // of that name first: the guess was only a guess.
      const guessed = token.guess !== undefined;
      const nameable =
        token.form === "W" ||
        token.form === "P" ||
        guessed ||
        (folderish && !NEVER_NAMES.has(token.form));
      if (!nameable) continue;
      const grounded = await kind(token.raw);
      if (guessed && grounded) delete token.guess;
      // "test files", "docs files" beside a test or docs folder: the word's own meaning (test
      // files by name, a kind of file) and the folder's files, read only where they are the same.
      const adjective =
        grounded?.found === "folder" &&
        (token.form === "test" || token.form === "K") &&
        next?.form === "file" &&
        previous?.form !== "in" &&
        previous?.form !== "folder";
      if (adjective && !(await sameFiles(view, token, grounded.path)))
        Object.assign(token, {
          form: "A",
          ambiguity: `'${token.raw} files' may mean the files in the ${token.raw} folder or ${token.raw} files anywhere (${ownGlob(token)}), and here those are not the same files: say "the files in the ${grounded.path} folder", or name the files by a pattern`,
        });
      else if (
        grounded?.found === "folder" &&
        (token.form === "P" || token.form === "W" || guessed || folderish)
      )
        Object.assign(token, {
          form: "D",
          path: grounded.path,
          ...((token.form === "W" || guessed) && !folderish ? { loose: true } : {}),
        });
      else if (grounded?.found === "file") Object.assign(token, { form: "F", path: grounded.path });
      else if (token.form === "P" || token.form === "W") {
        const named = ++lookups <= MAX_LOOKUPS ? await namedOnce(view, token, next) : null;
        const misspelt =
          named || ++lookups > MAX_LOOKUPS ? null : await misspeltRootFile(view, token);
        const within =
          named || misspelt || ++lookups > MAX_LOOKUPS
            ? null
            : await fileInNamedFolder(view, previous, token);
        if (within) {
          // "the ansi-styles index.js": the one index.js in a folder of that name.
          Object.assign(token, { form: "F", path: within, raw: `${previous!.raw} ${token.raw}` });
          previous!.form = "merged";
        } else if (named) Object.assign(token, named);
        // "pakage.json": the one file at the top an edit away, said as a guess.
        else if (misspelt) Object.assign(token, { form: "F", path: misspelt, guess: misspelt });
        // "module.exports", "res.sendFile": a member chain no file has is code, not a path;
        // "console.log" too, whose root is one of JavaScript's own globals.
        else if (
          token.form === "P" &&
          MEMBER_CHAIN.test(token.raw) &&
          (!looksLikeFile(token.raw) || GLOBAL_ROOT.test(token.raw))
        )
          token.form = "C";
      }
    }
    read = read.filter((token) => token.form !== "merged");
    const scope = scopeGlob(read);
    for (const token of read) if (token.form === "K") await markAmbiguousKind(view, token, scope);
    read = await groundManifestWords(read, view);
    read = await groundFolderNouns(read, view);
  }
  read = memberPhrases(dropWholeWorkspace(await readScopeWords(read, view)));
  return moveLeadingScope(folderBeforeFile(read));
}

/** `module.exports`, `app.listen`, `Redis.prototype.connect`: identifiers joined by dots. */
const MEMBER_CHAIN = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;

/** A member chain rooted in one of JavaScript's own globals (`console.log`, `process.exit`): code, whatever its last part looks like. */
const GLOBAL_ROOT =
  /^(?:console|process|Math|JSON|Object|Array|Promise|Reflect|Symbol|globalThis|window|document|Buffer|Number|String|Date)\./;

/**
 * "js files", "ts files": an extension written as a word may mean that extension alone (`*.js`,
 * as `find -name '*.js'` does) or its whole family (JavaScript: .js, .mjs, .cjs, .jsx). Where
 * the request looks holds files of the family's other extensions, the two readings are different
 * files, so the token becomes `A` (ambiguous), which no pattern takes; else both are the same.
 * A language's name ("yaml", "javascript") is always the family.
 */
async function markAmbiguousKind(view: WorkspaceView, token: Token, scope: string): Promise<void> {
  const word = token.raw.toLowerCase();
  const extensions = token.extensions ?? [];
  if (extensions.length < 2 || !extensions.includes(word) || isLanguageName(word)) return;
  const others = extensions.filter((extension) => extension !== word);
  const glob = `${scope}*.${others.length === 1 ? others[0] : `{${others.join(",")}}`}`;
  if ((await view.files(glob)).length > 0) token.form = "A";
}

/** The files a word means on its own: test files by name, or the files of a kind. */
function ownGlob(token: Token): string {
  return token.form === "test" ? TEST_GLOB : globFor("", token.extensions ?? []);
}

/** True when the folder's files are the files the word means on its own. */
async function sameFiles(view: WorkspaceView, token: Token, folder: string): Promise<boolean> {
  const [inFolder, own] = await Promise.all([
    view.files(`${folder}/**/*`),
    view.files(ownGlob(token)),
  ]);
  return inFolder.length === own.length && inFolder.every((file) => own.includes(file));
}

/** Where a request looks, as a glob prefix: under the first folder it names, directly in the top folder, or anywhere. */
function scopeGlob(tokens: readonly Token[]): string {
  const folder = tokens.find((token) => token.form === "D")?.path;
  if (folder) return `${folder}/**/`;
  return tokens.some((token) => token.form === "toplevel") ? "" : "**/";
}

/**
 * What an ungrounded path or word names by the workspace's files: a bare file name ("App.tsx")
 * or a path's end ("utils/merge.js") that exactly one file has, at any depth (outside
 * node_modules), is that file; an extension
 * before "files" ("svg files", "d.ts files") or written with its dot (".d.ts") that some file
 * has is a kind of file. Null otherwise.
 */
async function namedOnce(
  view: WorkspaceView,
  token: Token,
  next: Token | undefined,
): Promise<Partial<Token> | null> {
  const raw = token.raw;
  // "App.tsx", "utils/merge.js": a name, or a path's end, that exactly one file has.
  if (token.form === "P" && /^[\w@+-][\w@.+-]*(?:\/[\w@+-][\w@.+-]*)*\.[A-Za-z0-9]+$/.test(raw)) {
    const files = await view.files(`**/${raw}`);
    if (files.length === 1) return { form: "F", path: files[0] };
  }
  const extension = /^\.?([a-z0-9]{1,10}(?:\.[a-z0-9]{1,10})?)$/i.exec(raw)?.[1]?.toLowerCase();
  if (extension && (raw.startsWith(".") || next?.form === "file")) {
    const files = await view.files(`**/*.${extension}`);
    if (files.length > 0) return { form: "K", extensions: [extension] };
  }
  return null;
}

/** True when the tokens from `index` are "and .md files" or "files": the kinds go on to the word "files". */
function kindContinues(tokens: readonly Token[], index: number): boolean {
  let at = index;
  while (tokens[at]?.form === "and" && tokens[at + 1]?.form === "K") at += 2;
  return tokens[at]?.form === "file" || tokens[at]?.form === "script";
}

/**
 * "in the project", "in this repo", a dangling "in", and "folder" after a grounded folder ("the
 * src folder") or between "in" and it ("in folder src") go. "in them" goes only after "have",
 * "contain" or "with" ("files that have TODOs in them": them are the files); elsewhere ("the
 * files in them") it names something the rules cannot know, and stays, so nothing matches.
 */
function dropWholeWorkspace(tokens: Token[]): Token[] {
  const kept: Token[] = [];
  const aboutContent = tokens.some((token) => ["have", "contain", "with"].includes(token.form));
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const next = tokens[index + 1];
    if (
      token.form === "in" &&
      (next === undefined || next.form === "ws" || next.form === "package")
    ) {
      if (next) index++;
      continue;
    }
    if (token.form === "in" && next?.form === "it" && aboutContent && index + 2 === tokens.length) {
      index++;
      continue;
    }
    // "list everything under lib": every file in it, at any depth (not its entries alone);
    // "the line count of everything in src" counts as it did.
    if (
      token.form === "ws" &&
      /^everything$/i.test(token.raw) &&
      next?.form === "in" &&
      kept.length > 0 &&
      kept.every((before) => before.form === "show")
    ) {
      kept.push({ form: "file", raw: "files" });
      continue;
    }
    if (token.form === "ws") continue;
    // "the readme file": the word "file" after a file named by its well-known name.
    if (token.form === "file" && tokens[index - 1]?.named === true) continue;
    // "the src folder" is src; "each lib subfolder" is each folder in lib.
    if (token.form === "folder" && tokens[index - 1]?.form === "D" && !/^sub/i.test(token.raw))
      continue;
    if (token.form === "folder" && next?.form === "D" && tokens[index - 1]?.form === "in") continue;
    kept.push(token);
  }
  // "how many files total in the project": with the scope gone, the last `count` repeats the first.
  if (kept.length < tokens.length && kept.at(-1)?.form === "count" && kept[0]?.form === "count")
    kept.pop();
  return kept;
}

/** "which src files mention X" → "which files mention X in src": a folder before "files" is their scope, at the end. */
function folderBeforeFile(tokens: Token[]): Token[] {
  const at = tokens.findIndex(
    (token, index) => token.form === "D" && tokens[index + 1]?.form === "file",
  );
  if (at < 0 || tokens.some((token) => token.form === "in")) return tokens;
  const folder = tokens[at]!;
  return [...tokens.slice(0, at), ...tokens.slice(at + 1), { form: "in", raw: "in" }, folder];
}

/** "in src, how many files" → "how many files in src": a scope at the start moves to the end. */
function moveLeadingScope(tokens: Token[]): Token[] {
  if (tokens[0]?.form !== "in" || tokens.length < 3) return tokens;
  let end = 2;
  if (tokens[1]!.form === "K") {
    while (tokens[end]?.form === "and" && tokens[end + 1]?.form === "K") end += 2;
    if (tokens[end]?.form === "file") end++;
  } else if (tokens[1]!.form !== "D" && tokens[1]!.form !== "F") return tokens;
  return [...tokens.slice(end), ...tokens.slice(0, end)];
}

/**
 * The one file at the workspace's top whose name is one edit from a file name the request
 * writes and no file has ("pakage.json" for package.json); null for a path, a short name, or
 * none or several such files.
 */
async function misspeltRootFile(view: WorkspaceView, token: Token): Promise<string | null> {
  const name = token.raw.toLowerCase();
  if (token.form !== "P" || name.includes("/") || name.length < 6 || !looksLikeFile(name))
    return null;
  const near = (await view.files("*")).filter((file) => withinOneEdit(name, file.toLowerCase()));
  return near.length === 1 ? near[0]! : null;
}

/**
 * The one file named `file` in a folder named as the word before it ("the ansi-styles index.js",
 * "the supports-color browser.js"); null when the word is no plain name or not exactly one file
 * is there.
 */
async function fileInNamedFolder(
  view: WorkspaceView,
  folder: Token | undefined,
  file: Token,
): Promise<string | null> {
  if (!folder || (folder.form !== "W" && folder.form !== "P") || !/^[\w@.-]+$/.test(folder.raw))
    return null;
  if (file.form !== "P" || !/^[\w@.+-]+\.[A-Za-z0-9]+$/.test(file.raw)) return null;
  const files = await view.files(`**/${folder.raw}/${file.raw}`);
  return files.length === 1 ? files[0]! : null;
}
