import { processConsole, processIo } from "./io/cli-io.js";
import { main } from "./main.js";

// stdout is the answer: whatever a dependency logs goes to stderr, escaped.
globalThis.console = processConsole();

const io = processIo();
process.exitCode = await main(process.argv.slice(2), io);
io.terminal?.close();
