import type { ToolSpec } from "@lackpy/lang";
import type { Limits } from "./limits.js";
import type { ProgressListener } from "./run-progress.js";
import type { ChildTool } from "./tools/child-tool.js";
import type { ToolContextFields } from "./tools/tool-call-context.js";
import type { ToolFunction } from "./tools/trace-entry.js";

/** Options of a run. */
export interface RunOptions {
  /** Each callable name mapped to a function (sync or async). */
  tools?: Readonly<Record<string, ToolFunction>>;
  /** Tool metadata: which arguments are paths read or written, retriable errors, arity. */
  toolSpecs?: readonly ToolSpec[];
  params?: Readonly<Record<string, unknown>>;
  /**
   * Names of `params` that are secret: the program holds an opaque marker and may only pass it
   * (or a field of it) directly to a kit tool, which gets the value; output, trace, variables and
   * errors show `[secret:NAME]`. Misuse is `secret_access` (before the run when visible).
   */
  secretParams?: readonly string[];
  limits?: Partial<Limits>;
  /** `in-process` (default here); `isolated` needs `@lackpy/run/node`. */
  mode?: "in-process" | "isolated";
  /** Extra validation rules by name. */
  rules?: readonly string[];
  /** Heap in use in bytes, for the memory pre-checks of bulk operations (isolated mode passes its own). */
  heapUsedBytes?: () => number;
  /** Aborting it stops the run with the error code `cancelled`. */
  signal?: AbortSignal;
  /**
   * Fields each tool call's `this` carries besides its `signal`, in both modes (the host's tools
   * of an isolated run too): what a caller's own tools need of the run, such as the staging area
   * the builtin file tools of `@lackpy/kit` write to. A field named `signal` is left out.
   */
  toolContext?: ToolContextFields;
  /**
   * Told how far the run has come (steps, tool calls, files read, elapsed time), at most every
   * `PROGRESS_INTERVAL_MS`, in both modes: an isolated child reports to the host.
   */
  onProgress?: ProgressListener;
  /**
   * Isolated mode: kit tools (by name) the child may answer itself with a module of the host's
   * own code, under Node's permission model, falling back to the tool in `tools` for any call
   * it declines (see `ChildTool`). Not used with secret params, nor in-process.
   */
  childTools?: Readonly<Record<string, ChildTool>>;
}

/** How a run holds its secret params: `here` (a vault in this process) or `host` (an isolated child: the markers go to the host). */
export type SecretHolder = "here" | "host";
