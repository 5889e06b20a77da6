export { Dispatcher } from "./dispatcher.js";
export type {
  DispatcherOptions,
  GenerationResult,
  GenerationFailure,
  CorrectionAttempt,
  TierFailure,
} from "./dispatcher.js";
export type {
  Provider,
  ProviderAnswer,
  GenerationContext,
  KitView,
  AttemptFeedback,
  ProviderMiss,
  Suggestion,
} from "./provider-types.js";
export {
  TemplatesProvider,
  staticTemplates,
  templateReading,
} from "./templates/templates-provider.js";
export type { TemplateSource, TemplateSet } from "./templates/templates-provider.js";
export {
  parseTemplate,
  formatTemplate,
  patternParams,
  TEMPLATE_ORIGINS,
} from "./templates/template.js";
export type {
  Template,
  TemplateOrigin,
  TemplateProblem,
  TemplateProblemCode,
  ParsedTemplate,
} from "./templates/template.js";
export {
  matchTemplate,
  matchTemplates,
  compilePattern,
  patternSpecificity,
  MAX_MATCHED_INTENT_CHARS,
} from "./templates/template-match.js";
export { normaliseIntent, intentForMatching } from "./templates/intent-for-matching.js";
export {
  patternProblem,
  checkPattern,
  PATTERN_HINT,
  MAX_PATTERN_CHARS,
  MAX_PATTERN_PLACEHOLDERS,
} from "./templates/pattern-matcher.js";
export type { PatternMatcher } from "./templates/pattern-matcher.js";
export type { TemplateMatch } from "./templates/template-match.js";
export { TemplateIndex, patternWords } from "./templates/template-index.js";
export type { PatternWords, TemplateIndexOptions } from "./templates/template-index.js";
export { RulesProvider } from "./rules/rules-provider.js";
export { INTENT_RULES } from "./rules/intent-rules.js";
export { describeRules } from "./rules/describe-rules.js";
export type { RuleDescription } from "./rules/describe-rules.js";
export { matchRules, MAX_RULE_INTENT_LENGTH } from "./rules/match-rules.js";
export type { RuleMatch, RuleMiss } from "./rules/match-rules.js";
export type { ClosestRule } from "./rules/match-rules.js";
export type { IntentRule, RuleProgram, RuleContext, RuleSlots } from "./rules/rule-types.js";
export { rulePattern, RulePattern } from "./rules/rule-types.js";
export { readRequest } from "./rules/read-request.js";
export type { Token } from "./rules/read-request.js";
export { LANGUAGE_EXTENSIONS, TEXT_EXTENSIONS, CODE_EXTENSIONS } from "./rules/file-kinds.js";
export { OllamaProvider, DEFAULT_OLLAMA_HOST } from "./models/ollama-provider.js";
export type { OllamaSettings } from "./models/ollama-provider.js";
export { importOptional } from "./models/import-optional.js";
export type { ModuleImporter, OptionalImport } from "./models/import-optional.js";
export {
  AnthropicProvider,
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_ANTHROPIC_BASE_URL,
} from "./models/anthropic-provider.js";
export type { AnthropicSettings } from "./models/anthropic-provider.js";
export {
  buildSystemPrompt,
  buildMessages,
  retrieveExamples,
  promptHash,
  PROMPT_BUILDER_VERSION,
  PROMPT_VARIANTS,
  DEFAULT_PROMPT_VARIANT,
} from "./prompt/build-prompt.js";
export type { ChatMessage } from "./prompt/build-prompt.js";
export { pickTools, PROMPT_TOOL_LIMIT } from "./prompt/pick-tools.js";
export { sanitize, extractProgram } from "./candidate/sanitize.js";
export type { ExtractedProgram } from "./candidate/sanitize.js";
export type { ProgramIssue, AnswerProblemCode } from "./program-issue.js";
export { cleanup } from "./candidate/cleanup.js";
export { classifyFailure, hintFor } from "./candidate/classify-failure.js";
export type { FailureMode } from "./candidate/classify-failure.js";
export { RecordingProvider, ReplayProvider, FixtureMiss } from "./models/record-replay.js";
export type { ModelCallRecord, MessageProvider } from "./models/record-replay.js";
export { InferError } from "./infer-error.js";
export type { InferErrorCode } from "./infer-error.js";
