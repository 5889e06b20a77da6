import type { ValidationErrorCode } from "@lackpy/lang";

/** Codes of answers that hold no single program: nothing to run, or no way to tell which code is the program. */
export type AnswerProblemCode = "empty_program" | "ambiguous_answer";

/** True for codes about the answer as a whole rather than a place in the program. */
export function isAnswerProblem(code: string): code is AnswerProblemCode {
  return code === "empty_program" || code === "ambiguous_answer";
}

/** Why a candidate program was rejected: a validation error, or a problem with the answer as a whole. */
export interface ProgramIssue {
  code: ValidationErrorCode | AnswerProblemCode;
  message: string;
  /** Line in the candidate program, from 1 (1 for problems with the whole answer). */
  line: number;
  /** Column, from 1. */
  column: number;
  hint?: string;
}

/** The issue for an answer with no program in it: empty, or only comments. */
export const EMPTY_PROGRAM: ProgramIssue = Object.freeze({
  code: "empty_program",
  message: "The answer has no program: it is empty, only comments, or only null.",
  line: 1,
  column: 1,
  hint: "answer with the program itself, ending with an expression whose value is the answer",
});

/** An issue for an answer whose program cannot be told apart from the rest. */
export function ambiguousAnswer(message: string): ProgramIssue {
  return {
    code: "ambiguous_answer",
    message,
    line: 1,
    column: 1,
    hint: "answer with exactly one program and nothing else: no prose, no second code block",
  };
}

/** One line per issue, `code: message (line L, column C; hint: H)`, for correction records (no position for problems with the whole answer). */
export function describeIssues(issues: readonly ProgramIssue[]): string[] {
  return issues.map((issue) => {
    const details = [
      ...(isAnswerProblem(issue.code) ? [] : [`line ${issue.line}, column ${issue.column}`]),
      ...(issue.hint ? [`hint: ${issue.hint}`] : []),
    ];
    return `${issue.code}: ${issue.message} (${details.join("; ")})`;
  });
}
