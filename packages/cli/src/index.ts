export { main, createRootCommand, CLI_VERSION } from "./main.js";
export { processIo, memoryIo } from "./io/cli-io.js";
export type { CliIo } from "./io/cli-io.js";
export { UsageError } from "./args/usage-error.js";
export { parseParams, repeatedFlag } from "./args/parse-flags.js";
export { codeFrame } from "./io/code-frame.js";
