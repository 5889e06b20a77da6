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

const WRITERS = new WeakMap<readonly ToolSpec[], readonly (readonly [string, number[]])[]>();

/** The tools of `specs` that write a path, with the indexes of those arguments (worked out once per kit). */
function writtenArguments(specs: readonly ToolSpec[]): readonly (readonly [string, number[]])[] {
  let writers = WRITERS.get(specs);
  if (!writers) {
    writers = specs.flatMap((spec) => {
      const indexes = (spec.args ?? []).flatMap((arg, index) =>
        arg.path === "write" ? [index] : [],
      );
      return indexes.length > 0 ? [[spec.name, indexes] as const] : [];
    });
    WRITERS.set(specs, writers);
  }
  return writers;
}

/**
 * The kit's callables, with each tool that writes a path (an `ArgSpec` with `path: "write"`) and
 * that the program may call (`called`, its effect summary's tools) wrapped to note the paths that
 * did not exist before a call that succeeded (and did not return `false`): the files the run
 * created. The wrapper keeps the run's `this` (the tool's
 * AbortSignal) and answers synchronously when the tool does. Tools run in the host in both run
 * modes, so the note is the same in isolated and in-process runs. A path is only looked up
 * (`lstat`, never followed); the tool itself still confines and checks it.
 */
export function notedWrites(
  callables: Readonly<Record<string, ToolFunction>>,
  specs: readonly ToolSpec[],
  workspace: string,
  created: Set<string>,
  called: readonly { readonly name: string }[],
): Readonly<Record<string, ToolFunction>> {
  // A run whose program calls no writer (the usual one) pays for no copy and no wrapper.
  let noted: Record<string, ToolFunction> | null = null;
  for (const [name, indexes] of writtenArguments(specs)) {
    const tool = callables[name];
    if (typeof tool !== "function" || !called.some((used) => used.name === name)) continue;
    noted ??= { ...callables };
    noted[name] = function (this: unknown, ...args: unknown[]) {
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
  return noted ?? callables;
}
