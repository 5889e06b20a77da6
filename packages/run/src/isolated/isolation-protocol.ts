/**
 * The messages between the host and an isolated child over the IPC channel (advanced
 * serialization, so Map, Set, RegExp and undefined cross as they do between two threads). The
 * child says `ready` once it listens; the host sends one `run` at a time, with the tree it
 * validated (the child checks its shape, never parses); every kit-tool call is a
 * `tool` request from the child answered by one `tool-result`; the run ends with `done`.
 * Secret params never cross: the child knows their names only, and a tool argument that is a
 * secret crosses as a `SecretArgument` (which param, which field), filled in by the host. A tool
 * result that contains a secret's text crosses with that part taken out, as a `HiddenSecret`.
 * A run may name child tools (`ChildToolRequest`): the child answers their calls itself when it
 * can, and a tool-result carries, for them, what the host's tools did since (`news`); a tool
 * request carries what they did since that the host must know before it answers (`reports`).
 */
import type { ChildToolRequest } from "../tools/child-tool.js";
import type { Limits } from "../limits.js";
import type { RunErrorCode } from "../run-error.js";
import type { RunResult } from "../run-result.js";
import type { RunProgress } from "../run-progress.js";
import type { SkippedCount } from "../tools/skipped-tally.js";

/**
 * A program as the host sends it: the tree it validated (the child holds no parser and checks
 * the tree's shape only, `checkProgramTree`), and the names it assigns without declaring.
 */
export interface SentProgram {
  /**
   * The host's number for the validated program (one per program object, never reused): a child
   * keeps the trees it checked and compiled by it, so a program run again skips both there.
   */
  key: number;
  /**
   * The validated tree, serialized once per program by `v8.serialize` (a run of the same
   * program sends the same bytes, and a child that knows its key reads none of them).
   */
  tree: Uint8Array;
  cells: string[];
}

/**
 * The kit's tool specs as the host sends them: serialized once per specs list by `v8.serialize`
 * (as JSON data: a spec's functions, which cannot cross, are left out), and the host's number for
 * that list (one per list object, never reused). A child reads the bytes of a number it does not
 * know and keeps what it read by it: a kit's runs send the same bytes, not the specs' objects,
 * and the child reads them once.
 */
export interface SentSpecs {
  key: number;
  specs: Uint8Array;
}

/** Host to child: run one program. */
export interface RunRequest {
  type: "run";
  id: number;
  program: SentProgram;
  toolNames: string[];
  toolSpecs: SentSpecs;
  /** The plain params' values; secret ones are not here. */
  params: Record<string, unknown>;
  /** Names of the secret params: the child binds opaque markers for them. */
  secretParams: string[];
  limits: Limits;
  /** Milliseconds of the run's deadline already spent in the host (waiting for a free child). */
  elapsedMs: number;
  /** Tools this child serves itself (empty when the host serves them all). */
  childTools: ChildToolRequest[];
  /** True when the host wants `progress` messages while the program runs. */
  progress?: boolean;
}

/** A tool failure as plain data: what the interpreter needs to build its `tool_error`. */
export interface ToolErrorData {
  message: string;
  retriable?: boolean;
  hint?: string;
  /** A fault of the host's own (a limit, a secret refused): the run's code. */
  code?: RunErrorCode;
  /** The code the tool gave its failure (`edit_not_found`), passed on as the run error's `toolCode`. */
  toolCode?: string;
}

/** Host to child: the outcome of one tool call. */
export interface ToolReply {
  type: "tool-result";
  callId: number;
  ok: boolean;
  /** The result; a part that contained a secret's text is `null` here and listed in `secrets`. */
  value?: unknown;
  secrets?: HiddenSecret[];
  error?: ToolErrorData;
  /** For child tools, by name: what the host's tools did that they must know (`ChildTool.news`). */
  news?: Record<string, unknown>;
  /** What the tool noted as left out (`ToolCallContext.noteSkipped`), for the child's run to count. */
  skipped?: { rows: SkippedCount[]; scope: string }[];
}

/** A part of a tool's result that contained a secret's text: the child puts a marker at `at`. */
export interface HiddenSecret {
  /** Array indexes and object keys from the result's root (empty: the whole result). */
  at: (string | number)[];
  name: string;
  /** The secret's field whose text it contained, and the handle of the value the host holds. */
  origin: string[];
  handle: number;
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
  /** The arguments; an argument that is a secret is `null` here and listed in `secrets`. */
  args: unknown[];
  secrets?: SecretArgument[];
  /** For child tools, by name: what they did since the last request that the host must know first (`ChildTool.report`). */
  reports?: Record<string, unknown>;
}

/** A tool argument that is a secret param or a field of one: the host puts the value in its place. */
export interface SecretArgument {
  index: number;
  name: string;
  path: string[];
  /** For a marker of a tool result the host holds (see `HiddenSecret`): its handle and origin. */
  held?: { handle: number; origin: string[]; tool: string };
}

/** Child to host: how far the run has come (only when the request asked for progress). */
export interface RunProgressMessage {
  type: "progress";
  id: number;
  progress: RunProgress;
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
export type ChildMessage = ChildReady | ToolRequest | RunProgressMessage | RunDone;
