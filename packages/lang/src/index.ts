export { validate, validateProgram } from "./validate-program.js";
export { paramNames, secretParamNames } from "./validate-options.js";
export {
  SECRET_RULE,
  secretAccessHint,
  secretAccessMessage,
  secretExampleTool,
  secretRefusedHint,
  secretRefusedMessage,
} from "./secret-rule.js";
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
export { languageSpec, NAME_RULES } from "./language-spec.js";
export { ALLOWED_NODE_TYPES, ALLOWED_OPERATORS } from "./allowed-syntax.js";
export { REJECTED_SYNTAX } from "./rejected-syntax.js";
export { FORBIDDEN_NAMES, FORBIDDEN_PROPERTIES } from "./forbidden-names.js";
export { HELPERS } from "./helper-builtins.js";
export { SAFE_GLOBALS } from "./safe-globals.js";
export { METHOD_ALLOWLIST } from "./method-allowlist.js";
export {
  DEFAULT_LIMITS,
  MAX_SOURCE_BYTES,
  MAX_SYNTAX_DEPTH,
  LANGUAGE_VERSION,
} from "./default-limits.js";
export type {
  LanguageSpec,
  HelperSpec,
  SafeGlobalSpec,
  GlobalMemberSpec,
  MethodReceiverType,
  NameRulesSpec,
  PredefinedNameKind,
  RejectedSyntaxSpec,
  LimitDefaults,
} from "./language-spec-types.js";
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
