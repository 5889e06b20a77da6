import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { access, lstat, mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { confinePath } from "./confine-path.js";
import { fileError } from "./read-text-file.js";
import { ToolError } from "./tool-error.js";

/** Suffix of the temporary files of atomic writes (`.<name>.<random>.lackpy-tmp`, next to the target). */
export const TEMPORARY_SUFFIX = ".lackpy-tmp";

/**
 * Writes a workspace text file atomically: the content goes to a temporary file in the same
 * folder, which is flushed and renamed over the target, so a crash leaves the old or the new
 * file, never half of one. A rename would silently replace a read-only file, so the target and
 * its folder are checked first: `access(W_OK)` for ordinary users, and the mode bits for everyone,
 * because as root `access` allows everything (a file with no write bit, such as mode 0o444, is
 * refused even for root). An existing file keeps its permission bits (not setuid, setgid or
 * sticky). Hard links to the target are not kept.
 */
export async function writeTextFile(
  root: string,
  requested: unknown,
  content: unknown,
): Promise<number> {
  if (typeof content !== "string")
    throw new ToolError(
      "invalid_argument",
      `write_file needs the content as a string, not ${content === null ? "null" : typeof content}.`,
      { retriable: true, hint: "convert with str(value) or JSON.stringify(value)" },
    );
  const file = await confinePath(root, requested);
  const shown = String(requested);
  const existing = await lstat(file).catch(() => null);
  if (existing?.isDirectory())
    throw new ToolError("is_directory", `'${shown}' is a folder, not a file.`, { retriable: true });
  if (existing && !existing.isFile())
    throw new ToolError("not_a_file", `'${shown}' is not a regular file.`, { retriable: true });
  if (existing)
    await checkWritable(
      file,
      existing.mode,
      `'${shown}' is read-only; lackpy will not replace it.`,
    );
  const folder = await deepestFolder(path.dirname(file));
  await checkWritable(
    folder.path,
    folder.mode,
    `The folder of '${shown}' is read-only; lackpy will not write into it.`,
  );
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString("hex")}${TEMPORARY_SUFFIX}`,
  );
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const handle = await open(temporary, "wx", 0o666);
    try {
      await handle.writeFile(content, "utf8");
      if (existing) await handle.chmod(existing.mode & 0o777);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw fileError(error, shown, "write");
  }
  return Buffer.byteLength(content, "utf8");
}

async function checkWritable(target: string, mode: number, message: string): Promise<void> {
  const writable =
    (mode & 0o222) !== 0 &&
    (await access(target, constants.W_OK).then(
      () => true,
      () => false,
    ));
  if (!writable)
    throw new ToolError("read_only", message, {
      hint: "write to another path, or ask the user to make it writable",
    });
}

async function deepestFolder(folder: string): Promise<{ path: string; mode: number }> {
  for (let current = folder; ; current = path.dirname(current)) {
    const info = await stat(current).catch(() => null);
    if (info) return { path: current, mode: info.mode };
    if (path.dirname(current) === current) throw new ToolError("write_failed", "No folder exists.");
  }
}
