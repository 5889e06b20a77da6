/**
 * Compiles calls: a kit tool, helper or safe global by bare name, a method on a value, a member
 * of a safe global, or (only in programs that skipped validation) a variable. Whether a call may
 * wait is decided here: a tool call may; a helper, method or safe global may only when it calls a
 * function it is given (`sorted`, `map`, `Array.from`, …); a call of a variable may (it could be
 * a closure that reaches a tool); and any call whose arguments may wait.
 */
import { isForbiddenProperty, type Node } from "@lackpy/lang";
import { callTool } from "../call-tool.js";
import { compileArguments, type Arguments } from "./compile-arguments.js";
import type { Frame } from "./compile-scope.js";
import { SHORT_CIRCUIT } from "./compile-member.js";
import type { Code, Compiled, Compiler, Resolution } from "./compiler.js";
import { CALLBACK_GLOBALS } from "../builtins/globals.js";
import { CALLBACK_HELPERS, HELPER_IMPLEMENTATIONS } from "../builtins/helpers.js";
import { after } from "../maybe-async.js";
import { checkKey, readMember, toPropertyKey } from "../builtins/members.js";
import {
  CALLBACK_METHODS,
  callMethod,
  callReadingMethod,
  callReadingMethodOf1,
  methodAllowed,
  readingStringMethod,
} from "../builtins/methods.js";
import { readName } from "./name-access.js";
import { PATTERN_METHODS, loadRegexEngine } from "../regex/regex-engine.js";
import type { RunContext } from "../run-context.js";
import { Namespace, NativeCallable, isCallable, typeName } from "../values/values.js";

/** Member names whose call may call back a function it is given: array methods and `Array.from`. */
const CALLBACK_MEMBERS: ReadonlySet<string> = new Set([
  ...CALLBACK_METHODS,
  ...[...CALLBACK_GLOBALS].map((name) => name.slice(name.indexOf(".") + 1)),
]);

/** Compiles a call expression. */
export function compileCall(node: Node, compiler: Compiler): Compiled {
  const args = compileArguments(node.arguments, compiler);
  const callee: Node = node.callee;
  if (callee.type === "Identifier") return namedCall(node, compiler.resolve(callee.name), args);
  if (callee.type === "MemberExpression") return methodCall(node, args, compiler);
  const value = compiler.expression(callee);
  return valueCall(node, value.code, args);
}

/** Calls `invoke` with the evaluated arguments (after counting the node's step), waiting for them only when they may wait. */
export function withArguments(
  node: Node,
  args: Arguments,
  isAsync: boolean,
  invoke: (context: RunContext, frame: Frame, args: unknown[]) => unknown,
): Compiled {
  const argumentsCode = args.code;
  if (!args.async)
    return {
      async: isAsync,
      code: (context, frame) => {
        context.step(node);
        return invoke(context, frame, argumentsCode(context, frame) as unknown[]);
      },
    };
  return {
    async: true,
    code: (context, frame) => {
      context.step(node);
      return after(argumentsCode(context, frame), (ready) =>
        invoke(context, frame, ready as unknown[]),
      );
    },
  };
}

function notAFunction(context: RunContext, name: string, value: unknown, callee: Node) {
  return context.fault(
    "not_a_function",
    `'${name}' is ${typeName(value)}, not a function.`,
    callee,
    "call a kit tool, helper or safe global by name",
  );
}

function namedCall(node: Node, resolution: Resolution, args: Arguments): Compiled {
  const callee: Node = node.callee;
  const name: string = callee.name;
  switch (resolution.kind) {
    case "tool": {
      const index = resolution.index;
      return withArguments(node, args, true, (context, _frame, values) =>
        callTool(context, index, values, node),
      );
    }
    case "helper": {
      const helper = HELPER_IMPLEMENTATIONS[name];
      return withArguments(node, args, CALLBACK_HELPERS.has(name), (context, _frame, values) =>
        helper(context, values, node),
      );
    }
    case "global": {
      // A callable facade (`Number(x)`) calls its conversion; other facades are not functions.
      const value = resolution.value;
      const global =
        value instanceof Namespace
          ? value.callable
          : value instanceof NativeCallable
            ? value
            : null;
      if (global)
        return withArguments(node, args, CALLBACK_GLOBALS.has(name), (context, _frame, values) =>
          global.call(context, values, node),
        );
      break;
    }
  }
  return variableCall(node, readName(callee, resolution), args);
}

/** A call of a name that holds a value (a variable, a parameter): only closures and callables can be called. */
function variableCall(node: Node, read: Code, args: Arguments): Compiled {
  const callee: Node = node.callee;
  const optional = node.optional === true;
  const argumentsCode = args.code;
  return {
    async: true,
    code: (context, frame) => {
      context.step(node);
      const value = read(context, frame);
      if (optional && (value === null || value === undefined)) throw SHORT_CIRCUIT;
      if (!isCallable(value)) throw notAFunction(context, callee.name, value, callee);
      return after(argumentsCode(context, frame), (ready) =>
        context.callFunction(value, ready as unknown[], node),
      );
    },
  };
}

/** `(expression)(…)`: only in programs that skipped validation. */
function valueCall(node: Node, read: Code, args: Arguments): Compiled {
  const optional = node.optional === true;
  return {
    async: true,
    code: (context, frame) => {
      context.step(node);
      return after(read(context, frame), (value) => {
        if (optional && (value === null || value === undefined)) throw SHORT_CIRCUIT;
        return after(args.code(context, frame), (ready) =>
          context.callFunction(value, ready as unknown[], node),
        );
      });
    },
  };
}

/** `receiver.method(…)`, `Math.max(…)`, `o.f?.()` */
function methodCall(node: Node, args: Arguments, compiler: Compiler): Compiled {
  const callee: Node = node.callee;
  const receiver = compiler.expression(callee.object);
  const computed = callee.computed ? compiler.expression(callee.property) : null;
  const staticKey: string = callee.computed ? "" : callee.property.name;
  const optionalReceiver = callee.optional === true;
  const optionalCall = node.optional === true;
  const invoke = (context: RunContext, frame: Frame, value: unknown, key: string | number) => {
    checkKey(context, key, callee);
    if (optionalCall && !(value instanceof Namespace) && !methodAllowed(value, String(key))) {
      // `o.f?.()`: call only when o.f is there; data members are never callable, so a present one is an error below.
      const member = readMember(context, value, key, callee);
      if (member === null || member === undefined) throw SHORT_CIRCUIT;
    }
    if (value instanceof Namespace) {
      const member = value.members.get(String(key));
      if (!(member instanceof NativeCallable))
        throw context.fault(
          "not_a_function",
          `${value.name}.${key} is not a function in lackpy.`,
          callee,
        );
      return after(args.code(context, frame), (ready) =>
        member.call(context, ready as unknown[], node),
      );
    }
    return after(args.code(context, frame), (ready) =>
      callMethod(context, value, String(key), ready as unknown[], callee),
    );
  };
  const isAsync =
    receiver.async || args.async || computed !== null || CALLBACK_MEMBERS.has(staticKey);
  const forbiddenKey = !callee.computed && isForbiddenProperty(staticKey);
  const receiverCode = receiver.code;
  if (!receiver.async && !computed && !args.async) {
    const argumentsCode = args.code;
    const reading = forbiddenKey ? undefined : readingStringMethod(staticKey);
    if (reading && !optionalCall) {
      const single = args.single;
      // The commonest shape (`line.includes("TODO")` in a loop) makes no argument list a call.
      const read: (context: RunContext, frame: Frame, value: unknown) => unknown = single
        ? (context, frame, value) =>
            callReadingMethodOf1(context, value, reading, staticKey, single(context, frame), callee)
        : (context, frame, value) =>
            callReadingMethod(
              context,
              value,
              reading,
              staticKey,
              argumentsCode(context, frame) as unknown[],
              callee,
            );
      return {
        async: isAsync,
        code: (context, frame) => {
          context.step(node);
          const value = receiverCode(context, frame);
          if (optionalReceiver && (value === null || value === undefined)) throw SHORT_CIRCUIT;
          if (value instanceof Namespace) return invoke(context, frame, value, staticKey);
          return read(context, frame, value);
        },
      };
    }
    return {
      async: isAsync,
      code: (context, frame) => {
        context.step(node);
        const value = receiverCode(context, frame);
        if (optionalReceiver && (value === null || value === undefined)) throw SHORT_CIRCUIT;
        if (!optionalCall && !forbiddenKey && !(value instanceof Namespace)) {
          return callMethod(
            context,
            value,
            staticKey,
            argumentsCode(context, frame) as unknown[],
            callee,
          );
        }
        return invoke(context, frame, value, staticKey);
      },
    };
  }
  return {
    async: true,
    code: (context, frame) => {
      context.step(node);
      return after(receiverCode(context, frame), (value) => {
        if (optionalReceiver && (value === null || value === undefined)) throw SHORT_CIRCUIT;
        if (!computed) return invoke(context, frame, value, staticKey);
        return after(computed.code(context, frame), (key) => {
          const name = toPropertyKey(context, key, callee.property);
          // `text[key](…)` can make a regex the program's analysis could not see: wait for the engine.
          const loading =
            typeof value === "string" && PATTERN_METHODS.has(String(name))
              ? loadRegexEngine()
              : undefined;
          return loading
            ? loading.then(() => invoke(context, frame, value, name))
            : invoke(context, frame, value, name);
        });
      });
    },
  };
}
