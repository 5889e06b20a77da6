/**
 * A tool function as the caller provides it (sync or async). It is called with a
 * `ToolCallContext` as `this` (`fn.call({ signal }, ...args)`): a `function` may read
 * `this.signal`, an arrow function ignores it.
 */
export type ToolFunction = (...args: any[]) => unknown;

/** One kit-tool call, as recorded in the trace. */
export interface TraceEntry {
  step: number;
  tool: string;
  args: unknown[];
  result: unknown;
  durationMs: number;
  success: boolean;
  error: string | null;
}

/**
 * A value already summarised when it was recorded: objects a tool got or returned are
 * summarised at the call, so a program that later changes them cannot rewrite the trace.
 * Strings, numbers and other primitives are kept as they are and summarised once at the end.
 */
export class Snapshot {
  constructor(readonly value: unknown) {}
}
