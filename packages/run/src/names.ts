import { FORBIDDEN_NAMES, type Node } from "@lackpy/lang";
import { HELPER_IMPLEMENTATIONS } from "./helpers.js";
import type { Interpreter } from "./interpreter.js";
import type { Scope } from "./scope.js";
import { NativeCallable } from "./values.js";

const FORBIDDEN = new Set<string>(FORBIDDEN_NAMES);

/**
 * Resolves a name: program variables, then parameters, kit tools, helpers and safe globals.
 * Tools and helpers resolve to opaque callables (only usable as callbacks). With `forTypeof`,
 * an unknown name is `undefined` instead of an error.
 */
export function lookupName(
  interpreter: Interpreter,
  node: Node,
  scope: Scope,
  forTypeof = false,
): unknown {
  const name: string = node.name;
  if (FORBIDDEN.has(name))
    throw interpreter.fault(
      "runtime_error",
      `'${name}' is not available in lackpy programs.`,
      node,
    );
  const binding = scope.lookup(name);
  if (binding) {
    if (!binding.initialized)
      throw interpreter.fault(
        "runtime_error",
        `'${name}' is used before its declaration.`,
        node,
        "declare it before this line",
      );
    return binding.value;
  }
  if (interpreter.cells.has(name)) {
    // A cell is a variable of the whole program (language.md §5): it never falls back to a helper or global.
    if (forTypeof) return undefined;
    throw interpreter.fault(
      "runtime_error",
      `'${name}' is used before it is assigned.`,
      node,
      `assign ${name} before this line`,
    );
  }
  if (interpreter.hasTool(name)) {
    // As a callback (`files.map(read_file)`) a tool gets the item, not the index and the array:
    // `paths.map(write_file)` must not write each index as a file's content.
    const arity = interpreter.callbackArity(name);
    return new NativeCallable(name, (args) =>
      interpreter.callTool(name, args.slice(0, arity), interpreter.current ?? node),
    );
  }
  if (Object.hasOwn(HELPER_IMPLEMENTATIONS, name)) {
    const helper = HELPER_IMPLEMENTATIONS[name];
    return new NativeCallable(name, (args) =>
      helper(interpreter, args, interpreter.current ?? node),
    );
  }
  if (interpreter.globals.has(name)) return interpreter.globals.get(name);
  if (forTypeof) return undefined;
  throw interpreter.fault(
    "runtime_error",
    `'${name}' is not defined.`,
    node,
    "assign it before use",
  );
}
