import type { LackpyService } from "../lackpy-service.js";
import type { KitSpecifier, ParamInput, RunOptions } from "../service-types.js";
import type { TraceDetail } from "../result/shape-result.js";

/** How the calling model uses the tool: it writes the program, or it states an intent for lackpy's tiers. */
export type LackpyToolMode = "program" | "delegate";

/** The modes a lackpy tool can run in. */
export const LACKPY_TOOL_MODES: readonly LackpyToolMode[] = Object.freeze(["program", "delegate"]);

/** Results longer than this many characters (output or stdout) are cut for the model's context. */
export const DEFAULT_MAX_RESULT_CHARS = 16_000;

/** What a lackpy tool is built from: a workspace (or an open service), a kit and a mode. */
export interface LackpyToolOptions {
  /** The workspace directory; a `LackpyService` is opened for it. Give this or `service`. */
  workspace?: string;
  /** An open service to use instead of `workspace` (to share one, or to inject providers). */
  service?: LackpyService;
  /** The kit the programs may call; the workspace's default kit when omitted. */
  kit?: KitSpecifier;
  /** `program` (the default): the model writes the program. `delegate`: the model gives an intent. */
  mode?: LackpyToolMode;
  /** Parameters every program reads as read-only variables. */
  params?: Readonly<Record<string, ParamInput>>;
  /** Extra validation rules by name, e.g. `max_calls:5`. */
  rules?: readonly string[];
  /** Run limits over the workspace's config, e.g. `{ timeoutMs: 2000 }`. */
  limits?: RunOptions["limits"];
  /** Longest output and stdout, in characters, passed back to the model (default 16000). */
  maxResultChars?: number;
  /**
   * How much of the tool calls a result carries: `summary` (the default, as over MCP: one line
   * per tool with its call count and total time), `none`, or `full` (every call's arguments and
   * result).
   */
  trace?: TraceDetail;
  /**
   * Every call is a dry run: nothing is written and no tool with effects is called; the result
   * lists the `changes` with diffs and a `changeId` that the host applies with
   * `service.applyChanges(changeId)` once the user agreed.
   */
  dryRun?: boolean;
}
