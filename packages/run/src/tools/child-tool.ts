/**
 * Tools an isolated child serves itself. A call of a kit tool crosses the IPC channel twice, its
 * arguments one way and its whole result the other, which made an isolated `read_file` several
 * times the cost of one in-process. So the host may name, for a tool, a module of its own code
 * that the child loads and answers the call with; the module may decline any call (`null`), and
 * the host's tool of the same name answers it as before. The child reads only what its process
 * is allowed to (Node's permission model: `readRoots` and the modules' own packages, nothing
 * else, and no writing at all), so whatever the module does, a child with such tools cannot read
 * outside the folders the host named or change anything.
 */

/** A tool an isolated child may serve itself (see the file comment); the host's tool stays the fallback. */
export interface ChildTool {
  /** Absolute path of the ES module the child loads: the host's own code, never a program's. */
  readonly module: string;
  /** The module's export that makes the handler: `(options) => ChildToolHandler`. */
  readonly export: string;
  /** Plain data for the export (it crosses to the child as a structured clone). */
  readonly options: unknown;
  /** Folders the child must be able to read (the module's own package is added to them). */
  readonly readRoots: readonly string[];
  /**
   * Read in the host after each of the run's calls to a host tool: what the handler must learn
   * before the program goes on (the files the run has written since), as plain data, or
   * undefined when there is nothing new.
   */
  readonly news?: () => unknown;
  /**
   * Called in the host before each of the run's calls to a host tool is answered, with what the
   * handler reported (`ChildToolHandler.report`) since: what the host must know of the calls the
   * child answered (the files a child's `read_file` read), as plain data. The child runs the
   * program: a report is checked as any input from it is.
   */
  readonly report?: (report: unknown) => void;
}

/** What a child tool module's export makes, in the child, once a run. */
export interface ChildToolHandler {
  /** The call's value as `{ value }`, or null to have the host's tool answer it. */
  call(args: readonly unknown[]): { value: unknown } | null;
  /** Takes what the host sent after one of its tool calls (`ChildTool.news`). */
  news?(news: unknown): void;
  /** What the host must learn of the calls answered here since the last report, before the run's next host tool call; undefined when nothing. */
  report?(): unknown;
}

/** A child tool as the run request carries it to the child. */
export interface ChildToolRequest {
  name: string;
  module: string;
  export: string;
  options: unknown;
}
