import path from "node:path";

/** The extensions a relative specifier without one may resolve to, in Node's and TypeScript's order. */
const MODULE_EXTENSIONS = [
  ".js",
  ".mjs",
  ".cjs",
  ".jsx",
  ".ts",
  ".mts",
  ".cts",
  ".tsx",
  ".d.ts",
  ".d.mts",
  ".d.cts",
  ".json",
];

/** TypeScript's rule: an import of `./a.js` names `./a.ts` (and `.mjs` `.mts`, `.cjs` `.cts`). */
const TYPESCRIPT_TWINS: Readonly<Record<string, readonly string[]>> = {
  ".js": [".ts", ".tsx", ".d.ts"],
  ".jsx": [".tsx"],
  ".mjs": [".mts", ".d.mts"],
  ".cjs": [".cts", ".d.cts"],
};

/**
 * True when the relative `specifier`, imported by the workspace file `importer`, names the
 * workspace file `target` (both workspace-relative, `/`-separated): the path itself, the path
 * with a module extension or as a folder's `index`, or a TypeScript source imported by its
 * `.js` name. Bare specifiers (packages, `node:` modules) name no workspace file, and a
 * declaration file (`.d.ts`) names no JavaScript file.
 */
export function resolvesTo(importer: string, specifier: string, target: string): boolean {
  if (!/^\.{1,2}(?:\/|$)/.test(specifier)) return false;
  // A declaration file's imports name declarations (`./debug` is `./debug.d.ts` there), never
  // the JavaScript that runs.
  if (/\.d\.[cm]?ts$/.test(importer) && /\.[cm]?jsx?$/.test(target)) return false;
  // And only TypeScript reads declarations: a JavaScript file's `./debug` is never `debug.d.ts`.
  if (/\.d\.[cm]?ts$/.test(target) && !/\.[cm]?tsx?$/.test(importer)) return false;
  const resolved = path.posix.normalize(
    path.posix.join(path.posix.dirname(importer), specifier.replace(/[?#].*$/, "")),
  );
  if (resolved === target) return true;
  const bare = resolved.replace(/\/$/, "");
  for (const extension of MODULE_EXTENSIONS)
    if (`${bare}${extension}` === target || `${bare}/index${extension}` === target) return true;
  const extension = path.posix.extname(resolved);
  for (const twin of TYPESCRIPT_TWINS[extension] ?? [])
    if (`${resolved.slice(0, -extension.length)}${twin}` === target) return true;
  return false;
}
