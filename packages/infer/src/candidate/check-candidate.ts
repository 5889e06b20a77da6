import { parseProgram, validate, type Node } from "@lackpy/lang";
import { EMPTY_PROGRAM, type ProgramIssue } from "../program-issue.js";
import type { GenerationContext } from "../provider-types.js";

/** A statement that does nothing: `;`, or a bare `null` or `undefined`. */
function isNothing(statement: Node): boolean {
  if (statement.type === "EmptyStatement") return true;
  if (statement.type !== "ExpressionStatement") return false;
  const expression = statement.expression;
  return (
    (expression.type === "Literal" && expression.value === null && !expression.regex) ||
    (expression.type === "Identifier" && expression.name === "undefined")
  );
}

/** True when a program parses but has nothing to run: empty, only comments or semicolons, or only `null`/`undefined`. */
export function isEmptyProgram(program: string): boolean {
  const parsed = parseProgram(program);
  return parsed.ok && parsed.ast.body.every(isNothing);
}

/** Why a candidate program cannot be accepted: empty, or the validator's errors against the kit, params and rules. */
export function checkCandidate(
  program: string,
  context: GenerationContext,
  boundParams: readonly string[],
  rules: readonly string[],
): ProgramIssue[] {
  if (isEmptyProgram(program)) return [EMPTY_PROGRAM];
  return [
    ...validate(program, {
      tools: context.kit.tools,
      // Specs keep their `secret` marks; bound params (template captures) are plain, never secret.
      params: { ...Object.fromEntries(boundParams.map((name) => [name, null])), ...context.params },
      rules,
    }).errors,
  ];
}
