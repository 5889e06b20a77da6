export { templatesFromDirectory, TemplateDirectory } from "./templates/templates-dir.js";
export type {
  LoadedTemplate,
  TemplateSnapshot,
  TemplateDirectoryOptions,
} from "./templates/templates-dir.js";
// The template format and matching again, so Node callers that only keep templates need not
// load the model clients the root entry brings.
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
export type { TemplateSet, TemplateSource } from "./templates/templates-provider.js";
export { jsonlSink, readJsonl } from "./models/jsonl.js";
// The rules' catalogue, for `lackpy rules`, without the model clients.
export { INTENT_RULES } from "./rules/intent-rules.js";
export { describeRules } from "./rules/describe-rules.js";
export type { RuleDescription } from "./rules/describe-rules.js";
