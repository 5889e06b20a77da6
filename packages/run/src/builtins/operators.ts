import type { Node } from "@lackpy/lang";
import { toDisplayString, toNumber } from "../values/display.js";
import type { RunContext } from "../run-context.js";
import { SecretValue, secretFault } from "../secrets/secret-value.js";
import { Closure, NativeCallable, Namespace } from "../values/values.js";
import type { WorkMeter } from "../values/work-meter.js";

const isObject = (value: unknown) => typeof value === "object" && value !== null;

/** `a + b` with JavaScript semantics, computed without calling any method of the operands, within the size limit. */
export function add(interpreter: RunContext, left: unknown, right: unknown, node: Node): unknown {
  if (typeof left === "number" && typeof right === "number") return left + right;
  refuseOperands(left, right, "concatenated", node);
  const concatenates =
    typeof left === "string" || typeof right === "string" || isObject(left) || isObject(right);
  if (!concatenates) return toNumber(left) + toNumber(right);
  return concatenate(interpreter, [left, right], node);
}

/**
 * The display texts of `values` concatenated, as `+` and template literals make them: each text
 * is bounded while it is built, and the total is checked before the concatenation.
 */
export function concatenate(
  interpreter: RunContext,
  values: readonly unknown[],
  node: Node,
): string {
  let text = "";
  for (const value of values) {
    const next = toDisplayString(value, interpreter);
    interpreter.checkSize(text.length + next.length, "a string", node);
    text += next;
  }
  return text;
}

/** Any binary operator the language allows. */
export function binary(
  interpreter: RunContext,
  operator: string,
  left: unknown,
  right: unknown,
  node: Node,
): unknown {
  refuseOperands(left, right, OPERATOR_USE[operator] ?? "compared", node);
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
      return looseEquals(interpreter, left, right);
    case "!=":
      return !looseEquals(interpreter, left, right);
    case "<":
    case "<=":
    case ">":
    case ">=":
      return compare(interpreter, operator, left, right);
  }
  throw interpreter.fault("runtime_error", `The operator '${operator}' is not allowed.`, node);
}

function primitive(meter: WorkMeter, value: unknown): unknown {
  return isObject(value) ? toDisplayString(value, meter, "a string to compare") : value;
}

function looseEquals(meter: WorkMeter, left: unknown, right: unknown): boolean {
  if (isObject(left) && isObject(right)) return left === right;
  if ((left === null || left === undefined) && (right === null || right === undefined)) return true;
  if (left === null || left === undefined || right === null || right === undefined) return false;
  return primitive(meter, left) == primitive(meter, right);
}

function compare(meter: WorkMeter, operator: string, left: unknown, right: unknown): boolean {
  const a = primitive(meter, left) as number | string;
  const b = primitive(meter, right) as number | string;
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

const OPERATOR_USE: Readonly<Record<string, string>> = {
  "+": "concatenated",
  "-": "used in arithmetic",
  "*": "used in arithmetic",
  "/": "used in arithmetic",
  "%": "used in arithmetic",
};

/** `a === b`; a secret operand is refused (even an identity test is a question about it). */
export function strictEquals(left: unknown, right: unknown, node: Node): boolean {
  if (left instanceof SecretValue || right instanceof SecretValue)
    refuseOperands(left, right, "compared", node);
  return left === right;
}

/** A secret operand is refused: its value is never the program's to combine or compare. */
function refuseOperands(left: unknown, right: unknown, use: string, node: Node): void {
  if (left instanceof SecretValue) throw secretFault(left, use, node);
  if (right instanceof SecretValue) throw secretFault(right, use, node);
}

/** `typeof x` for program values: closures and callables are "function", facades "object"; a secret is refused. */
export function typeOf(value: unknown): string {
  if (value instanceof SecretValue) throw secretFault(value, "inspected with typeof");
  if (value instanceof Closure || value instanceof NativeCallable) return "function";
  if (value instanceof Namespace) return value.callable ? "function" : "object";
  return typeof value;
}
