import { Console } from "node:console";
import { processIo } from "./io/cli-io.js";
import { main } from "./main.js";

// stdout is the answer: whatever a dependency logs goes to stderr.
globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });

process.exitCode = await main(process.argv.slice(2), processIo());
