/** A one-line progress bar on stderr when it is a terminal; a line per tenth otherwise (CI logs). */
export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr) {
  let lastTenth = -1;
  return {
    update(done: number, total: number, detail = ""): void {
      const share = total === 0 ? 1 : done / total;
      if (stream.isTTY) {
        const width = 24;
        const filled = Math.round(share * width);
        stream.write(
          `\r${label} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total} ${detail}`
            .slice(0, (stream.columns ?? 100) - 1)
            .padEnd((stream.columns ?? 100) - 1),
        );
        return;
      }
      const tenth = Math.floor(share * 10);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        stream.write(`${label}: ${done}/${total}\n`);
      }
    },
    done(summary: string): void {
      if (stream.isTTY) stream.write("\r\x1b[2K");
      stream.write(`${label}: ${summary}\n`);
    },
  };
}
