import { lstatSync, readdirSync, realpathSync } from "node:fs";
import path from "node:path";
import { MAX_CODE_FOLDER_ENTRIES } from "./fingerprint.js";

/**
 * Where the symlinks inside a folder lead, outside that folder: an interpreter loading the
 * folder's code follows them, so what they lead to is code too. Walks at most
 * `MAX_CODE_FOLDER_ENTRIES` entries, without following links into folders.
 */
export function symlinkTargets(folder: string): string[] {
  const targets = new Set<string>();
  let seen = 0;
  const walk = (current: string) => {
    let names: string[];
    try {
      names = readdirSync(current);
    } catch {
      return;
    }
    for (const name of names) {
      if (++seen > MAX_CODE_FOLDER_ENTRIES) return;
      const absolute = path.join(current, name);
      const info = lstatSync(absolute, { throwIfNoEntry: false });
      if (info?.isSymbolicLink()) {
        try {
          const target = realpathSync.native(absolute);
          const relative = path.relative(folder, target);
          if (relative.startsWith("..") || path.isAbsolute(relative)) targets.add(target);
        } catch {
          // A dangling link leads nowhere yet; the fingerprint records it.
        }
      } else if (info?.isDirectory()) walk(absolute);
    }
  };
  walk(folder);
  return [...targets].sort();
}
