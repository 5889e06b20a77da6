/** Compiles member reads (`a.b`, `a[k]`, `a?.b`) and optional chains. */
import type { Node } from "@lackpy/lang";
import type { Compiled, Compiler } from "./compiler.js";
import { after } from "../maybe-async.js";
import { readMember, toPropertyKey } from "../builtins/members.js";

/** Thrown when an optional chain meets null or undefined; caught by its ChainExpression. */
export const SHORT_CIRCUIT: unique symbol = Symbol("short-circuit");

/** `object.name`, `object[key]`, `object?.name` */
export function compileMember(node: Node, compiler: Compiler): Compiled {
  const object = compiler.expression(node.object);
  const computed = node.computed ? compiler.expression(node.property) : null;
  const staticKey: string = node.computed ? "" : node.property.name;
  const optional = node.optional === true;
  const objectCode = object.code;
  if (!object.async && !computed?.async) {
    const keyCode = computed?.code;
    return {
      async: false,
      code: (context, frame) => {
        context.step(node);
        const value = objectCode(context, frame);
        if (optional && (value === null || value === undefined)) throw SHORT_CIRCUIT;
        const key = keyCode
          ? toPropertyKey(context, keyCode(context, frame), node.property)
          : staticKey;
        return readMember(context, value, key, node);
      },
    };
  }
  return {
    async: true,
    code: (context, frame) => {
      context.step(node);
      return after(objectCode(context, frame), (value) => {
        if (optional && (value === null || value === undefined)) throw SHORT_CIRCUIT;
        if (!computed) return readMember(context, value, staticKey, node);
        return after(computed.code(context, frame), (key) =>
          readMember(context, value, toPropertyKey(context, key, node.property), node),
        );
      });
    },
  };
}

function endOfChain(error: unknown): undefined {
  if (error === SHORT_CIRCUIT) return undefined;
  throw error;
}

/** `a?.b.c`: an optional link that meets null or undefined makes the whole chain undefined. */
export function compileChain(node: Node, compiler: Compiler): Compiled {
  const inner = compiler.expression(node.expression);
  const code = inner.code;
  return {
    async: inner.async,
    code: (context, frame) => {
      context.step(node);
      try {
        const value = code(context, frame);
        return value instanceof Promise ? value.catch(endOfChain) : value;
      } catch (error) {
        return endOfChain(error);
      }
    },
  };
}
