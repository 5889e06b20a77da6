import type { CliIo } from "./cli-io.js";
import { terminalText } from "./terminal-text.js";

/** The io every command prints through: human text is escaped on its way out; a JSON document is written as it is. */
export interface TerminalIo extends CliIo {
  /** Writes a document (a `--json` answer, an export) to stdout byte for byte, unescaped. */
  document(text: string): void;
}

/**
 * Wraps the process's (or a test's) io so that everything written to stdout and stderr goes
 * through `terminalText`: control characters and invisible code points are shown escaped, and
 * lackpy's own style markers become colours when `io.isTTY` allows them. Only `document` writes
 * raw, for the byte-exact `--json` output.
 */
export function terminalIo(io: CliIo): TerminalIo {
  return {
    ...io,
    stdout: (text) => io.stdout(terminalText(text, io.isTTY)),
    stderr: (text) => io.stderr(terminalText(text, io.isTTY)),
    document: (text) => io.stdout(text),
  };
}
