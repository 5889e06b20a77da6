/**
 * What the bin runs, as one CommonJS bundle (`dist/bin/command.cjs`, which `load-command.ts`
 * compiles with a V8 code cache): the child pool's prewarm, and the command itself.
 */
import { processConsole, processIo } from "./io/cli-io.js";
import { main } from "./main.js";

export { prewarmChildPool } from "@lackpy/run/node";

/** Runs one command line (`argv` without node and the bin) on the process's own io; sets the exit code. */
export async function runCommand(argv: readonly string[]): Promise<void> {
  // stdout is the answer: whatever a dependency logs goes to stderr, escaped.
  globalThis.console = processConsole();
  const io = processIo();
  process.exitCode = await main(argv, io);
  io.terminal?.close();
}
