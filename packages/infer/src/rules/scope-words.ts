/**
 * Words that say where a request looks, read after grounding:
 * - "ignore node_modules", "not in node_modules", "outside node_modules": what every listing
 *   does anyway, so the words become one `nonm` token, which rules may take; "including
 *   node_modules" and "node_modules included" become `withnm`.
 * - "directly in lib", "not in its subfolders", "don't count subdirs", "just the top level of":
 *   the files in the folder itself, one `shallow` token after the folder.
 * - "utils included", "including utils" for a subfolder of the folder named: files at any depth
 *   are what the rules count anyway, so the words go.
 * - "the root package.json", "the root package": the workspace's own, so "root" goes.
 * - "excluding tests" and "excluding dist", "(not counting fp)": `notest` and `notdir` tokens.
 * - "esm files", "the esm build", "the cjs build": the one folder the package builds that module
 *   system into (`dist/esm`, `dist/commonjs`), as "in dist/esm".
 */
import type { WorkspaceView } from "@lackpy/kit";
import type { Token } from "./read-request.js";

/** Words that leave something out besides the `not` concept's. */
const LEAVE_OUT = new Set(["ignore", "ignoring", "skip", "skipping", "exclude", "minus"]);

const isNodeModules = (token: Token | undefined) =>
  token !== undefined && /^node_modules\/?$/.test(token.path ?? token.raw);

const leavesOut = (token: Token | undefined) =>
  token !== undefined && (token.form === "not" || LEAVE_OUT.has(token.raw.toLowerCase()));

const includes = (token: Token | undefined) =>
  token !== undefined && token.form === "contain" && /^includ/i.test(token.raw);

/** The tokens with the scope words read (see the module's comment). */
export async function readScopeWords(
  tokens: readonly Token[],
  view: WorkspaceView | undefined,
): Promise<Token[]> {
  const read: Token[] = [];
  const folder = tokens.find((token) => token.form === "D")?.path;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const next = tokens[index + 1];
    const after = next?.form === "in" ? tokens[index + 2] : next;
    if (leavesOut(token) && isNodeModules(after)) {
      read.push({ form: "nonm", raw: `${token.raw} node_modules` });
      index += next?.form === "in" ? 2 : 1;
      continue;
    }
    if (includes(token) && isNodeModules(next)) {
      read.push({ form: "withnm", raw: `${token.raw} node_modules` });
      index++;
      continue;
    }
    if (isNodeModules(token) && includes(next)) {
      read.push({ form: "withnm", raw: `node_modules ${next!.raw}` });
      index++;
      continue;
    }
    // "just the files (not dirs)": folders are never files, so the words go.
    if (
      token.form === "not" &&
      next?.form === "folder" &&
      /s$/i.test(next.raw) &&
      tokens[index - 1]?.form === "file"
    ) {
      index++;
      continue;
    }
    // "excluding tests", "(not test files)", "non-test": one `notest` token (`leaveOutTests`).
    const tests = testWordsAt(tokens, index);
    if (tests > 0) {
      read.push({
        form: "notest",
        raw: tokens
          .slice(index, index + tests)
          .map((t) => t.raw)
          .join(" "),
      });
      index += tests - 1;
      continue;
    }
    // "excluding dist", "(not counting fp)", "except the fp folder": one `notdir` token (`leaveOutFolder`).
    const outside = folderLeftOutAt(tokens, index);
    if (outside > 0) {
      const spanned = tokens.slice(index, index + outside);
      read.push({
        form: "notdir",
        raw: spanned.map((t) => t.raw).join(" "),
        path: spanned.find((t) => t.form === "D")!.path!,
      });
      index += outside - 1;
      continue;
    }
    // "typescript declaration files (.d.ts)", "js files (.js)": the extension after the files
    // says which of the kind's extensions is meant, so it is the kind.
    const restated = tokens[index + 2];
    if (
      (token.form === "K" || token.form === "A") &&
      next?.form === "file" &&
      restated?.form === "K" &&
      restated.extensions?.every((extension) => token.extensions?.includes(extension))
    ) {
      read.push({ ...restated, raw: `${token.raw} (${restated.raw})` }, next);
      index += 2;
      continue;
    }
    // "directly in lib": the folder's own files.
    if (token.form === "directly" && next?.form === "in" && tokens[index + 2]?.form === "D") {
      read.push(next, tokens[index + 2]!, { form: "shallow", raw: `${token.raw} in` });
      index += 2;
      continue;
    }
    // "not in its subfolders", "don't count subdirs", "not recursively".
    const shallow = shallowAt(tokens, index);
    if (shallow > 0) {
      if (read.at(-1)?.form !== "shallow") read.push({ form: "shallow", raw: "not in subfolders" });
      index += shallow - 1;
      continue;
    }
    // "utils included", "including utils": a subfolder of the folder named is counted anyway.
    const sub = includes(next) ? token : includes(token) ? next : undefined;
    if (folder && view && sub && /^[\w.-]+$/.test(sub.raw)) {
      if ((await view.kind(`${folder}/${sub.raw}`)) === "folder") {
        index++;
        continue;
      }
    }
    // ".js files (not .js.map)": a kind no file of the kinds named can be, so the words go
    // ("have no .d.ts" and "without a .d.ts" say what a file lacks, which is not that).
    if (
      token.form === "not" &&
      !/^without$/i.test(token.raw) &&
      next?.form === "K" &&
      read.at(-1)?.form !== "have" &&
      tokens[index + 2]?.form !== "have" &&
      disjointKinds(tokens, next)
    ) {
      index++;
      continue;
    }
    // "the whole locale tree", "the src tree": the folder with everything below it.
    if (token.form === "W" && /^(?:tree|subtree)$/i.test(token.raw) && read.at(-1)?.form === "D") {
      read.push({ form: "deep", raw: token.raw });
      continue;
    }
    // "the root package.json", "the root package": the workspace's own.
    if (/^root$/i.test(token.raw) && (next?.form === "package" || isRootFile(next))) continue;
    // "which esm files import minipass", "who imports minipass (esm build)": the one build
    // folder of that module system (dist/esm).
    const build = view ? await buildFolderAt(tokens, index, view) : null;
    if (build) {
      const place = { form: "D", raw: `${token.raw} ${next!.raw}`, path: build } as const;
      const inside = read.at(-1)?.form === "in";
      if (next!.form === "file") read.push(next!, { form: "in", raw: "in" }, place);
      else read.push(...(inside ? [] : [{ form: "in", raw: "in" } as const]), place);
      index++;
      continue;
    }
    read.push(token);
  }
  return folder && view && read.some((token) => token.form === "shallow")
    ? withoutSubfolders(read, folder, view)
    : read;
}

/** "not in dist" after "directly in packages/vitest": a subfolder holds none of the folder's own files, so the words go. */
async function withoutSubfolders(
  tokens: readonly Token[],
  folder: string,
  view: WorkspaceView,
): Promise<Token[]> {
  const kept: Token[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const skip = tokens[index + 1]?.form === "in" ? 2 : 1;
    const sub = tokens[index + skip];
    if (token.form === "not" && sub && /^[\w.-]+$/.test(sub.raw)) {
      if ((await view.kind(`${folder}/${sub.raw}`)) === "folder") {
        index += skip;
        continue;
      }
    }
    kept.push(token);
  }
  return kept;
}

/**
 * True when no file of the kinds the request names first can have an extension of `excluded`:
 * a name ending in ".js.map" never ends in ".js", so "(not .js.map)" leaves nothing out.
 */
function disjointKinds(tokens: readonly Token[], excluded: Token): boolean {
  const named = tokens.find((token) => token.form === "K" && token !== excluded);
  if (!named?.extensions || !excluded.extensions) return false;
  return excluded.extensions.every((out) =>
    named.extensions!.every(
      (kind) => out !== kind && !out.endsWith(`.${kind}`) && !kind.endsWith(`.${out}`),
    ),
  );
}

function isRootFile(token: Token | undefined): boolean {
  return token?.form === "F" && token.path !== undefined && !token.path.includes("/");
}

/** How many tokens from `index` say "not in subfolders" (0 when they do not). */
function shallowAt(tokens: readonly Token[], index: number): number {
  if (tokens[index]?.form === "not" && tokens[index + 1]?.form === "deep") return 2;
  // "not counting anything deeper", "not in nested folders".
  if (
    tokens[index]?.form === "not" &&
    (tokens[index + 1]?.form === "count" || tokens[index + 1]?.form === "in") &&
    tokens[index + 2]?.form === "deep"
  )
    return tokens[index + 3]?.form === "folder" && /s$/i.test(tokens[index + 3]!.raw) ? 4 : 3;
  if (tokens[index]?.form !== "not") return 0;
  // "not in subfolders", "don't count subdirs"; "(not dirs)" after "files" says only that folders are not files.
  const at = index + 2;
  if (tokens[index + 1]?.form !== "count" && tokens[index + 1]?.form !== "in") return 0;
  const word = tokens[at];
  return word?.form === "folder" && /s$/i.test(word.raw) ? 3 : 0;
}

/** How many tokens from `index` leave the tests out: "excluding tests", "not the test files", "non-test" (0 when they do not). */
function testWordsAt(tokens: readonly Token[], index: number): number {
  if (/^non-?tests?$/i.test(tokens[index]?.raw ?? "")) return 1;
  if (!leavesOut(tokens[index]) || tokens[index + 1]?.form !== "test") return 0;
  const after = tokens[index + 2];
  return after && (after.form === "file" || after.form === "folder") && /s$/i.test(after.raw)
    ? 3
    : 2;
}

/**
 * The number of tokens from `index` that leave a folder out: a word that leaves out ("not",
 * "excluding", "except", "outside", "ignoring"; not "but", as in "in A but not in B"), then
 * "counting" at most, then a grounded folder that is not `node_modules`, then "folder" at most.
 * "not in lib" is not one: "in A not in B" compares two folders.
 */
function folderLeftOutAt(tokens: readonly Token[], index: number): number {
  const token = tokens[index];
  if (!leavesOut(token) || /^but$/i.test(token!.raw)) return 0;
  let at = index + 1;
  if (tokens[at]?.form === "count" && /^counting$/i.test(tokens[at]!.raw)) at++;
  const folder = tokens[at];
  if (folder?.form !== "D" || !folder.path || isNodeModules(folder)) return 0;
  return at + 1 - index + (tokens[at + 1]?.form === "folder" ? 1 : 0);
}

/** The folders a package builds each module system into, by the word that names the system. */
const BUILD_FOLDERS: Readonly<Record<string, readonly string[]>> = {
  esm: ["esm"],
  cjs: ["cjs", "commonjs"],
  commonjs: ["cjs", "commonjs"],
};
const BUILD_PARENTS = ["", "dist/", "lib/", "build/", "out/"];
/** The extension a module system's files may have outside its build folder. */
const BUILD_EXTENSION: Readonly<Record<string, string>> = {
  esm: "mjs",
  cjs: "cjs",
  commonjs: "cjs",
};

/**
 * The build folder that a module system's word and the word after it name ("esm files", "the
 * esm build", "the cjs build"), when exactly one such folder exists and no file outside it has
 * that system's own extension (.mjs, .cjs), which the words could mean instead; else null.
 * "cjs files" stays the .cjs kind: only "build" or "output" makes "cjs" a folder.
 */
async function buildFolderAt(
  tokens: readonly Token[],
  index: number,
  view: WorkspaceView,
): Promise<string | null> {
  const token = tokens[index]!;
  const next = tokens[index + 1];
  const system = token.raw.toLowerCase();
  const names = BUILD_FOLDERS[system];
  if (!names || !next) return null;
  const buildWord = next.form === "W" && /^(?:build|builds|output|copy|version)$/i.test(next.raw);
  if (!(buildWord || (token.form === "modsys" && next.form === "file" && /s$/i.test(next.raw))))
    return null;
  if (token.form !== "modsys" && !(token.form === "K" && buildWord)) return null;
  const found: string[] = [];
  for (const parent of BUILD_PARENTS)
    for (const name of names)
      if ((await view.kind(`${parent}${name}`)) === "folder") found.push(`${parent}${name}`);
  if (found.length !== 1) return null;
  const folder = found[0]!;
  const own = await view.files(`**/*.${BUILD_EXTENSION[system]}`);
  return own.every((file) => file.startsWith(`${folder}/`)) ? folder : null;
}
