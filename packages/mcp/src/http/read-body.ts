import type http from "node:http";

/** Why a body was not read: over the size limit, or not complete by its deadline. */
export type BodyRefusal = "too_large" | "too_slow";

/**
 * Reads a request body up to `limit` bytes within `deadlineMs`: the bytes, or why not. Past
 * either bound it stops reading at once (the rest is never buffered), so a slow or huge body
 * costs its sender, not the server.
 */
export function readBody(
  request: http.IncomingMessage,
  options: { limit: number; deadlineMs: number },
): Promise<Buffer | BodyRefusal> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: Buffer | BodyRefusal) => {
      clearTimeout(timer);
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onError);
      request.off("aborted", onError);
      if (outcome === "too_large" || outcome === "too_slow") request.pause();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish("too_slow"), options.deadlineMs);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.limit) return finish("too_large");
      chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks));
    // A client that went away: nothing to answer, treated as too slow (the socket is gone).
    const onError = () => finish("too_slow");
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", onError);
    request.on("aborted", onError);
  });
}
