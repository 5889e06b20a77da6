import type { Node } from "./parse-program.js";

/** Child keys of each ESTree node type lackpy meets, in source order; unknown types fall back to a scan. */
const CHILD_KEYS: Record<string, readonly string[]> = {
  Program: ["body"],
  ExpressionStatement: ["expression"],
  VariableDeclaration: ["declarations"],
  VariableDeclarator: ["id", "init"],
  IfStatement: ["test", "consequent", "alternate"],
  ForOfStatement: ["left", "right", "body"],
  ForStatement: ["init", "test", "update", "body"],
  BlockStatement: ["body"],
  BreakStatement: [],
  ContinueStatement: [],
  EmptyStatement: [],
  Identifier: [],
  Literal: [],
  TemplateLiteral: ["quasis", "expressions"],
  TemplateElement: [],
  ArrayExpression: ["elements"],
  ObjectExpression: ["properties"],
  Property: ["key", "value"],
  SpreadElement: ["argument"],
  MemberExpression: ["object", "property"],
  ChainExpression: ["expression"],
  CallExpression: ["callee", "arguments"],
  NewExpression: ["callee", "arguments"],
  ConditionalExpression: ["test", "consequent", "alternate"],
  LogicalExpression: ["left", "right"],
  BinaryExpression: ["left", "right"],
  UnaryExpression: ["argument"],
  UpdateExpression: ["argument"],
  AssignmentExpression: ["left", "right"],
  AwaitExpression: ["argument"],
  ArrowFunctionExpression: ["params", "body"],
  ArrayPattern: ["elements"],
  ObjectPattern: ["properties"],
  AssignmentPattern: ["left", "right"],
  RestElement: ["argument"],
  ReturnStatement: ["argument"],
};

const SKIPPED_KEYS = new Set([
  "type",
  "start",
  "end",
  "loc",
  "range",
  "raw",
  "regex",
  "value",
  "name",
]);

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}

/** Calls `each` for every direct child node of an ESTree node, in source order. */
export function forEachChild(node: Node, each: (child: Node) => void): void {
  const keys = CHILD_KEYS[node.type];
  if (keys) {
    for (let index = 0; index < keys.length; index++) {
      const value = node[keys[index]];
      if (value === null || value === undefined) continue;
      if (Array.isArray(value)) {
        for (let item = 0; item < value.length; item++) if (value[item]) each(value[item]);
      } else {
        each(value);
      }
    }
    return;
  }
  for (const key in node) {
    if (SKIPPED_KEYS.has(key)) continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) each(item);
    } else if (isNode(value)) {
      each(value);
    }
  }
}

/** The direct child nodes of an ESTree node, in source order. */
export function childNodes(node: Node): Node[] {
  const children: Node[] = [];
  forEachChild(node, (child) => children.push(child));
  return children;
}

/**
 * Visits every node without recursion, so a 100,000-link member chain that acorn parses
 * iteratively cannot overflow the stack here. Returns the first node nested deeper than
 * `limit`, or null, and calls `each` (when given) for every node on the way.
 */
export function scanTree(root: Node, limit: number, each?: (node: Node) => void): Node | null {
  const nodes: Node[] = [root];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const level = depths.pop()!;
    if (level > limit) return node;
    each?.(node);
    forEachChild(node, (child) => {
      nodes.push(child);
      depths.push(level + 1);
    });
  }
  return null;
}

/** The deepest nesting of the tree (counted up to `limit + 1`) and the first node past the limit. */
export function measureDepth(root: Node, limit: number): { depth: number; deepest: Node | null } {
  let depth = 0;
  const nodes: Node[] = [root];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const level = depths.pop()!;
    if (level > depth) depth = level;
    if (level > limit) return { depth: level, deepest: node };
    forEachChild(node, (child) => {
      nodes.push(child);
      depths.push(level + 1);
    });
  }
  return { depth, deepest: null };
}

/** Calls `visit` for every node of a tree (depth-first, pre-order, source order) with its ancestors. */
export function forEachNode(
  root: Node,
  visit: (node: Node, ancestors: readonly Node[]) => void,
): void {
  const ancestors: Node[] = [];
  const walk = (node: Node): void => {
    visit(node, ancestors);
    ancestors.push(node);
    forEachChild(node, walk);
    ancestors.pop();
  };
  walk(root);
}
