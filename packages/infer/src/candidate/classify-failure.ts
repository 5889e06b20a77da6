import type { ProgramIssue } from "../program-issue.js";

/** Why a generated program failed, for the eval's failure-mode counts. */
export type FailureMode =
  | "implement_not_orchestrate"
  | "stdlib_leak"
  | "path_prefix"
  | "syntax_artifact"
  | "key_hallucination"
  | "wrong_output";

/** Classifies a failed program by its validation errors, run error and text. */
export function classifyFailure(failure: {
  program: string;
  errors?: readonly Pick<ProgramIssue, "code" | "message">[];
  runError?: { code: string; message: string } | null;
}): FailureMode {
  const errors = failure.errors ?? [];
  const text = failure.program;
  if (
    /```|^(here|sure|this program)/im.test(text) ||
    errors.some(
      (error) =>
        error.code === "parse_error" ||
        error.code === "empty_program" ||
        error.code === "ambiguous_answer",
    )
  )
    return "syntax_artifact";
  if (
    errors.some(
      (error) => error.code === "forbidden_syntax" && /function|class/.test(error.message),
    ) ||
    /\bfunction\b|\bclass\b/.test(text)
  )
    return "implement_not_orchestrate";
  if (
    /\b(require|fs|path|process|console)\b/.test(text) ||
    errors.some(
      (error) =>
        error.code === "forbidden_name" ||
        (error.code === "unknown_name" && /console|fs|path|require|process/.test(error.message)),
    )
  )
    return "stdlib_leak";
  if (
    /["'`](\/|~\/|\.\.\/|[A-Za-z]:\\)/.test(text) ||
    /outside the workspace/.test(failure.runError?.message ?? "")
  )
    return "path_prefix";
  if (
    failure.runError &&
    /Cannot read|of undefined|of null|not iterable/.test(failure.runError.message)
  )
    return "key_hallucination";
  return "wrong_output";
}

const CODE_HINTS: Record<string, string> = {
  unknown_name:
    "Only the listed tools, helpers and your own variables exist; call tools by name instead of Node modules.",
  unknown_function: "Call only the listed tools and helpers.",
  forbidden_syntax:
    "Write plain statements: const/let, if, for...of, tool calls; no functions, classes, while or imports.",
  forbidden_name: "There is no process, require, globalThis or eval; use the tools.",
  forbidden_property:
    "Read data fields by name; constructor, prototype and __ names are never available.",
  arrow_position:
    "Pass arrow functions directly to helpers or methods; never store them or give them to tools.",
  callable_as_value: "Call tools and helpers directly; do not store them in variables.",
  asi_hazard: "End lines with semicolons or do not start a line with ( or [.",
  assign_to_constant: "Use a new variable name; tools, helpers and parameters cannot be assigned.",
  bad_arity: "Call each tool with the arguments listed in its signature.",
  bad_argument_type: "Pass each tool argument with the type its signature shows.",
  await_position: "Tool calls are awaited for you; drop await.",
};

/** A positive, tool-naming hint for an error code, for retry prompts. */
export function hintFor(code: string, toolNames: readonly string[] = []): string {
  const base = CODE_HINTS[code] ?? "Follow the rules of the system prompt.";
  return toolNames.length > 0 ? `${base} Available tools: ${toolNames.join(", ")}.` : base;
}
