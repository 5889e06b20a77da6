import type { Node } from "@lackpy/lang";
import { SHORT_CIRCUIT } from "./evaluators.js";
import { HELPER_IMPLEMENTATIONS } from "./helpers.js";
import type { Interpreter } from "./interpreter.js";
import { iterate } from "./iterate.js";
import { checkKey, memberKey, readMember } from "./members.js";
import { callMethod, methodAllowed } from "./methods.js";
import { lookupName } from "./names.js";
import type { Scope } from "./scope.js";
import { Namespace, NativeCallable, isCallable, typeName } from "./values.js";

async function evaluateArguments(
  interpreter: Interpreter,
  node: Node,
  scope: Scope,
): Promise<unknown[]> {
  const args: unknown[] = [];
  for (const argument of node.arguments) {
    if (argument.type === "SpreadElement") {
      const items = await iterate(
        interpreter,
        await interpreter.evaluate(argument.argument, scope),
        argument,
      );
      interpreter.checkSize(args.length + items.length, "an argument list", argument);
      for (const item of items) args.push(item);
    } else {
      args.push(await interpreter.evaluate(argument, scope));
    }
  }
  return args;
}

/** Evaluates a call: a kit tool, helper or safe global by bare name, a method on a value, or a member of a safe global. */
export async function callExpression(
  interpreter: Interpreter,
  node: Node,
  scope: Scope,
): Promise<unknown> {
  const callee = node.callee;
  if (callee.type === "Identifier") {
    const name: string = callee.name;
    if (!scope.lookup(name)) {
      if (interpreter.hasTool(name))
        return interpreter.callTool(name, await evaluateArguments(interpreter, node, scope), node);
      if (Object.hasOwn(HELPER_IMPLEMENTATIONS, name))
        return HELPER_IMPLEMENTATIONS[name](
          interpreter,
          await evaluateArguments(interpreter, node, scope),
          node,
        );
      const global = interpreter.globals.get(name);
      if (global instanceof NativeCallable)
        return global.call(await evaluateArguments(interpreter, node, scope));
      if (global instanceof Namespace && global.callable)
        return global.callable.call(await evaluateArguments(interpreter, node, scope));
    }
    const value = lookupName(interpreter, callee, scope);
    if (node.optional && (value === null || value === undefined)) throw SHORT_CIRCUIT;
    if (!isCallable(value))
      throw interpreter.fault(
        "not_a_function",
        `'${name}' is ${typeName(value)}, not a function.`,
        callee,
        "call a kit tool, helper or safe global by name",
      );
    return interpreter.callFunction(value, await evaluateArguments(interpreter, node, scope), node);
  }
  if (callee.type === "MemberExpression") {
    const receiver = await interpreter.evaluate(callee.object, scope);
    if (callee.optional && (receiver === null || receiver === undefined)) throw SHORT_CIRCUIT;
    const key = await memberKey(interpreter, callee, scope);
    checkKey(interpreter, key, callee);
    if (
      node.optional &&
      !(receiver instanceof Namespace) &&
      !methodAllowed(receiver, String(key))
    ) {
      // `o.f?.()`: call only when o.f is there; data members are never callable, so a present one is an error below.
      const member = readMember(interpreter, receiver, key, callee);
      if (member === null || member === undefined) throw SHORT_CIRCUIT;
    }
    if (receiver instanceof Namespace) {
      const member = receiver.members.get(String(key));
      if (!(member instanceof NativeCallable))
        throw interpreter.fault(
          "not_a_function",
          `${receiver.name}.${key} is not a function in lackpy.`,
          callee,
        );
      return member.call(await evaluateArguments(interpreter, node, scope));
    }
    return callMethod(
      interpreter,
      receiver,
      String(key),
      await evaluateArguments(interpreter, node, scope),
      callee,
    );
  }
  const value = await interpreter.evaluate(callee, scope);
  if (node.optional && (value === null || value === undefined)) throw SHORT_CIRCUIT;
  return interpreter.callFunction(value, await evaluateArguments(interpreter, node, scope), node);
}
