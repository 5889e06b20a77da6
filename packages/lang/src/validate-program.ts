// PLACEHOLDER: being replaced by the full validator. Signatures are final.
import { parseProgram } from "./parse-program.js";
import { paramNames, type ValidateOptions, type ValidatedProgram } from "./validate-options.js";
import type { ValidationResult } from "./types.js";

/** Validates a program and, when it is valid, returns it ready to run. */
export function validateProgram(
  source: unknown,
  options: ValidateOptions = {},
): { validation: ValidationResult; program: ValidatedProgram | null } {
  const parsed = parseProgram(source);
  if (!parsed.ok) {
    const { code, message, line, column, hint } = parsed;
    return {
      validation: { valid: false, errors: [{ code, message, line, column, hint }], calls: [], variables: [], effects: { tools: [], grade: { w: 0, d: 0 } } },
      program: null,
    };
  }
  const validation: ValidationResult = { valid: true, errors: [], calls: [], variables: [], effects: { tools: [], grade: { w: 0, d: 0 } } };
  return {
    validation,
    program: { kind: "lackpy.validated", source: source as string, ast: parsed.ast, validation, names: { tools: (options.tools ?? []).map((t) => t.name).concat(options.allowedNames ?? []), params: paramNames(options.params) } },
  };
}

/** Validates a program: every static check of the language spec, all errors together. */
export function validate(source: unknown, options: ValidateOptions = {}): ValidationResult {
  return validateProgram(source, options).validation;
}
