import { LangError } from "../lackpy-error.js";
import type { Node } from "../parse/parse-program.js";
import { forEachNode } from "../parse/walk.js";
import { nodePosition } from "../parse/source-position.js";

/** A problem an extra rule found. */
export interface RuleViolation {
  message: string;
  line: number;
  column: number;
  hint?: string;
}

/** A named, optionally parameterised extra check that can only make validation stricter. */
export interface Rule {
  /** The name as it travels through config, CLI and MCP, e.g. `max_calls:5`. */
  name: string;
  check(program: Node): RuleViolation[];
}

/** A custom rule function from the library API. */
export type RuleFunction = (program: Node) => RuleViolation[];

/** The names of the built-in rules, with the form of their argument. */
export const RULE_NAMES = Object.freeze([
  "no_loops",
  "max_depth:N",
  "max_calls:N",
  "no_nested_calls",
]);

const at = (node: Node, message: string, hint?: string): RuleViolation => ({
  message,
  ...(nodePosition(node) ?? { line: 1, column: 1 }),
  ...(hint ? { hint } : {}),
});

/** Rejects every loop. */
export function noLoops(): Rule {
  return {
    name: "no_loops",
    check(program) {
      const violations: RuleViolation[] = [];
      forEachNode(program, (node) => {
        if (node.type === "ForOfStatement" || node.type === "ForStatement")
          violations.push(
            at(
              node,
              "Loops are not allowed by this kit's rules.",
              "call tools directly, or use xs.map(...) / xs.filter(...)",
            ),
          );
      });
      return violations;
    },
  };
}

/** Rejects `if`/`for` blocks nested deeper than `limit`. */
export function maxDepth(limit: number): Rule {
  return {
    name: `max_depth:${limit}`,
    check(program) {
      const violations: RuleViolation[] = [];
      forEachNode(program, (node, ancestors) => {
        if (!opensBlock(node) || isElseIf(node, ancestors.at(-1))) return;
        const depth =
          1 +
          ancestors.filter(
            (ancestor, index) => opensBlock(ancestor) && !isElseIf(ancestor, ancestors[index - 1]),
          ).length;
        if (depth > limit) {
          violations.push(
            at(
              node,
              `Nesting depth ${depth} exceeds the limit of ${limit}.`,
              "flatten the logic: compute values first, then branch",
            ),
          );
        }
      });
      return violations;
    },
  };
}

function opensBlock(node: Node): boolean {
  return (
    node.type === "IfStatement" || node.type === "ForOfStatement" || node.type === "ForStatement"
  );
}

/** An `else if` continues its parent `if`; it is not a deeper block. */
function isElseIf(node: Node, parent: Node | undefined): boolean {
  return node.type === "IfStatement" && parent?.type === "IfStatement" && parent.alternate === node;
}

/** Rejects programs with more than `limit` call expressions (helpers and methods included). */
export function maxCalls(limit: number): Rule {
  return {
    name: `max_calls:${limit}`,
    check(program) {
      let count = 0;
      let first: Node | null = null;
      forEachNode(program, (node) => {
        if (node.type !== "CallExpression") return;
        count++;
        if (count === limit + 1) first = node;
      });
      return first
        ? [
            at(
              first,
              `The program makes ${count} calls; the limit is ${limit}.`,
              "use fewer calls, e.g. one find_files and a loop",
            ),
          ]
        : [];
    },
  };
}

/** Rejects a call passed directly as an argument of another call. */
export function noNestedCalls(): Rule {
  return {
    name: "no_nested_calls",
    check(program) {
      const violations: RuleViolation[] = [];
      forEachNode(program, (node) => {
        if (node.type !== "CallExpression") return;
        for (const argument of node.arguments) {
          const inner = argument.type === "AwaitExpression" ? argument.argument : argument;
          if (inner.type === "CallExpression")
            violations.push(
              at(
                inner,
                "A call is nested inside another call's arguments.",
                "assign the inner call to a variable first",
              ),
            );
        }
      });
      return violations;
    },
  };
}

/** Parses a rule name such as `no_loops` or `max_calls:5`; throws `LangError` for an unknown or malformed rule. */
export function parseRule(text: string): Rule {
  const trimmed = String(text).trim();
  const [name, argument, ...rest] = trimmed.split(":");
  const needsNumber = name === "max_depth" || name === "max_calls";
  if (needsNumber) {
    const limit = Number(argument);
    if (
      rest.length > 0 ||
      argument === undefined ||
      !/^\d+$/.test(argument) ||
      !Number.isSafeInteger(limit)
    ) {
      throw new LangError(
        "invalid_rule",
        `Rule '${trimmed}' needs a whole number, e.g. ${name}:5.`,
        { hint: `write ${name}:N` },
      );
    }
    return name === "max_depth" ? maxDepth(limit) : maxCalls(limit);
  }
  if (argument !== undefined)
    throw new LangError("invalid_rule", `Rule '${name}' takes no argument.`, {
      hint: `write ${name}`,
    });
  if (name === "no_loops") return noLoops();
  if (name === "no_nested_calls") return noNestedCalls();
  throw new LangError("invalid_rule", `Unknown rule '${trimmed}'.`, {
    hint: `use one of: ${RULE_NAMES.join(", ")}`,
  });
}
