import type { Node } from "./parse-program.js";

const SKIPPED_KEYS = new Set(["type", "start", "end", "loc", "range", "raw", "regex", "value", "name"]);

/** The direct child nodes of an ESTree node, in source order. */
export function childNodes(node: Node): Node[] {
  const children: Node[] = [];
  for (const key in node) {
    if (SKIPPED_KEYS.has(key)) continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) children.push(item);
    } else if (isNode(value)) {
      children.push(value);
    }
  }
  return children;
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}

/**
 * The deepest nesting of the tree, measured without recursion, so a 100,000-link member chain
 * that acorn parses iteratively cannot overflow the stack here. Stops counting past `limit`
 * and returns the first node found deeper than it.
 */
export function measureDepth(root: Node, limit: number): { depth: number; deepest: Node | null } {
  const stack: [Node, number][] = [[root, 1]];
  let depth = 0;
  while (stack.length > 0) {
    const [node, level] = stack.pop()!;
    if (level > depth) depth = level;
    if (level > limit) return { depth: level, deepest: node };
    for (const child of childNodes(node)) stack.push([child, level + 1]);
  }
  return { depth, deepest: null };
}

/** Calls `visit` for every node of a tree (depth-first, pre-order, source order) with its ancestors. */
export function forEachNode(root: Node, visit: (node: Node, ancestors: readonly Node[]) => void): void {
  const ancestors: Node[] = [];
  const walk = (node: Node): void => {
    visit(node, ancestors);
    ancestors.push(node);
    for (const child of childNodes(node)) walk(child);
    ancestors.pop();
  };
  walk(root);
}
