import { TooDeep, type OtherKits } from "../check/check-state.js";
import { MAX_SYNTAX_DEPTH } from "../spec/default-limits.js";
import { NO_EFFECTS, effectSummary } from "../rules/effect-summary.js";
import { parseProgram, type Node } from "../parse/parse-program.js";
import { predefinedNamesFor } from "../names/predefined-names.js";
import { LineIndex } from "../parse/source-position.js";
import { checkProgram } from "../check/program-checker.js";
import { parseRule, type Rule } from "../rules/rules.js";
import type { ToolSpec, ValidationError, ValidationResult } from "../types.js";
import { checkSecretUse } from "../check/check-secret-use.js";
import { secretExampleTool } from "../spec/secret-rule.js";
import {
  paramNames,
  secretParamNames,
  type ValidateOptions,
  type ValidatedProgram,
} from "./validate-options.js";
import { ValidationCache, freezeValidation, validationCacheKey } from "./validation-cache.js";

const CACHE = new ValidationCache();

/** A validation to run: the options resolved, and its cache key (null when it is not cached). */
interface Request {
  source: unknown;
  tools: readonly ToolSpec[];
  allowedNames: readonly string[];
  params: string[];
  secretParams: string[];
  rules: Rule[];
  otherKits: OtherKits | undefined;
  key: string | null;
}

/** The hint for a tool of another kit when the caller gives none. */
export const DEFAULT_KIT_HINT = 'use kit "{kit}"';

function request(source: unknown, options: ValidateOptions): Request {
  const tools = options.tools ?? [];
  const allowedNames = options.allowedNames ?? [];
  const params = paramNames(options.params);
  const secretParams = secretParamNames(options.params);
  const ruleOptions = options.rules ?? [];
  // A malformed rule is the caller's mistake: it throws before anything else, cached or not.
  const rules = ruleOptions.map(toRule);
  const otherKits = options.otherKits
    ? { kits: options.otherKits, hint: options.kitHint ?? DEFAULT_KIT_HINT }
    : undefined;
  const key =
    typeof source === "string" && options.cache !== false
      ? validationCacheKey(
          source,
          tools,
          allowedNames,
          params,
          secretParams,
          ruleOptions,
          otherKits,
        )
      : null;
  return { source, tools, allowedNames, params, secretParams, rules, otherKits, key };
}

/**
 * Validates a program and, when it is valid, returns it ready to run (with arrow bodies
 * normalised). An invalid program's validation may come from the cache; a valid program is
 * parsed and checked again, so its AST is fresh and the caller owns it.
 */
export function validateProgram(
  source: unknown,
  options: ValidateOptions = {},
): { validation: ValidationResult; program: ValidatedProgram | null } {
  const resolved = request(source, options);
  const cached = resolved.key === null ? undefined : CACHE.get(resolved.key);
  if (cached && !cached.valid) return { validation: cached, program: null };
  return check(resolved, cached, true);
}

/** Validates a program: every static check of the language spec, all errors reported together. The result is frozen and may be shared. */
export function validate(source: unknown, options: ValidateOptions = {}): ValidationResult {
  const resolved = request(source, options);
  const cached = resolved.key === null ? undefined : CACHE.get(resolved.key);
  return cached ?? check(resolved, undefined, false).validation;
}

function check(
  { source, tools, allowedNames, params, secretParams, rules, otherKits, key }: Request,
  cached: ValidationResult | undefined,
  wantProgram: boolean,
): { validation: ValidationResult; program: ValidatedProgram | null } {
  // Locations are for the interpreter, rules and the secret check; the other checks compute
  // error positions from offsets.
  const parsed = parseProgram(source, {
    locations: wantProgram || rules.length > 0 || secretParams.length > 0,
  });
  if (!parsed.ok) {
    const { code, message, line, column, hint } = parsed;
    return remember(key, failure([{ code, message, line, column, ...(hint ? { hint } : {}) }]));
  }
  const names = predefinedNamesFor({ params, tools, allowedNames });
  let checked;
  try {
    checked = checkProgram(source as string, parsed.ast, names, otherKits);
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
    return remember(key, failure([tooDeep(source as string, error.node)]));
  }
  const errors = checked.errors;
  if (secretParams.length > 0) {
    const refusing = new Set(
      tools.filter((tool) => tool.acceptsSecrets === false).map((tool) => tool.name),
    );
    errors.push(
      ...checkSecretUse(parsed.ast, {
        secrets: new Set(secretParams),
        isTool: (name) => names.get(name)?.kind === "tool",
        refusesSecrets: (name) => refusing.has(name),
        exampleTool: secretExampleTool(tools, allowedNames),
      }),
    );
  }
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
  if (errors.length > 1) errors.sort((a, b) => a.line - b.line || a.column - b.column);
  const validation =
    cached ??
    remember(key, {
      valid: errors.length === 0,
      errors,
      calls: checked.calls,
      variables: checked.variables,
      effects: effectSummary(checked.toolsUsed, tools),
    }).validation;
  if (!validation.valid || !wantProgram) return { validation, program: null };
  const program: ValidatedProgram = Object.freeze({
    kind: "lackpy.validated" as const,
    source: source as string,
    ast: parsed.ast,
    validation,
    names: Object.freeze({
      tools: Object.freeze([...tools.map((tool) => tool.name), ...allowedNames]),
      params: Object.freeze(params),
      secretParams: Object.freeze(secretParams),
      cells: Object.freeze([...checked.cells.keys()]),
    }),
  });
  return { validation, program };
}

/** Freezes a result and stores it under its key (when it has one). */
function remember(
  key: string | null,
  result: ValidationResult,
): { validation: ValidationResult; program: null } {
  const validation = freezeValidation(result);
  if (key !== null) CACHE.set(key, validation);
  return { validation, program: null };
}

function tooDeep(source: string, node: Node): ValidationError {
  return {
    code: "too_deep",
    message: `The program is nested more than ${MAX_SYNTAX_DEPTH} levels deep.`,
    ...new LineIndex(source).position(node.start),
    hint: "split long chains and nested expressions into several statements with variables",
  };
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
    effects: NO_EFFECTS,
  };
}
