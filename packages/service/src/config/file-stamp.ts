import { statSync } from "node:fs";

/**
 * A file's (or folder's) mtime, size and inode, or "-" when it is missing: what lackpy compares
 * to tell whether a file it read before (the config, a kit, the ratchet store) has changed since.
 */
export function fileStamp(file: string): string {
  const info = statSync(file, { throwIfNoEntry: false });
  return info ? `${info.mtimeMs}:${info.size}:${info.ino}` : "-";
}
