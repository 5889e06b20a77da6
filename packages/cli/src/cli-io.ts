/** Where the CLI reads and writes: the process in production, buffers in tests. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<Uint8Array>;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Colour and spinners only when stderr/stdout is a terminal. */
  isTTY: boolean;
}

/** The real process as a CliIo. */
export function processIo(): CliIo {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    cwd: process.cwd(),
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
  };
}

/** A CliIo that records output, for tests. */
export function memoryIo(
  options: { stdin?: string; cwd?: string; env?: Record<string, string> } = {},
): CliIo & { out: string; err: string } {
  const io = {
    out: "",
    err: "",
    stdout: (text: string) => void (io.out += text),
    stderr: (text: string) => void (io.err += text),
    readStdin: async () => new TextEncoder().encode(options.stdin ?? ""),
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? {},
    isTTY: false,
  };
  return io;
}
