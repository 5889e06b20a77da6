/**
 * The HTTP server's log: one JSON object per line on stderr (`{"time","level","event",…}`).
 * Only fields the server chose go in: a token is named by its id, a request by its method, path,
 * tool name, status and time; never a header, a body, a tool's arguments or a store URL.
 */

/**
 * Code units a terminal showing the log could act on or hide (C1 controls, bidi and zero-width
 * characters, line separators, surrogates), written as JSON escapes: the line parses to the same
 * values, and a path or tool name a client sent cannot reorder or hide what a person tailing the
 * log reads. `JSON.stringify` already escapes C0 controls.
 */
// Code units, not characters: a variation selector or a surrogate is matched on its own on purpose.
const HIDDEN_UNITS =
  // eslint-disable-next-line no-misleading-character-class
  /[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufe00-\ufe0f\ufeff\ufff9-\ufffb\ud800-\udfff]/g;

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
    const text = JSON.stringify(line).replace(
      HIDDEN_UNITS,
      (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    write(`${text}\n`);
  };
  return {
    info: (event, fields) => emit("info", event, fields),
    warn: (event, fields) => emit("warn", event, fields),
    error: (event, fields) => emit("error", event, fields),
  };
}
