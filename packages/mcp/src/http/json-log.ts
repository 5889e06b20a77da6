/**
 * The HTTP server's log: one JSON object per line on stderr (`{"time","level","event",…}`).
 * Only fields the server chose go in: a token is named by its id, a request by its method, path,
 * tool name, status and time; never a header, a body, a tool's arguments or a store URL.
 */

/** A log line's fields besides time, level and event. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** Writes structured log lines. */
export interface JsonLog {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

/** A log that writes each line with `write` (stderr by default). */
export function jsonLog(
  write: (line: string) => void = (line) => process.stderr.write(line),
): JsonLog {
  const emit = (level: string, event: string, fields: LogFields = {}) => {
    const line: Record<string, unknown> = { time: new Date().toISOString(), level, event };
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) line[key] = value;
    write(`${JSON.stringify(line)}\n`);
  };
  return {
    info: (event, fields) => emit("info", event, fields),
    warn: (event, fields) => emit("warn", event, fields),
    error: (event, fields) => emit("error", event, fields),
  };
}
