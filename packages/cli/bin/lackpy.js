#!/usr/bin/env node
// The command is one bundle, compiled with a V8 code cache kept beside it (load-command.js).
// Commands that run programs start the isolated-mode child process as their very first act, so
// the child's start-up (Node's own, then its bundle) overlaps the bin's loading and the
// command's work; the child pool takes it once the bundle has loaded. An idle child never keeps
// the CLI alive and is killed when it exits.
const [command, subcommand] = process.argv.slice(2);
const serves = command === "mcp" && subcommand === "serve";
const runsPrograms =
  command === "run" ||
  command === "delegate" ||
  (command === "template" && subcommand === "test") ||
  serves;
const skip = (arg) => arg.endsWith("in-process") || arg === "--help" || arg === "-h";
const prewarm = runsPrograms && !process.argv.some(skip);
// The MCP server (an optional package) runs programs through the installed @lackpy/run, so its
// child belongs to that pool, which starts it.
const started =
  prewarm && !serves
    ? (await import("../dist/bin/start-child.js")).startChildProcess(256)
    : undefined;
const { loadCommand } = await import("../dist/bin/load-command.js");
const { fileURLToPath } = await import("node:url");
const loaded = loadCommand(fileURLToPath(new URL("../dist/bin/command.cjs", import.meta.url)));
if (prewarm) {
  const { prewarmChildPool } = serves ? await import("@lackpy/run/node") : loaded.exports;
  prewarmChildPool(undefined, started);
}
await loaded.exports.runCommand(process.argv.slice(2));
// Once: a bundle run without its cache (first run, or a new Node) keeps one for the next.
loaded.keepCache();
