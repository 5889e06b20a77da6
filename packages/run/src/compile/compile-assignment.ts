/** Compiles assignments and updates: `=` to any pattern, compound and logical assignment, `++`/`--`. */
import type { Node } from "@lackpy/lang";
import type { Code, Compiled, Compiler } from "./compiler.js";
import { toNumber, truthy } from "../values/display.js";
import { after } from "../maybe-async.js";
import { readMember, toPropertyKey, writeMember } from "../builtins/members.js";
import { assignName, readName } from "./name-access.js";
import { binary } from "../builtins/operators.js";
import type { RunContext } from "../run-context.js";

/** A read-modify-write target: a name, or a member (object and key evaluated once). */
interface Target {
  async: boolean;
  /** Evaluates the target's parts, then calls `use` with its current value and a writer. */
  code: (
    context: RunContext,
    frame: unknown[],
    use: (current: unknown, write: (value: unknown) => void) => unknown,
  ) => unknown;
}

function target(node: Node, compiler: Compiler): Target {
  if (node.type === "MemberExpression") {
    const object = compiler.expression(node.object);
    const computed = node.computed ? compiler.expression(node.property) : null;
    const staticKey: string = node.computed ? "" : node.property.name;
    return {
      async: object.async || computed?.async === true,
      code: (context, frame, use) =>
        after(object.code(context, frame), (value) =>
          after(computed ? computed.code(context, frame) : staticKey, (rawKey) => {
            const key = computed ? toPropertyKey(context, rawKey, node.property) : staticKey;
            return use(readMember(context, value, key, node), (next) =>
              writeMember(context, value, key, next, node),
            );
          }),
        ),
    };
  }
  if (node.type !== "Identifier")
    return {
      async: false,
      code: (context) => {
        throw context.fault("runtime_error", `Cannot assign to ${node.type}.`, node);
      },
    };
  const resolution = compiler.resolve(node.name);
  const read = readName(node, resolution);
  const write = assignName(node, resolution);
  return {
    async: false,
    code: (context, frame, use) =>
      use(read(context, frame), (value) => write(context, frame, value)),
  };
}

/**
 * A read-modify-write target whose parts never wait, as code that reads the current value, lets
 * `change` compute the new one, writes it, and returns what `change` returns.
 */
type SyncModify = (
  context: RunContext,
  frame: unknown[],
  change: (context: RunContext, frame: unknown[], current: unknown) => [unknown, unknown] | null,
) => unknown;

function syncModify(node: Node, compiler: Compiler): SyncModify | null {
  if (node.type === "Identifier") {
    const resolution = compiler.resolve(node.name);
    const read = readName(node, resolution);
    const write = assignName(node, resolution);
    return (context, frame, change) => {
      const current = read(context, frame);
      const outcome = change(context, frame, current);
      if (outcome === null) return current;
      write(context, frame, outcome[0]);
      return outcome[1];
    };
  }
  if (node.type !== "MemberExpression") return null;
  const object = compiler.expression(node.object);
  const computed = node.computed ? compiler.expression(node.property) : null;
  if (object.async || computed?.async) return null;
  const staticKey: string = node.computed ? "" : node.property.name;
  const objectCode = object.code;
  const keyCode = computed?.code;
  return (context, frame, change) => {
    const value = objectCode(context, frame);
    const key = keyCode
      ? toPropertyKey(context, keyCode(context, frame), node.property)
      : staticKey;
    const current = readMember(context, value, key, node);
    const outcome = change(context, frame, current);
    if (outcome === null) return current;
    writeMember(context, value, key, outcome[0], node);
    return outcome[1];
  };
}

/** `i++`, `--o.count` */
export function compileUpdate(node: Node, compiler: Compiler): Compiled {
  const delta = node.operator === "++" ? 1 : -1;
  const prefix = node.prefix === true;
  const fast = syncModify(node.argument, compiler);
  if (fast) {
    const change = (
      _context: RunContext,
      _frame: unknown[],
      current: unknown,
    ): [unknown, unknown] => {
      const old = toNumber(current);
      return [old + delta, prefix ? old + delta : old];
    };
    return {
      async: false,
      code: (context, frame) => {
        context.step(node);
        return fast(context, frame, change);
      },
    };
  }
  const place = target(node.argument, compiler);
  return {
    async: place.async,
    code: (context, frame) => {
      context.step(node);
      return place.code(context, frame, (current, write) => {
        const old = toNumber(current);
        write(old + delta);
        return prefix ? old + delta : old;
      });
    },
  };
}

/** `a = b`, `[a, b] = c`, `a += b`, `a ??= b`, … */
export function compileAssignment(node: Node, compiler: Compiler): Compiled {
  const operator: string = node.operator;
  const right = compiler.expression(node.right);
  const rightCode: Code = right.code;
  if (operator === "=") {
    const pattern = compiler.pattern(node.left, "assign");
    const bind = pattern.code;
    if (!right.async && !pattern.async)
      return {
        async: false,
        code: (context, frame) => {
          context.step(node);
          const value = rightCode(context, frame);
          bind(context, frame, value);
          return value;
        },
      };
    return {
      async: true,
      code: (context, frame) => {
        context.step(node);
        return after(rightCode(context, frame), (value) =>
          after(bind(context, frame, value), () => value),
        );
      },
    };
  }
  const logical = operator === "??=" || operator === "||=" || operator === "&&=";
  const keeps =
    operator === "??="
      ? (current: unknown) => current !== null && current !== undefined
      : operator === "||="
        ? truthy
        : (current: unknown) => !truthy(current);
  const arithmetic = operator.slice(0, -1);
  const fast = right.async ? null : syncModify(node.left, compiler);
  if (fast) {
    const change = (
      context: RunContext,
      frame: unknown[],
      current: unknown,
    ): [unknown, unknown] | null => {
      if (logical && keeps(current)) return null;
      const value = rightCode(context, frame);
      const result = logical ? value : binary(context, arithmetic, current, value, node);
      return [result, result];
    };
    return {
      async: false,
      code: (context, frame) => {
        context.step(node);
        return fast(context, frame, change);
      },
    };
  }
  const place = target(node.left, compiler);
  return {
    async: place.async || right.async,
    code: (context, frame) => {
      context.step(node);
      return place.code(context, frame, (current, write) => {
        if (logical && keeps(current)) return current;
        return after(rightCode(context, frame), (value) => {
          const result = logical ? value : binary(context, arithmetic, current, value, node);
          write(result);
          return result;
        });
      });
    },
  };
}
