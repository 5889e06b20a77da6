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
} from "./provider-types.js";
export { TemplatesProvider, staticTemplates } from "./templates-provider.js";
export type { TemplateSource, TemplateSet } from "./templates-provider.js";
export { parseTemplate, formatTemplate, patternParams } from "./template.js";
export type { Template, TemplateProblem, TemplateProblemCode, ParsedTemplate } from "./template.js";
export {
  matchTemplate,
  matchTemplates,
  compilePattern,
  patternSpecificity,
  normaliseIntent,
  intentForMatching,
} from "./template-match.js";
export type { TemplateMatch } from "./template-match.js";
export { RulesProvider, INTENT_RULES, matchRules } from "./rules-provider.js";
export type { IntentRule, RuleProgram } from "./rule-types.js";
export { LANGUAGE_EXTENSIONS, TEXT_EXTENSIONS, CODE_EXTENSIONS } from "./intent-phrases.js";
export { OllamaProvider, DEFAULT_OLLAMA_HOST } from "./ollama-provider.js";
export type { OllamaSettings } from "./ollama-provider.js";
export {
  AnthropicProvider,
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_ANTHROPIC_BASE_URL,
} from "./anthropic-provider.js";
export type { AnthropicSettings } from "./anthropic-provider.js";
export {
  buildSystemPrompt,
  buildMessages,
  retrieveExamples,
  promptHash,
  PROMPT_BUILDER_VERSION,
  PROMPT_VARIANTS,
  DEFAULT_PROMPT_VARIANT,
} from "./build-prompt.js";
export type { ChatMessage } from "./build-prompt.js";
export { sanitize, extractProgram } from "./sanitize.js";
export type { ExtractedProgram } from "./sanitize.js";
export type { ProgramIssue, AnswerProblemCode } from "./program-issue.js";
export { cleanup } from "./cleanup.js";
export { classifyFailure, hintFor } from "./classify-failure.js";
export type { FailureMode } from "./classify-failure.js";
export { RecordingProvider, ReplayProvider, FixtureMiss } from "./record-replay.js";
export type { ModelCallRecord, MessageProvider } from "./record-replay.js";
export { InferError } from "./infer-error.js";
export type { InferErrorCode } from "./infer-error.js";
