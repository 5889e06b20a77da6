import { PassThrough, type Readable } from "node:stream";
import { INVALID_REQUEST, STDIO_DEFAULT_MAX_BUFFER_SIZE } from "@modelcontextprotocol/server";
import { checkMessageLine, type ErrorReply } from "./check-message-line.js";

/**
 * The stdio input as the SDK's transport should read it: well-formed JSON-RPC lines pass
 * through; a bad line is answered through `reply` (parse error, invalid request) and dropped,
 * so one bad line neither goes unanswered nor closes the connection. A line over the SDK's
 * buffer limit is answered and skipped instead of tearing the transport down.
 */
export function guardedStdin(
  input: Readable,
  reply: (message: ErrorReply) => void,
  maxLineBytes = STDIO_DEFAULT_MAX_BUFFER_SIZE,
): PassThrough {
  const output = new PassThrough();
  let pending = "";
  let skipping = false;
  const handle = (line: string) => {
    const verdict = checkMessageLine(line);
    if (verdict.kind === "message") output.write(`${verdict.line}\n`);
    else if (verdict.kind === "reply") reply(verdict.reply);
  };
  input.setEncoding("utf8");
  input.on("data", (chunk: string) => {
    pending += chunk;
    let newline = pending.indexOf("\n");
    while (newline >= 0) {
      const line = pending.slice(0, newline).replace(/\r$/, "");
      pending = pending.slice(newline + 1);
      if (!skipping) handle(line);
      skipping = false;
      newline = pending.indexOf("\n");
    }
    if (!skipping && Buffer.byteLength(pending) > maxLineBytes) {
      pending = "";
      skipping = true;
      reply({
        jsonrpc: "2.0",
        id: null,
        error: {
          code: INVALID_REQUEST,
          message: `Invalid Request: a message is over ${maxLineBytes} bytes.`,
        },
      });
    } else if (skipping) {
      pending = "";
    }
  });
  input.on("end", () => {
    if (pending && !skipping) handle(pending);
    output.end();
  });
  input.on("close", () => output.end());
  input.on("error", (error) => output.destroy(error));
  return output;
}
