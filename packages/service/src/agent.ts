// The framework-neutral part of an agent-framework tool (@lackpy/ai-sdk, @lackpy/langchain):
// options, the description the calling model reads, and its sized results.
export { prepareLackpy } from "./agent/prepare-lackpy.js";
export type { PreparedLackpy } from "./agent/prepare-lackpy.js";
export { DEFAULT_MAX_RESULT_CHARS, LACKPY_TOOL_MODES } from "./agent/lackpy-tool-options.js";
export type { LackpyToolMode, LackpyToolOptions } from "./agent/lackpy-tool-options.js";
export { summariseResult } from "./agent/summarise-result.js";
export { DEFAULT_TRACE_DETAIL, TRACE_DETAILS } from "./result/shape-result.js";
export type { TraceDetail } from "./result/shape-result.js";
export type {
  CallSummary,
  LackpyToolError,
  LackpyToolResult,
  ProgramProblem,
  SummarisableResult,
} from "./agent/summarise-result.js";
export {
  toolDescription,
  kitSection,
  toolLine,
  otherKitsSection,
  INPUT_DESCRIPTIONS,
  OTHER_KIT_TOOL_LINES,
} from "./agent/tool-description.js";
export type {
  DescribedKit,
  DescriptionHost,
  ToolDescriptionOptions,
} from "./agent/tool-description.js";
export { languageSummary, refusalsLine } from "./agent/language-summary.js";
export { AdapterError } from "./agent/adapter-error.js";
export type { AdapterErrorCode } from "./agent/adapter-error.js";
