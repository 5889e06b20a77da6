/** A short reason for a failed HTTP request: the socket error code, a timeout, or the message. */
export function connectionProblem(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === "TimeoutError") return "timed out";
  if (error.name === "AbortError") return "cancelled";
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    const inner = (cause as { cause?: unknown }).cause;
    const innerCode = inner instanceof Error ? (inner as { code?: unknown }).code : undefined;
    const detail =
      typeof code === "string" ? code : typeof innerCode === "string" ? innerCode : cause.message;
    return `${error.message} (${detail})`;
  }
  return error.message;
}
