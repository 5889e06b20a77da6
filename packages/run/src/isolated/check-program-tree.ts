/**
 * The shape check an isolated child makes of the tree its host sends (decision 155): the host
 * parsed and validated the program, and the child, which holds no parser, checks in one walk
 * what it can cheaply, so that the compiler and the interpreter only ever see the shapes they
 * were written for: a tree of plain nodes (no node reached twice, so no cycle), of the language's
 * node types and operators only, no deeper than the language allows, no larger than the largest
 * program's tree could be, and every field a node of the tree, a list of them, or plain data of
 * the few shapes acorn gives (a regex literal's pattern and flags, a template part's text, a
 * position). What a program may do is enforced again while it runs, whatever its tree: names
 * resolve to the run's tools, params, helpers and safe globals only, member reads and methods go
 * through the allowlists, secrets stay markers, and every limit holds.
 */
import { ALLOWED_NODE_TYPES, ALLOWED_OPERATORS, MAX_SOURCE_BYTES } from "@lackpy/lang";
import { MAX_TREE_DEPTH } from "../compile/analyze-program.js";

const NODE_TYPES: ReadonlySet<string> = new Set(ALLOWED_NODE_TYPES);

/** The operators each operator-bearing node type may carry. */
const OPERATORS: Readonly<Record<string, ReadonlySet<string>>> = Object.freeze({
  BinaryExpression: new Set(ALLOWED_OPERATORS.binary),
  LogicalExpression: new Set(ALLOWED_OPERATORS.logical),
  UnaryExpression: new Set(ALLOWED_OPERATORS.unary),
  UpdateExpression: new Set(ALLOWED_OPERATORS.update),
  AssignmentExpression: new Set(ALLOWED_OPERATORS.assignment),
});

/** Most nodes a tree may have: every node of a valid program covers at least one source byte. */
export const MAX_TREE_NODES = MAX_SOURCE_BYTES;

/** A tree's walk: the nodes seen so far (each once). */
interface Walk {
  seen: Set<object>;
}

class Refused extends Error {}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function isPrimitive(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "boolean"
  );
}

function isText(value: unknown): value is string {
  return typeof value === "string";
}

/** `{ line, column }` */
function isPlace(value: unknown): boolean {
  return isPlainObject(value) && Number.isInteger(value.line) && Number.isInteger(value.column);
}

/** The compound fields acorn gives that are data, not nodes: checked by their own shapes. */
function dataFieldAllowed(type: string, key: string, value: unknown): boolean {
  if (key === "loc")
    return value === null || (isPlainObject(value) && isPlace(value.start) && isPlace(value.end));
  if (type === "Literal" && key === "regex")
    return isPlainObject(value) && isText(value.pattern) && isText(value.flags);
  // A regex literal's `value` is the host's RegExp (or null); the interpreter uses `regex` only.
  if (type === "Literal" && key === "value") return value instanceof RegExp;
  if (type === "TemplateElement" && key === "value")
    return (
      isPlainObject(value) && isText(value.raw) && (value.cooked === null || isText(value.cooked))
    );
  return false;
}

function checkNode(value: unknown, depth: number, walk: Walk): void {
  if (!isPlainObject(value)) throw new Refused("a node that is not a plain object");
  if (walk.seen.has(value)) throw new Refused("a node reached twice");
  walk.seen.add(value);
  if (walk.seen.size > MAX_TREE_NODES) throw new Refused(`more than ${MAX_TREE_NODES} nodes`);
  if (depth > MAX_TREE_DEPTH) throw new Refused(`nesting deeper than ${MAX_TREE_DEPTH}`);
  const type = value.type;
  if (!isText(type) || !NODE_TYPES.has(type))
    throw new Refused(`the node type ${JSON.stringify(String(type)).slice(0, 60)}`);
  const operators = Object.hasOwn(OPERATORS, type) ? OPERATORS[type] : undefined;
  if (operators && !(isText(value.operator) && operators.has(value.operator)))
    throw new Refused(`the operator ${JSON.stringify(String(value.operator)).slice(0, 20)}`);
  for (const key of Object.keys(value)) {
    const field = value[key];
    if (isPrimitive(field)) continue;
    if (Array.isArray(field)) {
      // Node lists: an array literal's holes are null.
      for (const item of field) if (item !== null) checkNode(item, depth + 1, walk);
    } else if (isPlainObject(field) && isText(field.type)) checkNode(field, depth + 1, walk);
    else if (!dataFieldAllowed(type, key, field))
      throw new Refused(`the field '${key.slice(0, 40)}' of ${type}`);
  }
}

/**
 * Checks the shape of a program's tree as sent to a child: null when the tree may be compiled,
 * else what was wrong with it (for the run's error message). Never throws.
 */
export function checkProgramTree(ast: unknown): string | null {
  try {
    if (!isPlainObject(ast) || ast.type !== "Program") return "a tree whose root is not a Program";
    checkNode(ast, 1, { seen: new Set() });
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.message;
    // A tree too deep for this stack is refused too.
    return "a tree the child could not walk";
  }
}
