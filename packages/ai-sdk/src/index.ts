export { lackpyTool } from "./lackpy-tool.js";
export type { LackpyToolInput } from "./lackpy-tool.js";
export { DEFAULT_MAX_RESULT_CHARS, LACKPY_TOOL_MODES } from "./lackpy-tool-options.js";
export type { LackpyToolMode, LackpyToolOptions } from "./lackpy-tool-options.js";
export { prepareLackpy } from "./prepare-lackpy.js";
export type { PreparedLackpy } from "./prepare-lackpy.js";
export { summariseResult, MAX_LISTED_CALLS } from "./summarise-result.js";
export type {
  CallSummary,
  LackpyToolError,
  LackpyToolResult,
  ProgramProblem,
  SummarisableResult,
} from "./summarise-result.js";
export { toolDescription } from "./tool-description.js";
export { languageSummary } from "./language-summary.js";
export { AdapterError } from "./adapter-error.js";
export type { AdapterErrorCode } from "./adapter-error.js";
