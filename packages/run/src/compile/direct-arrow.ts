/**
 * Direct arrows: a callback whose body is one method call on its parameter, or on a literal with
 * the parameter as argument, with nothing else but literals (`line => line.includes("TODO")`,
 * `l => !l.startsWith("#")`, `l => /^\s*$/.test(l)`, `s => s.trim()`), called for an item without
 * a frame or an argument list. Everything else is the compiled body's: the same steps at the same
 * nodes in the same order (the arrow's call, then each node as its compiled code counts it), the
 * same work charged and the same host functions (`callReadingMethod`, `callMethod`,
 * `createRegex`, the unary operation), so outputs, errors, positions and step counts are equal
 * (a test runs both ways). The array methods' callbacks (`filter`, `map`, `some`, …) call it,
 * once an item, which is where the line work of real programs is.
 */
import { isForbiddenProperty, type Node } from "@lackpy/lang";
import {
  callMethod,
  callReadingMethod,
  callReadingMethodOf1,
  readingStringMethod,
} from "../builtins/methods.js";
import { createRegex } from "../regex/guest-regex.js";
import type { RunContext } from "../run-context.js";
import { NOT_DIRECT, Namespace, type DirectCode } from "../values/values.js";
import { unaryOperation } from "./compile-operators.js";

/** A part of the body evaluated for an item: counts its own steps. */
type Part = (context: RunContext, item: unknown) => unknown;

/** The direct form of an arrow, or null when its shape is not one of those above. */
export function directArrow(node: Node): DirectCode | null {
  const params: Node[] = node.params;
  if (params.length !== 1 || params[0].type !== "Identifier") return null;
  if (node.body.type === "BlockStatement" || node.async || node.generator) return null;
  const param: string = params[0].name;
  const body = bodyOf(node.body, param);
  if (body === null) return null;
  const { part, readsParamAsReceiver } = body;
  return (context: RunContext, item: unknown, callNode: Node) => {
    // A namespace receiver takes the compiled body's other way (its members are not methods).
    if (readsParamAsReceiver && item instanceof Namespace) return NOT_DIRECT;
    context.step(callNode);
    return part(context, item);
  };
}

function bodyOf(node: Node, param: string): { part: Part; readsParamAsReceiver: boolean } | null {
  if (node.type === "UnaryExpression" && node.operator !== "typeof") {
    const inner = bodyOf(node.argument, param);
    if (inner === null) return null;
    const operation = unaryOperation(node);
    const argument = inner.part;
    return {
      part: (context, item) => {
        context.step(node);
        return operation(context, argument(context, item));
      },
      readsParamAsReceiver: inner.readsParamAsReceiver,
    };
  }
  const call = methodCallOf(node, param);
  return call && { part: call.part, readsParamAsReceiver: call.onParam };
}

/** `receiver.key(args)`: the receiver the parameter or a literal, each argument the parameter or a literal. */
function methodCallOf(node: Node, param: string): { part: Part; onParam: boolean } | null {
  if (node.type !== "CallExpression" || node.optional) return null;
  const callee: Node = node.callee;
  if (callee.type !== "MemberExpression" || callee.computed || callee.optional) return null;
  const key: string = callee.property.name;
  if (isForbiddenProperty(key)) return null;
  const receiver = valueOf(callee.object, param);
  const args = (node.arguments as Node[]).map((argument) => valueOf(argument, param));
  if (receiver === null || args.some((argument) => argument === null)) return null;
  const parts = args as Part[];
  const reading = readingStringMethod(key);
  // The commonest shape (`line.includes("TODO")`) makes no argument list an item.
  if (reading && parts.length === 1) {
    const only = parts[0];
    return {
      part: (context, item) => {
        context.step(node);
        const value = receiver(context, item);
        return callReadingMethodOf1(context, value, reading, key, only(context, item), callee);
      },
      onParam: callee.object.type === "Identifier",
    };
  }
  const part: Part = (context, item) => {
    context.step(node);
    const value = receiver(context, item);
    const values: unknown[] = [];
    for (let index = 0; index < parts.length; index++) values.push(parts[index](context, item));
    return reading
      ? callReadingMethod(context, value, reading, key, values, callee)
      : callMethod(context, value, key, values, callee);
  };
  return { part, onParam: callee.object.type === "Identifier" };
}

/** The parameter, or a literal (a regex literal made as its compiled code makes it), as a part; null for anything else. */
function valueOf(node: Node, param: string): Part | null {
  if (node.type === "Identifier")
    return node.name === param
      ? (context, item) => {
          context.step(node);
          return item;
        }
      : null;
  if (node.type !== "Literal" || typeof node.value === "bigint") return null;
  if (node.regex) {
    const { pattern, flags } = node.regex;
    return (context) => {
      context.step(node);
      return createRegex(context, pattern, flags, node);
    };
  }
  const value = node.value;
  return (context) => {
    context.step(node);
    return value;
  };
}
