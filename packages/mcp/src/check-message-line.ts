import { INVALID_REQUEST, PARSE_ERROR, parseJSONRPCMessage } from "@modelcontextprotocol/server";

/** A JSON-RPC error reply; `id` is null when the request's id could not be read. */
export interface ErrorReply {
  jsonrpc: "2.0";
  id: string | number | null;
  error: { code: number; message: string };
}

/** What to do with one line read from stdio: pass it on, answer it with an error, or ignore it. */
export type LineVerdict =
  { kind: "message"; line: string } | { kind: "reply"; reply: ErrorReply } | { kind: "ignore" };

const reply = (code: number, message: string, id: string | number | null = null): LineVerdict => ({
  kind: "reply",
  reply: { jsonrpc: "2.0", id, error: { code, message } },
});

const isRequestId = (value: unknown): value is string | number =>
  typeof value === "string" || (typeof value === "number" && Number.isInteger(value));

/**
 * Checks one line of the stdio stream before the MCP SDK sees it. The SDK's stdio transport
 * drops a line that is not JSON and only logs a message its schema refuses, so the client
 * waits for an answer that never comes; JSON-RPC wants an error reply instead: -32700 for a
 * line that is not JSON, -32600 for a batch, a non-object, an id that is not a string or an
 * integer, or anything else that is not a JSON-RPC 2.0 message.
 */
export function checkMessageLine(line: string): LineVerdict {
  if (line.trim() === "") return { kind: "ignore" };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return reply(
      PARSE_ERROR,
      "Parse error: the line is not JSON; send one JSON-RPC message per line.",
    );
  }
  if (Array.isArray(value))
    return reply(
      INVALID_REQUEST,
      "Invalid Request: batches are not supported; send one JSON-RPC message per line.",
    );
  if (typeof value !== "object" || value === null)
    return reply(INVALID_REQUEST, "Invalid Request: a message must be a JSON object.");
  const id = (value as { id?: unknown }).id;
  if ("id" in value && !isRequestId(id))
    return reply(INVALID_REQUEST, "Invalid Request: id must be a string or an integer.");
  try {
    parseJSONRPCMessage(value);
  } catch {
    return reply(
      INVALID_REQUEST,
      'Invalid Request: not a JSON-RPC 2.0 message (needs "jsonrpc": "2.0" and a string "method", or a response with "result" or "error").',
      isRequestId(id) ? id : null,
    );
  }
  return { kind: "message", line };
}
