/**
 * Kit-tool argument types (language.md §5, `bad_argument_type`): a literal written in a tool call
 * (`read_file(42)`) is compared with the type its `ArgSpec` declares. Only what the program
 * spells out is judged, and only against type names the check understands (`string`, `number`,
 * `integer`, `boolean`, `null`, `array`, `object`, `any`, their Python spellings, `T[]`, unions,
 * quoted literals such as `"asc" | "desc"` and object types such as `{ limit?: number }`, whose
 * fields are not judged); a type it does not understand accepts anything.
 * Type names are parsed without backtracking: one pass to split a union at its top level.
 */
import type { CheckState } from "./check-state.js";
import type { Node } from "../parse/parse-program.js";
import type { ArgSpec } from "../types.js";

/** A literal argument as the check sees it. */
type LiteralValue =
  | { kind: "string"; value: string | undefined }
  | { kind: "number"; value: number }
  | { kind: "boolean"; value: boolean }
  | { kind: "null" }
  | { kind: "array"; elements: readonly (Node | null)[] }
  | { kind: "object" };

/** Deepest type nesting judged (`string[][]`, `(a | b)[]`); deeper types accept anything. */
const MAX_TYPE_DEPTH = 8;
/** Longest type name judged; longer ones accept anything. */
const MAX_TYPE_LENGTH = 200;

const SCALARS: Readonly<Record<string, (literal: LiteralValue) => boolean>> = Object.freeze({
  string: (literal) => literal.kind === "string",
  str: (literal) => literal.kind === "string",
  number: (literal) => literal.kind === "number",
  float: (literal) => literal.kind === "number",
  integer: (literal) => literal.kind === "number" && Number.isInteger(literal.value),
  int: (literal) => literal.kind === "number" && Number.isInteger(literal.value),
  boolean: (literal) => literal.kind === "boolean",
  bool: (literal) => literal.kind === "boolean",
  null: (literal) => literal.kind === "null",
  array: (literal) => literal.kind === "array",
  list: (literal) => literal.kind === "array",
  object: (literal) => literal.kind === "object",
  dict: (literal) => literal.kind === "object",
  any: () => true,
  unknown: () => true,
});

/** Reports each literal argument of a tool call that its declared type does not accept. */
export function checkArgumentTypes(state: CheckState, node: Node, args: readonly ArgSpec[]): void {
  const given: readonly Node[] = node.arguments;
  for (let index = 0; index < given.length && index < args.length; index++) {
    const spec = args[index];
    const literal = literalOf(given[index]);
    if (!literal || typeof spec.type !== "string") continue;
    if (accepts(spec.type, literal, 0) !== false) continue;
    const name: string = node.callee.name;
    state.report(
      "bad_argument_type",
      given[index],
      `${name}'s ${spec.name} must be ${article(spec.type)}, not ${describe(literal)}.`,
      `call it as ${typedSignature(name, args)}`,
    );
  }
}

/** `read_file(path: string)`: the tool's typed signature, optional arguments marked with `?`. */
export function typedSignature(name: string, args: readonly ArgSpec[]): string {
  return `${name}(${args.map((arg) => `${arg.name}${arg.optional ? "?" : ""}: ${arg.type}`).join(", ")})`;
}

/** The literal a call argument spells out, or undefined when the program computes it. */
function literalOf(node: Node): LiteralValue | undefined {
  switch (node.type) {
    case "Literal":
      if (node.regex || node.bigint !== undefined) return undefined;
      if (node.value === null) return { kind: "null" };
      if (typeof node.value === "string") return { kind: "string", value: node.value };
      if (typeof node.value === "number") return { kind: "number", value: node.value };
      if (typeof node.value === "boolean") return { kind: "boolean", value: node.value };
      return undefined;
    case "TemplateLiteral":
      // Always a string; its value is known only without substitutions.
      return {
        kind: "string",
        value:
          node.expressions.length === 0 ? (node.quasis[0].value.cooked ?? undefined) : undefined,
      };
    case "UnaryExpression":
      if (node.operator === "-" && node.argument.type === "Literal") {
        const value = node.argument.value;
        return typeof value === "number" ? { kind: "number", value: -value } : undefined;
      }
      return undefined;
    case "ArrayExpression":
      return { kind: "array", elements: node.elements };
    case "ObjectExpression":
      return { kind: "object" };
    default:
      return undefined;
  }
}

/**
 * True when the type accepts the literal, false when it cannot, undefined when the type is one
 * the check does not understand (then nothing is reported).
 */
function accepts(type: string, literal: LiteralValue, depth: number): boolean | undefined {
  const text = type.trim();
  if (depth > MAX_TYPE_DEPTH || text.length > MAX_TYPE_LENGTH) return undefined;
  const members = splitUnion(text);
  if (members === undefined) return undefined;
  if (members.length > 1) {
    let known = true;
    for (const member of members) {
      const answer = accepts(member, literal, depth + 1);
      if (answer === true) return true;
      if (answer === undefined) known = false;
    }
    return known ? false : undefined;
  }
  if (text.startsWith("(") && text.endsWith(")"))
    return accepts(text.slice(1, -1), literal, depth + 1);
  // An object type (`{ include_ignored?: boolean }`): only the literal's kind is judged.
  if (text.startsWith("{") && text.endsWith("}")) return literal.kind === "object";
  if (text.endsWith("[]")) {
    if (literal.kind !== "array") return false;
    return elementsFit(text.slice(0, -2), literal.elements, depth);
  }
  const quoted = quotedLiteral(text);
  if (quoted !== undefined) {
    if (literal.kind !== "string" && literal.kind !== "number") return false;
    return literal.value === undefined ? undefined : literal.value === quoted;
  }
  const scalar = Object.hasOwn(SCALARS, text.toLowerCase())
    ? SCALARS[text.toLowerCase()]
    : undefined;
  return scalar ? scalar(literal) : undefined;
}

/** Every literal element of an array literal fits the element type (spreads and computed elements are not judged). */
function elementsFit(
  type: string,
  elements: readonly (Node | null)[],
  depth: number,
): boolean | undefined {
  let known: boolean | undefined = true;
  for (const element of elements) {
    if (!element || element.type === "SpreadElement") continue;
    const literal = literalOf(element);
    if (!literal) continue;
    const answer = accepts(type, literal, depth + 1);
    if (answer === false) return false;
    if (answer === undefined) known = undefined;
  }
  return known;
}

/** The members of a union split at its top level (not inside parentheses, brackets or quotes); undefined when unbalanced. */
function splitUnion(text: string): string[] | undefined {
  const members: string[] = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      if (char === "\\") index++;
      else if (char === quote) quote = "";
    } else if (char === '"' || char === "'") quote = char;
    else if (char === "(" || char === "[" || char === "<" || char === "{") depth++;
    else if (char === ")" || char === "]" || char === ">" || char === "}") {
      if (--depth < 0) return undefined;
    } else if (char === "|" && depth === 0) {
      members.push(text.slice(start, index).trim());
      start = index + 1;
    }
  }
  if (depth !== 0 || quote) return undefined;
  members.push(text.slice(start).trim());
  return members;
}

/** The value of a quoted string type (`"asc"`) or a number type (`3`), else undefined. */
function quotedLiteral(text: string): string | number | undefined {
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text.length < 2) return undefined;
  const first = text[0];
  if ((first !== '"' && first !== "'") || text.at(-1) !== first) return undefined;
  if (first === '"') {
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === "string" ? value : undefined;
    } catch {
      return undefined;
    }
  }
  return text.slice(1, -1);
}

function article(type: string): string {
  const text = type.trim();
  if (/[|[\]{}"']/.test(text)) return `of type ${text}`;
  return `${/^[aeiou]/i.test(text) ? "an" : "a"} ${text}`;
}

function describe(literal: LiteralValue): string {
  switch (literal.kind) {
    case "string":
      if (literal.value === undefined) return "a string";
      return `the string ${JSON.stringify(literal.value.length > 40 ? `${literal.value.slice(0, 40)}…` : literal.value)}`;
    case "number":
      return `the number ${literal.value}`;
    case "boolean":
      return `the boolean ${literal.value}`;
    case "null":
      return "null";
    case "array":
      return "an array";
    case "object":
      return "an object";
  }
}
