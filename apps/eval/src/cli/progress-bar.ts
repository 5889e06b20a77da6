/** Formats seconds as `1 h 02 min`, `3 min 05 s` or `12 s`. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, "0")} min`;
  if (minutes > 0) return `${minutes} min ${String(rest).padStart(2, "0")} s`;
  return `${rest} s`;
}

/**
 * A one-line progress bar with an ETA on stderr when it is a terminal; a line per tenth
 * otherwise (CI logs). The ETA is the mean time per finished item times the items left.
 */
export function progressBar(
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
  now: () => number = () => performance.now(),
) {
  let lastTenth = -1;
  const started = now();
  const eta = (done: number, total: number) => {
    if (done === 0 || done >= total) return "";
    const perItem = (now() - started) / 1000 / done;
    return ` ETA ${formatDuration(perItem * (total - done))}`;
  };
  return {
    update(done: number, total: number, detail = ""): void {
      const share = total === 0 ? 1 : done / total;
      if (stream.isTTY) {
        const width = 24;
        const filled = Math.round(share * width);
        stream.write(
          `\r${label} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}${eta(done, total)} ${detail}`
            .slice(0, (stream.columns ?? 100) - 1)
            .padEnd((stream.columns ?? 100) - 1),
        );
        return;
      }
      const tenth = Math.floor(share * 10);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        stream.write(`${label}: ${done}/${total}${eta(done, total)}\n`);
      }
    },
    /** A line above the bar (a retry, a warning). */
    note(message: string): void {
      stream.write(`${stream.isTTY ? "\r\x1b[2K" : ""}${label}: ${message}\n`);
    },
    done(summary: string): void {
      if (stream.isTTY) stream.write("\r\x1b[2K");
      stream.write(`${label}: ${summary} in ${formatDuration((now() - started) / 1000)}\n`);
    },
  };
}
