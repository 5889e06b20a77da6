export { templatesFromDirectory, TemplateDirectory } from "./templates-dir.js";
export type {
  LoadedTemplate,
  TemplateSnapshot,
  TemplateDirectoryOptions,
} from "./templates-dir.js";
// The template format and matching again, so Node callers that only keep templates need not
// load the model clients the root entry brings.
export { parseTemplate, formatTemplate, patternParams } from "./template.js";
export type { Template, TemplateProblem, TemplateProblemCode, ParsedTemplate } from "./template.js";
export {
  matchTemplates,
  matchTemplate,
  normaliseIntent,
  intentForMatching,
  compilePattern,
  patternSpecificity,
} from "./template-match.js";
export type { TemplateMatch } from "./template-match.js";
export type { TemplateSet, TemplateSource } from "./templates-provider.js";
export { jsonlSink, readJsonl } from "./jsonl.js";
