/** Compiles names, literals and template literals, and nodes that refuse to run. */
import type { Node } from "@lackpy/lang";
import type { Frame } from "./compile-scope.js";
import type { Code, Compiled, Compiler } from "./compiler.js";
import { createRegex } from "../regex/guest-regex.js";
import { concatenate } from "../builtins/operators.js";
import { readName } from "./name-access.js";
import type { RunContext } from "../run-context.js";

/** A node that cannot run: faults when reached (after its step), never at compile time. */
export function refuse(node: Node, message: string): Compiled {
  return {
    async: false,
    code: (context) => {
      context.step(node);
      throw context.fault("runtime_error", message, node);
    },
  };
}

/** `name` */
export function compileIdentifier(node: Node, compiler: Compiler): Compiled {
  const read = readName(node, compiler.resolve(node.name));
  return {
    async: false,
    code: (context, frame) => {
      context.step(node);
      return read(context, frame);
    },
  };
}

/** `1`, `"a"`, `null`, `/re/g` */
export function compileLiteral(node: Node): Compiled {
  if (node.regex) {
    const { pattern, flags } = node.regex;
    return {
      async: false,
      code: (context) => {
        context.step(node);
        return createRegex(context, pattern, flags, node);
      },
    };
  }
  if (typeof node.value === "bigint")
    return refuse(node, "BigInt literals are not part of lackpy.");
  const value = node.value;
  return {
    async: false,
    code: (context) => {
      context.step(node);
      return value;
    },
  };
}

/** `` `a${b}c` `` */
export function compileTemplate(node: Node, compiler: Compiler): Compiled {
  const parts = node.expressions.map((expression: Node) => compiler.expression(expression));
  const quasis: string[] = node.quasis.map((quasi: Node) => quasi.value.cooked ?? "");
  const append = (context: RunContext, text: string, value: unknown, index: number) =>
    concatenate(context, [text, value, quasis[index + 1]], node);
  const codes: Code[] = parts.map((part: Compiled) => part.code);
  if (!parts.some((part: Compiled) => part.async))
    return {
      async: false,
      code: (context, frame) => {
        context.step(node);
        let text = quasis[0];
        for (let index = 0; index < codes.length; index++)
          text = append(context, text, codes[index](context, frame), index);
        return text;
      },
    };
  const from = (context: RunContext, frame: Frame, text: string, index: number): unknown => {
    for (; index < codes.length; index++) {
      const value = codes[index](context, frame);
      if (value instanceof Promise) {
        const at = index;
        return value.then((ready) =>
          from(context, frame, append(context, text, ready, at), at + 1),
        );
      }
      text = append(context, text, value, index);
    }
    return text;
  };
  return {
    async: true,
    code: (context, frame) => {
      context.step(node);
      return from(context, frame, quasis[0], 0);
    },
  };
}
