import type { ProgressEvent } from "@lackpy/service";
import type { TerminalIo } from "./terminal-io.js";
import { styleMark } from "./terminal-text.js";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/** A progress line on stderr: animated on a terminal, one plain line per update otherwise; never on stdout. */
export function createSpinner(io: TerminalIo, options: { quiet?: boolean } = {}) {
  let text = "";
  let frame = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const draw = () => io.stderr(`${styleMark("K")}${FRAMES[frame++ % FRAMES.length]} ${text}`);
  return {
    update(next: string) {
      if (options.quiet || next === text) return;
      text = next;
      if (!io.isTTY) return io.stderr(`… ${text}\n`);
      draw();
      timer ??= setInterval(draw, 80);
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (io.isTTY && text) io.stderr(styleMark("K"));
      text = "";
    },
  };
}

/** A progress line as `createSpinner` makes it. */
export type Spinner = ReturnType<typeof createSpinner>;

/** How long a run goes before the progress line shows its counts, in ms. */
export const COUNTS_AFTER_MS = 1000;

/**
 * The service's words for a progress event (`progressMessage`), set when the service loads: an
 * import here would load the whole service for `--help`. Until then an event shows its kind.
 */
let words: (event: ProgressEvent) => string = (event) => event.kind;

/** Sets the words progress events are shown in; `createCommandContext` passes the service's. */
export function useProgressWords(format: (event: ProgressEvent) => string): void {
  words = format;
}

/**
 * Shows a progress event on the line: the tier asked, the run starting, and on a terminal, once
 * the run has gone for a second, its tool calls, files read and time.
 */
export function showProgress(spinner: Spinner, event: ProgressEvent, isTTY: boolean): void {
  if (event.kind === "run" && (!isTTY || event.elapsedMs < COUNTS_AFTER_MS)) return;
  spinner.update(words(event));
}
