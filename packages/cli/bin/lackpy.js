#!/usr/bin/env node
// Commands that run programs start the isolated-mode child process first, before anything else
// loads, so its start-up (Node's own) overlaps loading the CLI and validating the program. The
// child never keeps the CLI alive and is killed when it exits.
const [command, subcommand] = process.argv.slice(2);
const serves = command === "mcp" && subcommand === "serve";
const runsPrograms =
  command === "run" ||
  command === "delegate" ||
  (command === "template" && subcommand === "test") ||
  serves;
const skip = (arg) => arg.endsWith("in-process") || arg === "--help" || arg === "-h";
if (runsPrograms && !process.argv.some(skip)) {
  // The command is one bundle with its own pool; the MCP server (an optional package) runs
  // programs through the installed @lackpy/run, so its child belongs to that pool.
  const { prewarmChildPool } = serves
    ? await import("@lackpy/run/node")
    : await import("../dist/bin/prewarm.js");
  prewarmChildPool();
}
await import("../dist/bin/cli.js");
