/** A `tools/call` result: the fields lackpy reads. */
export interface McpCallResult {
  content?: readonly Record<string, unknown>[];
  structuredContent?: unknown;
  isError?: boolean;
}

/** Text that parses as JSON (an object, array, number, boolean or null) becomes data; other text stays text. */
function textValue(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{"\d-]|^(?:true|false|null)$/.test(trimmed)) return text;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return text;
  }
}

/** A non-text content block as plain data, without its bytes. */
function blockValue(block: Record<string, unknown>): unknown {
  switch (block.type) {
    case "text":
      return textValue(String(block.text ?? ""));
    case "resource": {
      const resource = (block.resource ?? {}) as Record<string, unknown>;
      return typeof resource.text === "string"
        ? { type: "resource", uri: resource.uri, text: resource.text }
        : { type: "resource", uri: resource.uri, mimeType: resource.mimeType ?? null };
    }
    case "resource_link":
      return { type: "resource_link", uri: block.uri, name: block.name ?? null };
    default:
      return {
        type: block.type,
        mimeType: block.mimeType ?? null,
        chars: typeof block.data === "string" ? block.data.length : 0,
      };
  }
}

/** The words of an error result: its text blocks joined, or a fallback. */
export function mcpErrorText(result: McpCallResult): string {
  const text = (result.content ?? [])
    .filter((block) => block.type === "text")
    .map((block) => String(block.text ?? "").trim())
    .filter(Boolean)
    .join("\n");
  return text || "the tool reported an error without a message";
}

/**
 * A tool result as plain data for a program: `structuredContent` when the server sent it, else
 * the content (one text block as its text, parsed when it is JSON; several blocks as a list;
 * images, audio and binary resources described without their bytes), `null` for nothing.
 * An `isError` result throws with the server's message, which the run reports as `tool_error`.
 */
export function mcpResultValue(result: McpCallResult): unknown {
  if (result.isError) throw new Error(mcpErrorText(result));
  if (result.structuredContent !== undefined && result.structuredContent !== null)
    return result.structuredContent;
  const blocks = result.content ?? [];
  if (blocks.length === 0) return null;
  if (blocks.length === 1) return blockValue(blocks[0]);
  return blocks.map(blockValue);
}
