export { lackpyTool } from "./lackpy-tool.js";
export type { LackpyToolInput } from "./lackpy-tool.js";
// The framework-neutral part lives in @lackpy/service/agent, shared with @lackpy/langchain.
export {
  AdapterError,
  DEFAULT_MAX_RESULT_CHARS,
  DEFAULT_TRACE_DETAIL,
  LACKPY_TOOL_MODES,
  TRACE_DETAILS,
  languageSummary,
  prepareLackpy,
  summariseResult,
  toolDescription,
} from "@lackpy/service/agent";
export type {
  AdapterErrorCode,
  CallSummary,
  LackpyToolError,
  LackpyToolMode,
  LackpyToolOptions,
  LackpyToolResult,
  PreparedLackpy,
  ProgramProblem,
  SummarisableResult,
  TraceDetail,
} from "@lackpy/service/agent";
