import { Console } from "node:console";
import { createRequire } from "node:module";
import { Writable } from "node:stream";
import { terminalText } from "./terminal-text.js";
/** The terminal a person answers prompts on (`--approve`), read one line at a time. */
export interface CliTerminal {
  /** True when stdin is a terminal: a person is there to answer. */
  isTTY: boolean;
  /** The next line typed (without its newline), or null at the end of input. */
  readLine(): Promise<string | null>;
  /** Stops reading (lets the process end). */
  close(): void;
}

/** Where the CLI reads and writes: the process in production, buffers in tests. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<Uint8Array>;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Colour and spinners only when stdout is a terminal and `NO_COLOR` is not set. */
  isTTY: boolean;
  /** The terminal's width in columns, when stdout is one that says; help wraps to it (else to 80). */
  columns?: number;
  /** Where `--approve` asks; absent (or not a TTY) when nobody can be asked. */
  terminal?: CliTerminal;
}

/** True when output to a stream may carry ANSI colours: a terminal, no `NO_COLOR` (any non-empty value), no `TERM=dumb`. */
export function colorEnabled(
  isTerminal: boolean,
  env: Record<string, string | undefined>,
): boolean {
  return isTerminal && !env.NO_COLOR && env.TERM !== "dumb";
}

/**
 * Writes to a process stream; once the reader has gone (`lackpy status | head -1`, EPIPE), later
 * writes are dropped instead of crashing the command with a stack trace.
 */
export function pipeWriter(stream: NodeJS.WriteStream): (text: string) => void {
  let closed = false;
  // Any write error (EPIPE above all) means the output has nowhere to go.
  stream.on("error", () => {
    closed = true;
  });
  return (text) => {
    if (closed || stream.destroyed) return;
    stream.write(text);
  };
}

type Readline = typeof import("node:readline");

/**
 * Node's `readline`, loaded on the first prompt: a command that asks nothing (nearly every one)
 * does not load its seven modules. A synchronous `require`, since `import()` would start Node's ES
 * module loader in the bin (decision 169).
 */
function readline(): Readline {
  return createRequire(import.meta.url)("node:readline") as Readline;
}

/** Lines typed on a stream, read on demand: nothing is read (and the process is not held open) until the first `readLine`. */
export function streamTerminal(stream: NodeJS.ReadStream): CliTerminal {
  let lines: AsyncIterator<string> | null = null;
  let reader: ReturnType<Readline["createInterface"]> | null = null;
  return {
    isTTY: Boolean(stream.isTTY),
    async readLine() {
      if (!lines) {
        reader = readline().createInterface({ input: stream, terminal: false });
        lines = reader[Symbol.asyncIterator]();
      }
      const next = await lines.next();
      return next.done ? null : next.value;
    },
    close() {
      reader?.close();
    },
  };
}

/** The real process as a CliIo. */
export function processIo(): CliIo {
  return {
    stdout: pipeWriter(process.stdout),
    stderr: pipeWriter(process.stderr),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    cwd: process.cwd(),
    env: process.env,
    isTTY: colorEnabled(Boolean(process.stdout.isTTY), process.env),
    ...(process.stdout.isTTY && process.stdout.columns ? { columns: process.stdout.columns } : {}),
    terminal: streamTerminal(process.stdin),
  };
}

/**
 * A CliIo that records output, for tests; `answers` are the lines a person types at prompts
 * (on a terminal: `isTTY` true), and without them stdin is no terminal.
 */
export function memoryIo(
  options: { stdin?: string; cwd?: string; env?: Record<string, string>; answers?: string[] } = {},
): CliIo & { out: string; err: string } {
  const answers = [...(options.answers ?? [])];
  const io = {
    out: "",
    err: "",
    stdout: (text: string) => void (io.out += text),
    stderr: (text: string) => void (io.err += text),
    readStdin: async () => new TextEncoder().encode(options.stdin ?? ""),
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? {},
    isTTY: false,
    terminal: {
      isTTY: options.answers !== undefined,
      readLine: async () => answers.shift() ?? null,
      close: () => undefined,
    },
  };
  return io;
}

/**
 * The console for what a dependency logs: on stderr (stdout is the answer), escaped like all the
 * CLI prints (`terminalText`), since a dependency may log what a server or a file sent it.
 */
export function processConsole(): Console {
  const write = pipeWriter(process.stderr);
  const escaped = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      write(terminalText(chunk.toString(), false));
      done();
    },
  });
  return new Console({ stdout: escaped, stderr: escaped });
}
