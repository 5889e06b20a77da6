/** Compiles operators: conditional, logical, binary, unary and await. */
import type { Node } from "@lackpy/lang";
import type { Compiled, Compiler } from "./compiler.js";
import { toNumber, truthy } from "../values/display.js";
import { after } from "../maybe-async.js";
import { readName } from "./name-access.js";
import { add, binary, strictEquals, typeOf } from "../builtins/operators.js";
import type { RunContext } from "../run-context.js";

/** `test ? consequent : alternate` */
export function compileConditional(node: Node, compiler: Compiler): Compiled {
  const test = compiler.expression(node.test);
  const consequent = compiler.expression(node.consequent);
  const alternate = compiler.expression(node.alternate);
  const [testCode, yes, no] = [test.code, consequent.code, alternate.code];
  if (!test.async)
    return {
      async: consequent.async || alternate.async,
      code: (context, frame) => {
        context.step(node);
        return truthy(testCode(context, frame)) ? yes(context, frame) : no(context, frame);
      },
    };
  return {
    async: true,
    code: (context, frame) => {
      context.step(node);
      return after(testCode(context, frame), (value) =>
        truthy(value) ? yes(context, frame) : no(context, frame),
      );
    },
  };
}

/** `a && b`, `a || b`, `a ?? b` */
export function compileLogical(node: Node, compiler: Compiler): Compiled {
  const left = compiler.expression(node.left);
  const right = compiler.expression(node.right);
  const leftCode = left.code;
  const rightCode = right.code;
  const operator: string = node.operator;
  const takesLeft =
    operator === "&&"
      ? (value: unknown) => !truthy(value)
      : operator === "||"
        ? truthy
        : (value: unknown) => value !== null && value !== undefined;
  if (!left.async)
    return {
      async: right.async,
      code: (context, frame) => {
        context.step(node);
        const value = leftCode(context, frame);
        return takesLeft(value) ? value : rightCode(context, frame);
      },
    };
  return {
    async: true,
    code: (context, frame) => {
      context.step(node);
      return after(leftCode(context, frame), (value) =>
        takesLeft(value) ? value : rightCode(context, frame),
      );
    },
  };
}

type Combine = (context: RunContext, left: unknown, right: unknown) => unknown;

function combiner(operator: string, node: Node): Combine {
  switch (operator) {
    case "+":
      return (context, left, right) => add(context, left, right, node);
    case "===":
      return (_context, left, right) => strictEquals(left, right, node);
    case "!==":
      return (_context, left, right) => !strictEquals(left, right, node);
    default:
      return (context, left, right) => binary(context, operator, left, right, node);
  }
}

/** `a + b`, `a < b`, … */
export function compileBinary(node: Node, compiler: Compiler): Compiled {
  const left = compiler.expression(node.left);
  const right = compiler.expression(node.right);
  const leftCode = left.code;
  const rightCode = right.code;
  const combine = combiner(node.operator, node);
  if (!left.async && !right.async)
    return {
      async: false,
      code: (context, frame) => {
        context.step(node);
        const value = leftCode(context, frame);
        return combine(context, value, rightCode(context, frame));
      },
    };
  return {
    async: true,
    code: (context, frame) => {
      context.step(node);
      return after(leftCode(context, frame), (value) =>
        after(rightCode(context, frame), (other) => combine(context, value, other)),
      );
    },
  };
}

export function unaryOperation(node: Node): (context: RunContext, value: unknown) => unknown {
  switch (node.operator) {
    case "!":
      return (_context, value) => !truthy(value);
    case "-":
      return (_context, value) => -toNumber(value);
    case "+":
      return (_context, value) => toNumber(value);
    case "typeof":
      return (_context, value) => typeOf(value);
    default:
      return (context) => {
        throw context.fault(
          "runtime_error",
          `The operator '${node.operator}' is not allowed.`,
          node,
        );
      };
  }
}

/** `!a`, `-a`, `+a`, `typeof a` (an unknown bare name is "undefined", not an error) */
export function compileUnary(node: Node, compiler: Compiler): Compiled {
  if (node.operator === "typeof" && node.argument.type === "Identifier") {
    const read = readName(node.argument, compiler.resolve(node.argument.name), true);
    return {
      async: false,
      code: (context, frame) => {
        context.step(node);
        return typeOf(read(context, frame));
      },
    };
  }
  const argument = compiler.expression(node.argument);
  const argumentCode = argument.code;
  const operation = unaryOperation(node);
  return {
    async: argument.async,
    code: argument.async
      ? (context, frame) => {
          context.step(node);
          return after(argumentCode(context, frame), (value) => operation(context, value));
        }
      : (context, frame) => {
          context.step(node);
          return operation(context, argumentCode(context, frame));
        },
  };
}

/** `await call()`: tool calls are awaited anyway; `await` waits only when its call can. */
export function compileAwait(node: Node, compiler: Compiler): Compiled {
  const argument = compiler.expression(node.argument);
  const code = argument.code;
  return {
    async: argument.async,
    code: (context, frame) => {
      context.step(node);
      return code(context, frame);
    },
  };
}
