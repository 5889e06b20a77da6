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
