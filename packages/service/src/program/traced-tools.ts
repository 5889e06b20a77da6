import type { ToolFunction } from "@lackpy/kit";
import type { TraceSpan } from "./telemetry.js";

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

function failed(span: TraceSpan, error: unknown, redact: (text: string) => string): void {
  const message = error instanceof Error ? error.message : String(error);
  span.fail((error as { code?: string } | null)?.code ?? "tool_error", redact(message));
  span.end();
}

/**
 * The kit's callables, each wrapped in an `execute_tool <name>` span under the run's span. The
 * wrapper keeps the run's `this` (the tool's AbortSignal) and answers synchronously when the tool
 * does, so the run treats it exactly as the tool. A failing tool's message goes through `redact`
 * first: the wrapper sits below the secret vault, so it sees secret values as the tool does.
 */
export function tracedTools(
  callables: Readonly<Record<string, ToolFunction>>,
  runSpan: TraceSpan,
  redact: (text: string) => string,
): Record<string, ToolFunction> {
  const traced: Record<string, ToolFunction> = {};
  for (const [name, tool] of Object.entries(callables)) {
    traced[name] = function (this: unknown, ...args: unknown[]) {
      const span = runSpan.child(`execute_tool ${name}`, {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": name,
        "gen_ai.tool.type": "function",
      });
      let value: unknown;
      try {
        value = tool.apply(this, args);
      } catch (error) {
        failed(span, error, redact);
        throw error;
      }
      if (!isThenable(value)) {
        span.end();
        return value;
      }
      return Promise.resolve(value).then(
        (result) => {
          span.end();
          return result;
        },
        (error: unknown) => {
          failed(span, error, redact);
          throw error;
        },
      );
    };
  }
  return traced;
}
