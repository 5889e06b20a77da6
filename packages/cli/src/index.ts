export { main, createRootCommand, CLI_VERSION } from "./main.js";
export { processIo, memoryIo } from "./cli-io.js";
export type { CliIo } from "./cli-io.js";
export { UsageError } from "./usage-error.js";
export { parseParams, repeatedFlag } from "./parse-flags.js";
export { codeFrame } from "./code-frame.js";
