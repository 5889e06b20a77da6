/**
 * What an isolated child that serves tools itself may read: Node's permission model, started
 * with `--permission` (`--experimental-permission` on Node 20) and one `--allow-fs-read` per
 * folder, so the child can read the folders its tools need and the code it runs, and nothing
 * else; it can write nothing, start no process, thread or addon. The permission model also
 * applies to the child's own module loading, so the scope holds the real folders of the packages
 * its modules load, found from their `package.json` dependencies.
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { nodePermissionFlags } from "./permission-flags.js";

/** The folders one kind of child may read, and the key the pool keeps such children under. */
export interface ReadScope {
  readonly key: string;
  readonly folders: readonly string[];
}

/** True when this Node can start a child under the permission model. */
export function canScopeReads(): boolean {
  return nodePermissionFlags().flag !== null;
}

/** The flags that start a child under `scope`: the permission model and its readable folders. */
export function readScopeFlags(scope: ReadScope): string[] {
  const { flag, disableWarning } = nodePermissionFlags();
  if (flag === null) throw new Error("this Node has no permission model");
  const quiet = disableWarning ? ["--disable-warning=ExperimentalWarning"] : [];
  return [flag, ...quiet, ...scope.folders.map((folder) => `--allow-fs-read=${folder}`)];
}

/**
 * The scope of a child that runs `entry` and loads `modules`, reading `readRoots`. When `entry`
 * is a bundle's child (`bundled`: the CLI's build, whose files hold every package they load),
 * the code it and the modules beside it load is all in the entry's folder, so that folder is
 * the whole of their part of the scope; a module elsewhere still brings its packages.
 */
export function readScope(
  entry: string,
  modules: readonly string[],
  readRoots: readonly string[],
  bundled = false,
): ReadScope {
  const folders = new Set<string>();
  for (const root of readRoots) folders.add(realFolder(root));
  const bundle = bundled ? realFolder(path.dirname(entry)) : null;
  for (const file of [entry, ...modules]) {
    const folder = realFolder(path.dirname(file));
    if (folder === bundle) folders.add(folder);
    else for (const found of packageFolders(folder)) folders.add(found);
  }
  const sorted = [...folders].sort();
  return { key: sorted.join("\u0000"), folders: sorted };
}

const PACKAGE_FOLDERS = new Map<string, readonly string[]>();

/** The real folders of the package that holds the real folder `folder` and of every package it depends on, transitively. */
function packageFolders(folder: string): readonly string[] {
  const start = packageRoot(folder) ?? folder;
  const known = PACKAGE_FOLDERS.get(start);
  if (known) return known;
  const found: string[] = [];
  const pending = [start];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    found.push(next);
    for (const dependency of dependencies(next)) {
      const located = locatePackage(next, dependency);
      if (located) pending.push(located);
    }
  }
  PACKAGE_FOLDERS.set(start, found);
  return found;
}

/** The nearest folder at or above `folder` with a `package.json`. */
function packageRoot(folder: string): string | null {
  for (let current = folder; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, "package.json"))) return current;
    if (path.dirname(current) === current) return null;
  }
}

/** The runtime dependencies a package names (`dependencies` and `optionalDependencies`). */
function dependencies(folder: string): string[] {
  try {
    const manifest = JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    return [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
    ];
  } catch {
    return [];
  }
}

/** Where Node finds package `name` from `folder`: the real folder of the first `node_modules/<name>` on the way up. */
function locatePackage(folder: string, name: string): string | null {
  for (let current = folder; ; current = path.dirname(current)) {
    const candidate = path.join(current, "node_modules", name);
    if (existsSync(path.join(candidate, "package.json"))) return realFolder(candidate);
    if (path.dirname(current) === current) return null;
  }
}

function realFolder(folder: string): string {
  try {
    return realpathSync.native(folder);
  } catch {
    return path.resolve(folder);
  }
}
