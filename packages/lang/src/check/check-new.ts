/** `new` (language.md §2): only `new Set(iterable?)` and `new Map(entries?)`. */
import type { CheckState } from "./check-state.js";
import { rejectedNodeProblem } from "./check-syntax.js";
import type { Node } from "../parse/parse-program.js";

/** The fix for `new` of a few names models reach for, beyond the general hint. */
const NEW_HINTS: Readonly<Record<string, string>> = Object.freeze({
  Array: "write an array literal [], or Array.from({ length: n }, (_, i) => i)",
  Object: "write an object literal {}",
  Date: "dates are not available in programs; ask a kit tool for them",
  Error: "end the program with an expression that describes the problem",
  Promise: "tool calls are awaited for you: call the tool directly",
  RegExp: "write a regex literal such as /ab+c/i",
});

/** Checks an entered NewExpression: its callee must be `Set` or `Map`, with at most one argument. */
export function checkNew(state: CheckState, node: Node): void {
  const callee: Node = node.callee;
  const symbol = callee.type === "Identifier" ? state.symbol(callee.name) : undefined;
  if (!symbol || symbol.predefined?.kind !== "constructor" || state.isVariable(symbol)) {
    const problem = rejectedNodeProblem(node);
    const name = symbol?.name;
    state.report(
      "forbidden_syntax",
      node,
      `${name ? `'new ${name}'` : "This 'new'"} is not allowed: only new Set(...) and new Map(...) can be made.`,
      (name && Object.hasOwn(NEW_HINTS, name) ? NEW_HINTS[name] : undefined) ?? problem.hint,
    );
    return state.skip(node);
  }
  state.enter(callee);
  state.leave();
  const args: Node[] = node.arguments;
  if (args.length > 1 || args.some((argument) => argument.type === "SpreadElement")) {
    const example = symbol.name === "Set" ? "new Set(items)" : "new Map(pairs)";
    state.report(
      "forbidden_syntax",
      node,
      `new ${symbol.name} takes one argument, as in ${example}.`,
      symbol.name === "Set"
        ? "pass one array (or other iterable) of the items"
        : "pass one array of [key, value] pairs",
    );
  }
  for (let index = 0; index < args.length; index++) state.visit(args[index], "read");
}
