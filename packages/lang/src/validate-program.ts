import { computeGrade } from "./grade.js";
import { MAX_SYNTAX_DEPTH } from "./language-spec.js";
import { parseProgram, type Node } from "./parse-program.js";
import { PredefinedNames } from "./predefined-names.js";
import { parseRule, type Rule } from "./rules.js";
import type { EffectSummary, ToolSpec, ValidationError, ValidationResult } from "./types.js";
import { checkSecretUse } from "./check-secret-use.js";
import {
  paramNames,
  secretParamNames,
  type ValidateOptions,
  type ValidatedProgram,
} from "./validate-options.js";
import { ProgramChecker } from "./program-checker.js";
import { scanTree } from "./walk.js";

/** Validates a program and, when it is valid, returns it ready to run (with arrow bodies normalised). */
export function validateProgram(
  source: unknown,
  options: ValidateOptions = {},
): { validation: ValidationResult; program: ValidatedProgram | null } {
  const tools = options.tools ?? [];
  const params = paramNames(options.params);
  const secretParams = secretParamNames(options.params);
  const rules = (options.rules ?? []).map(toRule);
  const parsed = parseProgram(source);
  if (!parsed.ok) {
    const { code, message, line, column, hint } = parsed;
    return {
      validation: failure([{ code, message, line, column, ...(hint ? { hint } : {}) }]),
      program: null,
    };
  }
  const names = new PredefinedNames({ params, tools, allowedNames: options.allowedNames ?? [] });
  const checker = new ProgramChecker(source as string, names);
  const deepest = scanTree(parsed.ast, MAX_SYNTAX_DEPTH, (node) => checker.noteAssignments(node));
  if (deepest) {
    return {
      validation: failure([
        {
          code: "too_deep",
          message: `The program is nested more than ${MAX_SYNTAX_DEPTH} levels deep.`,
          line: deepest.loc?.start.line ?? 1,
          column: deepest.loc?.start.column ?? 0,
          hint: "split long chains and nested expressions into several statements with variables",
        },
      ]),
      program: null,
    };
  }
  checker.check(parsed.ast);
  const errors = [...checker.errors];
  errors.push(
    ...checkSecretUse(parsed.ast, {
      secrets: new Set(secretParams),
      isTool: (name) => names.get(name)?.kind === "tool",
      exampleTool: tools[0]?.name ?? options.allowedNames?.[0],
    }),
  );
  if (errors.length === 0) {
    for (const rule of rules) {
      for (const violation of rule.check(parsed.ast)) {
        errors.push({
          code: "rule_violation",
          ...violation,
          message: `Rule ${rule.name}: ${violation.message}`,
        });
      }
    }
  }
  errors.sort((a, b) => a.line - b.line || a.column - b.column);
  const validation: ValidationResult = {
    valid: errors.length === 0,
    errors,
    calls: checker.calls,
    variables: checker.variables,
    effects: effectsOf(checker.toolsUsed, tools),
  };
  if (!validation.valid) return { validation, program: null };
  const program: ValidatedProgram = Object.freeze({
    kind: "lackpy.validated" as const,
    source: source as string,
    ast: parsed.ast,
    validation,
    names: Object.freeze({
      tools: [...tools.map((tool) => tool.name), ...(options.allowedNames ?? [])],
      params,
      secretParams,
    }),
  });
  return { validation, program };
}

/** Validates a program: every static check of the language spec, all errors reported together. */
export function validate(source: unknown, options: ValidateOptions = {}): ValidationResult {
  return validateProgram(source, options).validation;
}

function toRule(rule: string | Rule | ((program: Node) => ReturnType<Rule["check"]>)): Rule {
  if (typeof rule === "string") return parseRule(rule);
  if (typeof rule === "function") return { name: rule.name || "custom", check: rule };
  return rule;
}

function failure(errors: ValidationError[]): ValidationResult {
  return {
    valid: false,
    errors,
    calls: [],
    variables: [],
    effects: { tools: [], grade: { w: 0, d: 0 } },
  };
}

function effectsOf(used: ReadonlySet<string>, tools: readonly ToolSpec[]): EffectSummary {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const specs = [...used].map((name) => byName.get(name) ?? { name });
  return {
    tools: specs.map((tool) => ({
      name: tool.name,
      gradeW: tool.gradeW ?? 3,
      effectsCeiling: tool.effectsCeiling ?? 3,
    })),
    grade: computeGrade(specs),
  };
}
