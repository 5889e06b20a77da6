/**
 * Names in read and call position (language.md §3 and §5): forbidden names, unknown names,
 * callables used as values, bare-name calls and kit-tool arity. A variable of the program wins
 * over a helper or safe global of the same name wherever it is in scope.
 */
import type { CheckState, NameState, Role } from "./check-state.js";
import type { Node } from "../parse/parse-program.js";
import type { PredefinedName } from "../names/predefined-names.js";
import { unknownNameHint } from "../names/program-names.js";
import { checkArgumentTypes } from "./check-argument-types.js";

/** Checks an identifier read in the given role; returns its name state (none for a forbidden name). */
export function checkReference(state: CheckState, node: Node, role: Role): NameState | undefined {
  const name: string = node.name;
  const symbol = state.symbol(name);
  const predefined = symbol.predefined;
  if (predefined?.kind === "forbidden") return void reportForbiddenName(state, node);
  if (state.isVariable(symbol)) return symbol;
  if (!predefined) {
    // A cell assigned further on may still define it; judged when the walk ends.
    if (role !== "typeof")
      state.unresolvedReads.push({
        node,
        declared: state.suggesting ? state.declaredInScope() : [],
      });
    return symbol;
  }
  const kind = predefined.kind;
  if (kind === "constructor") return void reportConstructorUse(state, node, "used as a value");
  if (kind === "param" || kind === "safe_global_value" || role === "typeof") return symbol;
  if (kind === "tool") state.useTool(symbol);
  if (kind === "safe_global_namespace") {
    if (role === "member-object") return symbol;
    if (!predefined.callable) {
      state.report(
        "callable_as_value",
        node,
        `${name} can only be used through its members, e.g. ${name}.${firstMember(state, name)}.`,
        `call ${name}'s members directly`,
      );
      return symbol;
    }
  }
  if (role === "callback" || role === "callee") return symbol;
  state.report(
    "callable_as_value",
    node,
    `'${name}' is a function and can only be called or passed directly to a helper or method.`,
    role === "tool-argument"
      ? "kit tools take plain data: call the function first and pass its result"
      : `call it directly: ${name}(...)`,
  );
  return symbol;
}

/** Reports a forbidden name wherever it appears in name position. */
export function reportForbiddenName(state: CheckState, node: Node): void {
  const name: string = node.name;
  state.report(
    "forbidden_name",
    node,
    `'${name}' is not available in lackpy programs.`,
    unknownNameHint(name) ?? "use only the kit's tools, helpers and safe globals",
  );
}

/** `Set` or `Map` anywhere but as the callee of `new` (language.md §2): `const S = Set`, `Set(xs)`, `Map.prototype`. */
export function reportConstructorUse(state: CheckState, node: Node, what: string): void {
  const name: string = node.name;
  const example = name === "Set" ? "new Set(items)" : "new Map(pairs)";
  state.report(
    what === "called without new" ? "unknown_function" : "callable_as_value",
    node,
    `'${name}' can only be called with new, as in ${example}; it cannot be ${what}.`,
    `write ${example}${name === "Set" ? ", or set(items)" : ""}`,
  );
}

/** Reports the reads that no cell defined, once the walk knows every cell. */
export function reportUnresolvedReads(state: CheckState): void {
  for (const { node, declared } of state.unresolvedReads) {
    const name: string = node.name;
    if (state.cells.has(name)) continue;
    if (reportToolOfOtherKit(state, node, "unknown_name")) continue;
    const suggestion = state.suggest(name, () => [
      ...state.names.all(),
      ...state.cells.keys(),
      ...declared,
    ]);
    state.report(
      "unknown_name",
      node,
      `'${name}' is not defined.`,
      unknownNameHint(name) ??
        (suggestion ? `did you mean ${suggestion}?` : "assign it before use, or use a kit tool"),
    );
  }
}

/** Checks a call by bare name and returns the role its arguments play. */
export function checkBareCall(state: CheckState, node: Node, callee: Node): Role {
  const name: string = callee.name;
  const symbol = state.symbol(name);
  const predefined = symbol.predefined;
  if (predefined?.kind === "forbidden") {
    reportForbiddenName(state, callee);
    return "read";
  }
  state.calls.push(name);
  if (state.isVariable(symbol)) {
    reportVariableCall(state, callee, predefined);
    return "read";
  }
  if (predefined?.kind === "constructor") {
    reportConstructorUse(state, callee, "called without new");
    return "read";
  }
  if (!predefined && reportToolOfOtherKit(state, callee, "unknown_function")) return "read";
  if (!predefined || !predefined.callable) {
    const suggestion = state.suggest(name, () =>
      state.names.all().filter((candidate) => state.names.isCallable(candidate)),
    );
    state.report(
      "unknown_function",
      callee,
      predefined?.kind === "safe_global_namespace"
        ? `'${name}' is not a function; call one of its members, e.g. ${name}.${firstMember(state, name)}(...)`
        : `'${name}' is not a kit tool, helper or safe global.`,
      suggestion
        ? `did you mean ${suggestion}(...)?`
        : (unknownNameHint(name) ?? "call only the kit's tools and the helper builtins"),
    );
    return "read";
  }
  if (predefined.kind === "tool") {
    state.useTool(symbol);
    checkArity(state, node, predefined);
    return "tool-argument";
  }
  return predefined.kind === "param" ? "tool-argument" : "callback";
}

/** A tool of another kit, named as such with the kit to use; false when the name is no other kit's tool. */
function reportToolOfOtherKit(
  state: CheckState,
  node: Node,
  code: "unknown_function" | "unknown_name",
): boolean {
  const name: string = node.name;
  const other = state.otherKits;
  if (!other || !Object.hasOwn(other.kits, name)) return false;
  const kits = other.kits[name];
  if (!Array.isArray(kits) || kits.length === 0) return false;
  state.report(
    code,
    node,
    `'${name}' is not a tool of this kit; it is in kit${kits.length === 1 ? "" : "s"} ${kits.join(", ")}.`,
    other.hint.replaceAll("{kit}", kits[0]),
  );
  return true;
}

/** Calling a variable: say so, and when it shadows a helper or safe global, how to get it back. */
function reportVariableCall(
  state: CheckState,
  callee: Node,
  predefined: PredefinedName | undefined,
): void {
  const name: string = callee.name;
  if (!predefined?.callable) {
    state.report(
      "unknown_function",
      callee,
      `'${name}' is a variable of the program, not a function you can call.`,
      "call a kit tool, a helper or a safe global by name",
    );
    return;
  }
  const what = predefined.kind === "helper" ? "helper" : "safe global";
  const symbol = state.symbol(name);
  const declaration = symbol.binding?.node;
  const origin = declaration ?? symbol.cell;
  const line = origin ? state.position(origin.start).line : undefined;
  const where =
    line === undefined ? "" : ` (${declaration ? "declared" : "assigned"} on line ${line})`;
  state.report(
    "unknown_function",
    callee,
    `'${name}' is a variable here${where}, so the ${what} ${name}() cannot be called.`,
    `rename the variable, e.g. my_${name}, to call ${name}(...)`,
  );
}

function checkArity(state: CheckState, node: Node, predefined: PredefinedName): void {
  const args = predefined.tool?.args;
  if (!args) return;
  const given: number = node.arguments.length;
  for (let index = 0; index < given; index++)
    if (node.arguments[index].type === "SpreadElement") return;
  checkArgumentTypes(state, node, args);
  let required = 0;
  for (let index = 0; index < args.length; index++) if (!args[index].optional) required++;
  if (given >= required && given <= args.length) return;
  const name: string = node.callee.name;
  const signature = `${name}(${args.map((arg) => (arg.optional ? `${arg.name}?` : arg.name)).join(", ")})`;
  const expected = required === args.length ? `${required}` : `${required} to ${args.length}`;
  state.report(
    "bad_arity",
    node,
    `${name} takes ${expected} argument${args.length === 1 ? "" : "s"} but was called with ${given}.`,
    `call it as ${signature}`,
  );
}

function firstMember(state: CheckState, name: string): string {
  return [...(state.names.namespaceMembers(name)?.keys() ?? [])][0];
}
