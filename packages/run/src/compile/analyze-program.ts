import { forEachChild, MAX_SYNTAX_DEPTH, type Node } from "@lackpy/lang";
import { PATTERN_METHODS } from "../regex/regex-engine.js";
import { ProgramFault } from "../run-error.js";

/**
 * The deepest tree the interpreter compiles, counted in nodes from the root: a validated
 * program's is at most `MAX_SYNTAX_DEPTH` (the validator's count), and this leaves it room, so
 * only a tree no validation made, or a broken one, is stopped.
 */
export const MAX_TREE_DEPTH = 2 * MAX_SYNTAX_DEPTH;

/** What the compiler needs to know about a whole program before compiling any part of it. */
export interface ProgramAnalysis {
  /** Names the program assigns (`x = …`, `x++`, `for (x of …)`, destructuring assignments). */
  readonly assigned: ReadonlySet<string>;
  /** `for…of` and C-style `for` loops whose head or body contains an arrow function. */
  readonly loopsWithArrows: ReadonlySet<Node>;
  /** Loops inside an arrow whose body holds a `return` of that arrow. */
  readonly loopsWithReturn: ReadonlySet<Node>;
  /**
   * True when the program can make a regex: a regex literal, or a pattern method (`match`,
   * `matchAll`, `search`) named statically, which turns a string argument into a regex. Such a
   * program needs the regex engine loaded before it runs.
   */
  readonly makesRegex: boolean;
}

function addTargets(pattern: Node | null | undefined, names: Set<string>): void {
  if (!pattern) return;
  switch (pattern.type) {
    case "Identifier":
      names.add(pattern.name);
      return;
    case "ObjectPattern":
      for (const property of pattern.properties ?? [])
        addTargets(property.type === "RestElement" ? property.argument : property.value, names);
      return;
    case "ArrayPattern":
      for (const element of pattern.elements ?? []) addTargets(element, names);
      return;
    case "AssignmentPattern":
      addTargets(pattern.left, names);
      return;
    case "RestElement":
      addTargets(pattern.argument, names);
      return;
  }
}

/** One pass over the syntax tree: assigned names (cells), loops that need a frame per iteration or can return, and whether it makes regexes. */
export function analyzeProgram(program: Node): ProgramAnalysis {
  const assigned = new Set<string>();
  const loopsWithArrows = new Set<Node>();
  const loopsWithReturn = new Set<Node>();
  const openLoops: Node[] = [];
  // The open loops inside the innermost arrow: a `return` there stops each of them.
  let loopsInArrow: Node[] = [];
  let makesRegex = false;
  let depth = 0;
  // A tree deeper than the language allows (one no validation made) stops here, before any
  // recursion of the compiler could run out of stack: the first walk is this one.
  const visit = (node: Node): void => {
    if (++depth > MAX_TREE_DEPTH)
      throw new ProgramFault("limit_steps", "The program nested too deeply.");
    visitNode(node);
    depth--;
  };
  const visitNode = (node: Node): void => {
    switch (node.type) {
      case "Literal":
        if (node.regex) makesRegex = true;
        break;
      case "MemberExpression":
        if (
          node.computed
            ? node.property?.type === "Literal" && PATTERN_METHODS.has(node.property.value)
            : PATTERN_METHODS.has(node.property?.name)
        )
          makesRegex = true;
        break;
      case "AssignmentExpression":
        addTargets(node.left, assigned);
        break;
      case "UpdateExpression":
        addTargets(node.argument, assigned);
        break;
      case "ArrowFunctionExpression": {
        for (const loop of openLoops) loopsWithArrows.add(loop);
        const outer = loopsInArrow;
        loopsInArrow = [];
        forEachChild(node, visit);
        loopsInArrow = outer;
        return;
      }
      case "ReturnStatement":
        for (const loop of loopsInArrow) loopsWithReturn.add(loop);
        break;
      case "ForOfStatement":
        if (node.left?.type !== "VariableDeclaration") addTargets(node.left, assigned);
        if (node.right) visit(node.right);
        openLoops.push(node);
        loopsInArrow.push(node);
        if (node.left) visit(node.left);
        if (node.body) visit(node.body);
        openLoops.pop();
        loopsInArrow.pop();
        return;
      case "ForStatement":
        openLoops.push(node);
        loopsInArrow.push(node);
        forEachChild(node, visit);
        openLoops.pop();
        loopsInArrow.pop();
        return;
    }
    forEachChild(node, visit);
  };
  visit(program);
  return { assigned, loopsWithArrows, loopsWithReturn, makesRegex };
}
