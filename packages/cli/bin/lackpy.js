#!/usr/bin/env node
// Commands that run programs start the isolated-mode child process first, before anything else
// loads, so its start-up (Node's own) overlaps loading the CLI and validating the program. The
// child never keeps the CLI alive and is killed when it exits.
const [command, subcommand] = process.argv.slice(2);
const runsPrograms =
  command === "run" ||
  command === "delegate" ||
  (command === "template" && subcommand === "test") ||
  (command === "mcp" && subcommand === "serve");
const skip = (arg) => arg.endsWith("in-process") || arg === "--help" || arg === "-h";
if (runsPrograms && !process.argv.some(skip)) {
  const { prewarmChildPool } = await import("@lackpy/run/node");
  prewarmChildPool();
}
await import("../dist/cli.js");
