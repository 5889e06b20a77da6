import type { Node } from "@lackpy/lang";
import { displayLength, toDisplayString, toNumber } from "./display.js";
import type { RunContext } from "./run-context.js";
import { Closure, NativeCallable, Namespace } from "./values.js";

const isObject = (value: unknown) => typeof value === "object" && value !== null;

/** `a + b` with JavaScript semantics, computed without calling any method of the operands, within the size limit. */
export function add(interpreter: RunContext, left: unknown, right: unknown, node: Node): unknown {
  if (typeof left === "number" && typeof right === "number") return left + right;
  const concatenates =
    typeof left === "string" || typeof right === "string" || isObject(left) || isObject(right);
  if (!concatenates) return toNumber(left) + toNumber(right);
  const limit = interpreter.limits.maxSize;
  const length = displayLength(left, limit) + displayLength(right, limit);
  interpreter.checkSize(length, "a string", node);
  return toDisplayString(left) + toDisplayString(right);
}

/** Any binary operator the language allows. */
export function binary(
  interpreter: RunContext,
  operator: string,
  left: unknown,
  right: unknown,
  node: Node,
): unknown {
  switch (operator) {
    case "+":
      return add(interpreter, left, right, node);
    case "-":
      return toNumber(left) - toNumber(right);
    case "*":
      return toNumber(left) * toNumber(right);
    case "/":
      return toNumber(left) / toNumber(right);
    case "%":
      return toNumber(left) % toNumber(right);
    case "===":
      return left === right;
    case "!==":
      return left !== right;
    case "==":
      return looseEquals(left, right);
    case "!=":
      return !looseEquals(left, right);
    case "<":
    case "<=":
    case ">":
    case ">=":
      return compare(operator, left, right);
  }
  throw interpreter.fault("runtime_error", `The operator '${operator}' is not allowed.`, node);
}

function primitive(value: unknown): unknown {
  return isObject(value) ? toDisplayString(value) : value;
}

function looseEquals(left: unknown, right: unknown): boolean {
  if (isObject(left) && isObject(right)) return left === right;
  if ((left === null || left === undefined) && (right === null || right === undefined)) return true;
  if (left === null || left === undefined || right === null || right === undefined) return false;
  return primitive(left) == primitive(right);
}

function compare(operator: string, left: unknown, right: unknown): boolean {
  const a = primitive(left) as number | string;
  const b = primitive(right) as number | string;
  switch (operator) {
    case "<":
      return a < b;
    case "<=":
      return a <= b;
    case ">":
      return a > b;
    default:
      return a >= b;
  }
}

/** `typeof x` for program values: closures and callables are "function", facades "object". */
export function typeOf(value: unknown): string {
  if (value instanceof Closure || value instanceof NativeCallable) return "function";
  if (value instanceof Namespace) return "object";
  return typeof value;
}
