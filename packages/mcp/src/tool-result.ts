import { LackpyError } from "@lackpy/lang";

/** What an MCP tool handler returns. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

function structured(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { result: value };
}

/** A result whose text is the value's JSON (for small answers such as `kit_list`). */
export function jsonResult(value: unknown, isError = false): ToolResult {
  return {
    content: [{ type: "text", text: JSON.stringify(value, null, 2) }],
    structuredContent: structured(value),
    ...(isError ? { isError: true } : {}),
  };
}

/** A result whose text is a short rendering of `value` (which travels once, as structured content). */
export function renderedResult(value: unknown, text: string, isError = false): ToolResult {
  return {
    content: [{ type: "text", text }],
    structuredContent: structured(value),
    ...(isError ? { isError: true } : {}),
  };
}

/** A thrown error as an MCP tool error carrying its code, message and hint. */
export function failureResult(error: unknown): ToolResult {
  if (LackpyError.is(error)) {
    const file = (error as { file?: unknown }).file;
    const body = {
      error: {
        code: error.code,
        message: error.message,
        ...(error.hint ? { hint: error.hint } : {}),
        // The file a refused change or undo names (stale_change, undo_conflict).
        ...(typeof file === "string" ? { file } : {}),
      },
    };
    return renderedResult(
      body,
      `error[${error.code}]: ${error.message}${error.hint ? `\nhint: ${error.hint}` : ""}`,
      true,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return renderedResult(
    { error: { code: "internal_error", message } },
    `error[internal_error]: ${message}`,
    true,
  );
}

/** Runs a handler, turning anything it throws into a tool error. */
export async function guarded(work: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await work();
  } catch (error) {
    return failureResult(error);
  }
}
