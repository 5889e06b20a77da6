import type { ToolFunction } from "../tools/trace-entry.js";
import type { ToolErrorData } from "./isolation-protocol.js";
import { describeError, isProgramFault } from "../tools/describe-error.js";
import { toPlainData } from "../tools/plain-data.js";
import type { ToolCallContext } from "../tools/tool-call-context.js";

/**
 * Calls one kit tool in the host for an isolated run: the one place an isolated run's tools are
 * invoked. Like the interpreter, it calls the tool with a `ToolCallContext` as `this`; a call is
 * never started once its signal has aborted. The value comes back as plain data, ready to cross
 * to the child.
 */
export async function invokeHostTool(
  tools: Readonly<Record<string, ToolFunction>>,
  name: string,
  args: unknown[],
  context: ToolCallContext,
  maxItems: number,
): Promise<unknown> {
  context.signal.throwIfAborted();
  if (!Object.hasOwn(tools, name)) throw new Error(`unknown tool ${name}`);
  return toPlainData(await tools[name].call(context, ...args), name, { maxItems });
}

/** What a tool threw, as the plain data the child turns into its `tool_error` (message, hint, retriable, the tool's code). */
export function toolErrorData(error: unknown): ToolErrorData {
  // A tool may throw anything; reading it must not throw again. A fault of the host's own
  // (a secret refused for a tool that takes none) keeps its code and hint.
  const fault = isProgramFault(error) ? error : null;
  const { message, retriable, hint, code } = describeError(error);
  const shownHint = fault?.details.hint ?? hint;
  return {
    message,
    ...(retriable ? { retriable: true } : {}),
    ...(shownHint !== undefined ? { hint: shownHint } : {}),
    ...(fault ? { code: fault.code } : code !== undefined ? { toolCode: code } : {}),
  };
}
