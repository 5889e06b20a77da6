import { Console } from "node:console";
import { processIo } from "./io/cli-io.js";
import { main } from "./main.js";

// stdout is the answer: whatever a dependency logs goes to stderr.
globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });

const io = processIo();
process.exitCode = await main(process.argv.slice(2), io);
io.terminal?.close();
