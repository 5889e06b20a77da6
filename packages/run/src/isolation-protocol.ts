/**
 * The messages between the host and an isolated child over the IPC channel (advanced
 * serialization, so Map, Set, RegExp and undefined cross as they do between two threads). The
 * child says `ready` once it listens; the host sends one `run` at a time; every kit-tool call is a
 * `tool` request from the child answered by one `tool-result`; the run ends with `done`.
 */
import type { ToolSpec } from "@lackpy/lang";
import type { Limits } from "./limits.js";
import type { RunErrorCode } from "./run-error.js";
import type { RunResult } from "./run-result.js";

/** Host to child: run one program. */
export interface RunRequest {
  type: "run";
  id: number;
  source: string;
  toolNames: string[];
  toolSpecs: ToolSpec[];
  params: Record<string, unknown>;
  limits: Limits;
  rules: string[];
}

/** A tool failure as plain data: what the interpreter needs to build its `tool_error`. */
export interface ToolErrorData {
  message: string;
  retriable?: boolean;
  hint?: string;
  code?: RunErrorCode;
}

/** Host to child: the outcome of one tool call. */
export interface ToolReply {
  type: "tool-result";
  callId: number;
  ok: boolean;
  value?: unknown;
  error?: ToolErrorData;
}

/** Child to host: the child listens and can take a run. */
export interface ChildReady {
  type: "ready";
}

/** Child to host: call a kit tool (tools always run in the host). */
export interface ToolRequest {
  type: "tool";
  id: number;
  callId: number;
  name: string;
  args: unknown[];
}

/** Child to host: the run's result. */
export interface RunDone {
  type: "done";
  id: number;
  result: RunResult;
}

/** Any message the host sends. */
export type HostMessage = RunRequest | ToolReply;

/** Any message a child sends. */
export type ChildMessage = ChildReady | ToolRequest | RunDone;
