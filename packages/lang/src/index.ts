export { validate, validateProgram } from "./validate-program.js";
export { paramNames, secretParamNames } from "./validate-options.js";
export { SECRET_RULE, secretAccessHint, secretAccessMessage } from "./secret-rule.js";
export type { SecretRuleSpec } from "./secret-rule.js";
export type { ValidateOptions, ValidatedProgram } from "./validate-options.js";
export { parseProgram, PARSE_OPTIONS, utf8ByteLength } from "./parse-program.js";
export type { Node, ParseFailure, ParseSuccess } from "./parse-program.js";
export { isForbiddenProperty, forbiddenPropertyMessage } from "./check-property.js";
export { computeGrade, MAX_GRADE } from "./grade.js";
export { editDistance, nearestName } from "./predefined-names.js";
export { LackpyError, LangError } from "./lackpy-error.js";
export type { LangErrorCode } from "./lackpy-error.js";
export { parseRule, noLoops, maxDepth, maxCalls, noNestedCalls, RULE_NAMES } from "./rules.js";
export type { Rule, RuleFunction, RuleViolation } from "./rules.js";
export { formatLanguageSpec } from "./format-language-spec.js";
export { childNodes, forEachChild, forEachNode, measureDepth, scanTree } from "./walk.js";
export {
  languageSpec,
  ALLOWED_NODE_TYPES,
  ALLOWED_OPERATORS,
  REJECTED_SYNTAX,
  FORBIDDEN_NAMES,
  FORBIDDEN_PROPERTIES,
  HELPERS,
  SAFE_GLOBALS,
  METHOD_ALLOWLIST,
  DEFAULT_LIMITS,
  MAX_SOURCE_BYTES,
  MAX_SYNTAX_DEPTH,
  LANGUAGE_VERSION,
} from "./language-spec.js";
export type {
  LanguageSpec,
  HelperSpec,
  SafeGlobalSpec,
  GlobalMemberSpec,
  MethodReceiverType,
  RejectedSyntaxSpec,
  LimitDefaults,
} from "./language-spec.js";
export type {
  ArgSpec,
  ToolSpec,
  ToolExample,
  Grade,
  ParamSpec,
  ValidationError,
  ValidationErrorCode,
  ValidationResult,
  EffectSummary,
} from "./types.js";
