/** Compiles `new Set(iterable?)` and `new Map(entries?)`, the only `new` a program may write. */
import type { Node } from "@lackpy/lang";
import { compileArguments } from "./compile-arguments.js";
import { withArguments } from "./compile-call.js";
import type { Compiled, Compiler } from "./compiler.js";
import { refuse } from "./compile-literals.js";

/** `new Set(xs)`, `new Map(pairs)`; any other `new` (in a program the validator never saw) fails when run. */
export function compileNew(node: Node, compiler: Compiler): Compiled {
  const callee: Node = node.callee;
  const resolution = callee.type === "Identifier" ? compiler.resolve(callee.name) : null;
  if (resolution?.kind !== "constructor")
    return refuse(node, "Only new Set(...) and new Map(...) can be made in lackpy programs.");
  const make = resolution.make;
  return withArguments(
    node,
    compileArguments(node.arguments, compiler),
    false,
    (context, _frame, values) => make(context, values, node),
  );
}
