/**
 * Loads the bin's command (`command.cjs`, one CommonJS bundle) with a V8 code cache, so a
 * one-shot process deserialises the compiled bundle instead of parsing and compiling it: Node
 * 20 has no compile cache of its own. The cache sits beside the bundle and is trusted exactly
 * as far as the bundle is (decision 112): it is read only when it is a regular file (not a link)
 * owned by the bundle's owner and writable by nobody else, and written only by that owner, into
 * the bundle's own folder, atomically. It opens with a line naming the bundle file it was made
 * from (device, inode, size, change time): V8 checks a cache's source by its length only, so a
 * bundle replaced by one of the same length must not take the old one's code. V8 refuses a
 * cache made by another Node version or with other flags; the bundle is then compiled as it
 * is, and the cache made again once the command has run (holding the functions it compiled).
 */
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Script } from "node:vm";
import type { StartedChild } from "@lackpy/run/node";
import { BUNDLE_WRAPPER } from "./bundle-wrapper.js";

/** What the bundle exports to the bin. */
export interface Command {
  prewarmChildPool(memoryMb?: number, started?: StartedChild): void;
  runCommand(argv: readonly string[]): Promise<void>;
}

/**
 * How the code cache was used: read and taken, missing, refused (by V8, or made from another
 * bundle file), or not trusted (left unread).
 */
export type CodeCacheUse = "used" | "none" | "rejected" | "untrusted";

/** A loaded bundle, how its cache was used, and how to keep a cache of it once it has run. */
export interface LoadedCommand<Exports = Command> {
  exports: Exports;
  cache: CodeCacheUse;
  /** Writes the cache when it was not used and this process may write it; true when it did. */
  keepCache(): boolean;
}

/** Opens a file for reading without following a final link or blocking on a FIFO. */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** The bundle's `import()`: an ES module import from here, beside the bundle. */
function importModule(specifier: string): Promise<unknown> {
  return import(specifier);
}

/** The bundle's text, owner, and the first line a cache made from this very file carries. */
interface BundleFile {
  source: string;
  owner: number;
  key: Buffer;
}

/**
 * Compiles and runs `bundle` with the code cache at `${bundle}.cache`. The bundle is a CommonJS
 * module's function as the build writes it (`BUNDLE_WRAPPER`), with `__import` besides: the build
 * writes each `import()` of the bundle as `__import()` (`import-calls.ts`), because Node 20 loses
 * a script's dynamic-import callback for code that comes from a cache.
 */
export function loadCommand<Exports = Command>(bundle: string): LoadedCommand<Exports> {
  const cacheFile = `${bundle}.cache`;
  const { file, scratch } = readBundle(bundle, cacheFile);
  if (!file.source.startsWith(BUNDLE_WRAPPER.open))
    throw new Error(`${bundle} is not a bundle of this build (it does not open its function)`);
  const found = trustedCache(cacheFile, file, scratch);
  const script = new Script(file.source, {
    filename: bundle,
    ...(found.data ? { cachedData: found.data } : {}),
  });
  const cache: CodeCacheUse = found.data
    ? script.cachedDataRejected
      ? "rejected"
      : "used"
    : (found.use ?? "none");
  const module = { exports: {} as Exports };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(
    module.exports,
    module.exports,
    createRequire(bundle),
    module,
    bundle,
    path.dirname(bundle),
    importModule,
  );
  return {
    exports: module.exports,
    cache,
    keepCache: () =>
      cache !== "used" && cache !== "untrusted" && writeCache(cacheFile, file, script),
  };
}

/**
 * Reads the bundle through one descriptor, so its text, owner and key are of the same file. Its
 * bytes go into memory large enough for the cache's too (by the cache's size now, a hint only):
 * memory a process touches for the first time costs it a page fault a page, and reading the
 * cache into the same pages spares a one-shot command a megabyte of them.
 */
function readBundle(bundle: string, cacheFile: string): { file: BundleFile; scratch: Buffer } {
  const descriptor = openSync(bundle, "r");
  try {
    const info = fstatSync(descriptor, { bigint: true });
    const key = `lackpy code cache 1 ${info.dev} ${info.ino} ${info.size} ${info.ctimeNs} ${info.mtimeNs}\n`;
    const size = Number(info.size);
    const cacheSize = statSync(cacheFile, { throwIfNoEntry: false })?.size ?? 0;
    const scratch = Buffer.allocUnsafeSlow(Math.max(size, Math.min(cacheSize, 4 * size)));
    const source = readBytes(descriptor, scratch, size).toString("utf8");
    return { file: { source, owner: Number(info.uid), key: Buffer.from(key, "latin1") }, scratch };
  } finally {
    closeSync(descriptor);
  }
}

/** The first `size` bytes of an open file (fewer at its end), read into `into` when they fit. */
function readBytes(descriptor: number, into: Buffer, size: number): Buffer {
  const bytes = size <= into.length ? into.subarray(0, size) : Buffer.allocUnsafeSlow(size);
  let read = 0;
  while (read < size) {
    const got = readSync(descriptor, bytes, read, size - read, null);
    if (got === 0) break;
    read += got;
  }
  return bytes.subarray(0, read);
}

/**
 * The V8 data of a cache trusted as the bundle is and made from this bundle file, read into
 * `scratch` when it fits; else why not.
 */
function trustedCache(
  cacheFile: string,
  bundle: BundleFile,
  scratch: Buffer,
): { data?: Buffer; use?: "untrusted" | "rejected" } {
  if (typeof process.getuid !== "function") return {};
  let descriptor: number;
  try {
    descriptor = openSync(cacheFile, READ_FLAGS);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? {} : { use: "untrusted" };
  }
  try {
    const info = fstatSync(descriptor);
    if (!info.isFile() || info.uid !== bundle.owner || (info.mode & 0o022) !== 0)
      return { use: "untrusted" };
    const bytes = readBytes(descriptor, scratch, info.size);
    const { key } = bundle;
    if (bytes.length <= key.length || !bytes.subarray(0, key.length).equals(key))
      return { use: "rejected" };
    return { data: bytes.subarray(key.length) };
  } catch {
    return { use: "untrusted" };
  } finally {
    closeSync(descriptor);
  }
}

/** Writes the script's cache beside the bundle, atomically, when this process owns the bundle; false when it may not or cannot. */
function writeCache(cacheFile: string, bundle: BundleFile, script: Script): boolean {
  if (typeof process.getuid !== "function" || bundle.owner !== process.getuid()) return false;
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    // `wx`: never through a link or into a file someone else made.
    writeFileSync(temporary, Buffer.concat([bundle.key, script.createCachedData()]), {
      flag: "wx",
      mode: 0o644,
    });
    renameSync(temporary, cacheFile);
    return true;
  } catch {
    rmSync(temporary, { force: true });
    return false;
  }
}
