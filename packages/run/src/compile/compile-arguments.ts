import type { Node } from "@lackpy/lang";
import type { Frame } from "./compile-scope.js";
import type { Code, Compiler } from "./compiler.js";
import { iterate } from "../builtins/iterate.js";
import type { RunContext } from "../run-context.js";
import { inChunks } from "../values/work-meter.js";

/** Code that evaluates a call's arguments into an array (a promise of one only when `async`). */
export interface Arguments {
  readonly async: boolean;
  readonly code: (context: RunContext, frame: Frame) => unknown;
  /** The one argument's own code, for a call of one argument that is no spread and never waits. */
  readonly single?: Code;
}

/** Compiles a call's arguments, spreads included (an array's size is checked before it is copied). */
export function compileArguments(nodes: readonly Node[], compiler: Compiler): Arguments {
  const parts = nodes.map((argument) =>
    argument.type === "SpreadElement"
      ? { spread: argument, value: compiler.expression(argument.argument) }
      : { spread: null, value: compiler.expression(argument) },
  );
  const add = (context: RunContext, args: unknown[], index: number, value: unknown) => {
    const spread = parts[index].spread;
    if (!spread) {
      args.push(value);
      return;
    }
    // An array's size is known before iterating it: a spread too big fails on size first.
    if (Array.isArray(value))
      context.checkLength(args.length + value.length, "an argument list", spread);
    const items = iterate(context, value, spread);
    context.checkLength(args.length + items.length, "an argument list", spread);
    inChunks(context, items.length, 1, (start, end) => {
      for (let index = start; index < end; index++) args.push(items[index]);
    });
  };
  const from = (context: RunContext, frame: Frame, args: unknown[], index: number): unknown => {
    for (; index < parts.length; index++) {
      const value = parts[index].value.code(context, frame);
      if (value instanceof Promise) {
        const at = index;
        return value.then((ready) => {
          add(context, args, at, ready);
          return from(context, frame, args, at + 1);
        });
      }
      add(context, args, index, value);
    }
    return args;
  };
  const async = parts.some((part) => part.value.async);
  if (!async && parts.every((part) => !part.spread))
    return plainArguments(parts.map((part) => part.value.code));
  return { async, code: (context, frame) => from(context, frame, [], 0) };
}

/** Arguments without spreads that never wait: evaluated in order straight into their array. */
function plainArguments(codes: readonly Code[]): Arguments {
  if (codes.length === 0) return { async: false, code: () => [] };
  if (codes.length === 1) {
    const [first] = codes;
    return { async: false, code: (context, frame) => [first(context, frame)], single: first };
  }
  if (codes.length === 2) {
    const [first, second] = codes;
    return {
      async: false,
      code: (context, frame) => {
        const one = first(context, frame);
        return [one, second(context, frame)];
      },
    };
  }
  return {
    async: false,
    code: (context, frame) => {
      const args: unknown[] = [];
      for (const code of codes) args.push(code(context, frame));
      return args;
    },
  };
}
