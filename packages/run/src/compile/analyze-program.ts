import { forEachChild, type Node } from "@lackpy/lang";
import { PATTERN_METHODS } from "../regex/regex-engine.js";

/** What the compiler needs to know about a whole program before compiling any part of it. */
export interface ProgramAnalysis {
  /** Names the program assigns (`x = …`, `x++`, `for (x of …)`, destructuring assignments). */
  readonly assigned: ReadonlySet<string>;
  /** `for…of` loops whose head or body contains an arrow function. */
  readonly loopsWithArrows: ReadonlySet<Node>;
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

/** One pass over the syntax tree: assigned names (cells), loops that need a frame per iteration, and whether it makes regexes. */
export function analyzeProgram(program: Node): ProgramAnalysis {
  const assigned = new Set<string>();
  const loopsWithArrows = new Set<Node>();
  const openLoops: Node[] = [];
  let makesRegex = false;
  const visit = (node: Node): void => {
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
      case "ArrowFunctionExpression":
        for (const loop of openLoops) loopsWithArrows.add(loop);
        break;
      case "ForOfStatement":
        if (node.left?.type !== "VariableDeclaration") addTargets(node.left, assigned);
        if (node.right) visit(node.right);
        openLoops.push(node);
        if (node.left) visit(node.left);
        if (node.body) visit(node.body);
        openLoops.pop();
        return;
    }
    forEachChild(node, visit);
  };
  visit(program);
  return { assigned, loopsWithArrows, makesRegex };
}
