import type { CliIo } from "./cli-io.js";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/** A progress line on stderr: animated on a terminal, one plain line per update otherwise; never on stdout. */
export function createSpinner(io: CliIo, options: { quiet?: boolean } = {}) {
  let text = "";
  let frame = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const draw = () => io.stderr(`\r\u001B[2K${FRAMES[frame++ % FRAMES.length]} ${text}`);
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
      if (io.isTTY && text) io.stderr("\r\u001B[2K");
      text = "";
    },
  };
}
