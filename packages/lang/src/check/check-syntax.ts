import { ALLOWED_NODE_TYPES, ALLOWED_OPERATORS } from "../spec/allowed-syntax.js";
import { checkRegexLiteral } from "./check-regex.js";
import type { Node } from "../parse/parse-program.js";
import { REJECTED_SYNTAX } from "../spec/rejected-syntax.js";

/** A syntax problem found on one node: what it is in words, and the fix. */
export interface SyntaxProblem {
  message: string;
  hint: string;
}

const ALLOWED = new Set<string>(ALLOWED_NODE_TYPES);
const REJECTED = new Map(REJECTED_SYNTAX.map((entry) => [entry.nodeType, entry]));
/** Allowed binary operators, as a set for the walk. */
export const BINARY: ReadonlySet<string> = new Set(ALLOWED_OPERATORS.binary);
/** Allowed logical operators, as a set for the walk. */
export const LOGICAL: ReadonlySet<string> = new Set(ALLOWED_OPERATORS.logical);
/** Allowed unary operators, as a set for the walk. */
export const UNARY: ReadonlySet<string> = new Set(ALLOWED_OPERATORS.unary);
/** Allowed assignment operators, as a set for the walk. */
export const ASSIGNMENT: ReadonlySet<string> = new Set(ALLOWED_OPERATORS.assignment);

const OPERATOR_HINTS: Record<string, string> = {
  "**": "use Math.pow(a, b)",
  in: "use has(obj, key)",
  instanceof: "use Array.isArray(x) or typeof x",
  delete: 'build a new object without the key, e.g. dict(items(obj).filter(([k]) => k !== "key"))',
  void: "use undefined",
  "~": "bitwise operators are not available; use arithmetic",
};

function operatorProblem(operator: string, kind: string): SyntaxProblem {
  return {
    message: `The ${kind} operator '${operator}' is not allowed in lackpy programs.`,
    hint:
      OPERATOR_HINTS[operator] ??
      (/^[&|^<>]|>>>/.test(operator)
        ? "bitwise operators are not available; use arithmetic"
        : "use + - * / % and comparisons"),
  };
}

/**
 * Checks one node against the allowlist and the per-node rules that need no context
 * (operators, `var`, labels, literals, async arrows, getters). Position rules (arrows, await,
 * blocks, return) are checked by the walker, which knows the parent.
 */
export function checkNodeSyntax(node: Node): SyntaxProblem | null {
  return ALLOWED.has(node.type) ? allowedNodeProblem(node) : rejectedNodeProblem(node);
}

/** True for node types on the allowlist of language.md §2. */
export function isAllowedNodeType(type: string): boolean {
  return ALLOWED.has(type);
}

/** The problem of a node whose type is not on the allowlist. */
export function rejectedNodeProblem(node: Node): SyntaxProblem {
  const rejected = REJECTED.get(node.type);
  if (rejected)
    return {
      message: `${capitalize(rejected.construct)} is not allowed in lackpy programs.`,
      hint: rejected.hint,
    };
  return {
    message: `The syntax '${node.type}' is not allowed in lackpy programs.`,
    hint: "use statements, tool calls, if, for...of and expressions only",
  };
}

/** The per-node rules of an allowed node type (operators, `var`, labels, literals, arrows, properties). */
export function allowedNodeProblem(node: Node): SyntaxProblem | null {
  switch (node.type) {
    case "VariableDeclaration":
      if (node.kind !== "const" && node.kind !== "let") {
        return {
          message: `'${node.kind}' declarations are not allowed.`,
          hint: "use let or const instead of var",
        };
      }
      return null;
    case "BinaryExpression":
      return BINARY.has(node.operator) ? null : operatorProblem(node.operator, "binary");
    case "LogicalExpression":
      return LOGICAL.has(node.operator) ? null : operatorProblem(node.operator, "logical");
    case "UnaryExpression":
      return UNARY.has(node.operator) ? null : operatorProblem(node.operator, "unary");
    case "AssignmentExpression":
      return ASSIGNMENT.has(node.operator) ? null : operatorProblem(node.operator, "assignment");
    case "Literal":
      if (typeof node.bigint === "string")
        return { message: "BigInt literals are not allowed.", hint: "use ordinary numbers" };
      return node.regex ? checkRegexLiteral(node.regex.pattern, node.regex.flags) : null;
    case "BreakStatement":
    case "ContinueStatement":
      if (node.label)
        return {
          message: "Labelled break and continue are not allowed.",
          hint: "use break or continue without a label",
        };
      return null;
    case "ForOfStatement":
      if (node.await)
        return {
          message: "'for await' is not allowed.",
          hint: "tool calls are awaited for you: use for (const x of items)",
        };
      return null;
    case "ArrowFunctionExpression":
      if (node.async)
        return {
          message: "Async arrow functions are not allowed.",
          hint: "tool calls are awaited for you: drop async",
        };
      if (node.generator)
        return {
          message: "Generator functions are not allowed.",
          hint: "collect values in an array",
        };
      return null;
    case "Property":
      if (node.kind !== "init" || node.method) {
        return {
          message: "Methods, getters and setters in object literals are not allowed.",
          hint: "use plain key: value pairs",
        };
      }
      return null;
    default:
      return null;
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
