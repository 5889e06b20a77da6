import { parseProgram, validate } from "@lackpy/lang";
import { EMPTY_PROGRAM, type ProgramIssue } from "./program-issue.js";
import type { GenerationContext } from "./provider-types.js";

/** True when a program parses but has no statement to run (empty, only comments or semicolons). */
export function isEmptyProgram(program: string): boolean {
  const parsed = parseProgram(program);
  return (
    parsed.ok &&
    parsed.ast.body.every((statement: { type: string }) => statement.type === "EmptyStatement")
  );
}

/** Why a candidate program cannot be accepted: empty, or the validator's errors against the kit, params and rules. */
export function checkCandidate(
  program: string,
  context: GenerationContext,
  boundParams: readonly string[],
  rules: readonly string[],
): ProgramIssue[] {
  if (isEmptyProgram(program)) return [EMPTY_PROGRAM];
  return validate(program, {
    tools: context.kit.tools,
    params: [...Object.keys(context.params), ...boundParams],
    rules,
  }).errors;
}
