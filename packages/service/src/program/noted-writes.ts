import { lstatSync } from "node:fs";
import path from "node:path";
import type { ToolSpec } from "@lackpy/lang";
import type { ToolFunction } from "@lackpy/kit";

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

function missing(workspace: string, file: string): boolean {
  try {
    return lstatSync(path.resolve(workspace, file), { throwIfNoEntry: false }) === undefined;
  } catch {
    // Unreadable or refused: the tool decides, and a path that cannot be checked is not "created".
    return false;
  }
}

/**
 * The kit's callables, with each tool that writes a path (an `ArgSpec` with `path: "write"`)
 * wrapped to note the paths that did not exist before a call that succeeded (and did not return
 * `false`): the files the run created. The wrapper keeps the run's `this` (the tool's
 * AbortSignal) and answers synchronously when the tool does. Tools run in the host in both run
 * modes, so the note is the same in isolated and in-process runs. A path is only looked up
 * (`lstat`, never followed); the tool itself still confines and checks it.
 */
export function notedWrites(
  callables: Readonly<Record<string, ToolFunction>>,
  specs: readonly ToolSpec[],
  workspace: string,
  created: Set<string>,
): Record<string, ToolFunction> {
  const noted: Record<string, ToolFunction> = { ...callables };
  for (const spec of specs) {
    const indexes = (spec.args ?? []).flatMap((arg, index) =>
      arg.path === "write" ? [index] : [],
    );
    const tool = callables[spec.name];
    if (indexes.length === 0 || typeof tool !== "function") continue;
    noted[spec.name] = function (this: unknown, ...args: unknown[]) {
      const fresh = indexes
        .map((index) => args[index])
        .filter((file): file is string => typeof file === "string" && missing(workspace, file));
      const note = (result: unknown) => {
        if (result !== false) for (const file of fresh) created.add(file);
        return result;
      };
      const value = tool.apply(this, args);
      return isThenable(value) ? Promise.resolve(value).then(note) : note(value);
    };
  }
  return noted;
}
