export { validate, validateProgram } from "./validate/validate-program.js";
export { paramNames, secretParamNames } from "./validate/validate-options.js";
export {
  SECRET_RULE,
  secretAccessHint,
  secretAccessMessage,
  secretExampleTool,
  secretRefusedHint,
  secretRefusedMessage,
} from "./spec/secret-rule.js";
export type { SecretRuleSpec } from "./spec/secret-rule.js";
export { ARGUMENT_TYPE_RULE } from "./spec/argument-types.js";
export type { ArgumentTypeRuleSpec } from "./spec/argument-types.js";
export { typedSignature } from "./check/check-argument-types.js";
export type { ValidateOptions, ValidatedProgram } from "./validate/validate-options.js";
export { parseProgram, PARSE_OPTIONS } from "./parse/parse-program.js";
export { utf8ByteLength } from "./parse/utf8-byte-length.js";
export { monotonicMs } from "./monotonic-ms.js";
export type { Node, ParseFailure, ParseSuccess } from "./parse/parse-program.js";
export { nodePosition } from "./parse/source-position.js";
export type { SourcePosition } from "./parse/source-position.js";
export { isForbiddenProperty, forbiddenPropertyMessage } from "./check/check-property.js";
export { computeGrade, MAX_GRADE } from "./rules/grade.js";
export { editDistance, nearestName } from "./names/predefined-names.js";
export { LackpyError, LangError } from "./lackpy-error.js";
export type { LangErrorCode } from "./lackpy-error.js";
export {
  parseRule,
  noLoops,
  maxDepth,
  maxCalls,
  noNestedCalls,
  RULE_NAMES,
} from "./rules/rules.js";
export type { Rule, RuleFunction, RuleViolation } from "./rules/rules.js";
export { formatLanguageSpec } from "./spec/format-language-spec.js";
export { childNodes, forEachChild, forEachNode, measureDepth, scanTree } from "./parse/walk.js";
export { languageSpec, NAME_RULES } from "./spec/language-spec.js";
export { ALLOWED_NODE_TYPES, ALLOWED_OPERATORS } from "./spec/allowed-syntax.js";
export { REJECTED_SYNTAX } from "./spec/rejected-syntax.js";
export { FORBIDDEN_NAMES, FORBIDDEN_PROPERTIES } from "./spec/forbidden-names.js";
export { HELPERS } from "./spec/helper-builtins.js";
export { countLines } from "./spec/count-lines.js";
export { allowedLine, helperUsage, methodsExceptLine, methodsLine } from "./spec/summary-lines.js";
export { SAFE_GLOBALS } from "./spec/safe-globals.js";
export { METHOD_ALLOWLIST } from "./spec/method-allowlist.js";
export { CONSTRUCTORS } from "./spec/constructors.js";
export { COMMON_FORMS } from "./spec/common-forms.js";
export {
  DEFAULT_LIMITS,
  MAX_SOURCE_BYTES,
  MAX_SYNTAX_DEPTH,
  LANGUAGE_VERSION,
} from "./spec/default-limits.js";
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
  ConstructorSpec,
  CommonFormsSpec,
  RefusedFormSpec,
} from "./spec/language-spec-types.js";
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
