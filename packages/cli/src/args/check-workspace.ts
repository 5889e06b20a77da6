import { stat } from "node:fs/promises";
import path from "node:path";
import { UsageError } from "./usage-error.js";

/** The `--workspace` value of a command line (`--workspace dir` or `--workspace=dir`), if given. */
export function workspaceFlag(rawArgs: readonly string[]): string | undefined {
  let value: string | undefined;
  for (let index = 0; index < rawArgs.length; index++) {
    const arg = rawArgs[index];
    if (arg === "--") break;
    if (arg === "--workspace") {
      const next = rawArgs[index + 1];
      if (next === undefined || next.startsWith("--"))
        throw new UsageError("--workspace needs a folder path.");
      value = next;
      index++;
    } else if (arg.startsWith("--workspace=")) {
      value = arg.slice("--workspace=".length);
    }
  }
  if (value !== undefined && value.trim() === "")
    throw new UsageError("--workspace needs a folder path.");
  return value;
}

/** Refuses a `--workspace` that does not exist or is not a folder (every command; nothing is created). */
export async function checkWorkspace(rawArgs: readonly string[], cwd: string): Promise<void> {
  const workspace = workspaceFlag(rawArgs);
  if (workspace === undefined) return;
  const info = await stat(path.resolve(cwd, workspace)).catch(
    (error: NodeJS.ErrnoException) => error,
  );
  if (info instanceof Error) {
    const reason =
      info.code === "ENOENT" || info.code === "ENOTDIR"
        ? "no such folder"
        : info.code === "EACCES"
          ? "permission denied"
          : info.message;
    throw new UsageError(`--workspace ${workspace}: ${reason}.`);
  }
  if (!info.isDirectory())
    throw new UsageError(`--workspace ${workspace} is a file, not a folder.`);
}
