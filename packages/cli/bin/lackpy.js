#!/usr/bin/env node
// CommonJS (bin/package.json), like everything it loads, so Node runs it without its ES module
// loader. The command is one bundle, compiled with a V8 code cache kept beside it
// (load-command.cjs). Commands that run programs start the isolated-mode child process as their
// very first act, so the child's start-up (Node's own, then its bundle) overlaps the bin's
// loading and the command's work; the child pool takes it once the bundle has loaded. An idle
// child never keeps the CLI alive and is killed when it exits.
"use strict";
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
  prewarm && !serves ? require("../dist/bin/start-child.cjs").startChildProcess(256) : undefined;
const { loadCommand } = require("../dist/bin/load-command.cjs");
const loaded = loadCommand(require("node:path").join(__dirname, "../dist/bin/command.cjs"));

async function main() {
  if (prewarm) {
    const { prewarmChildPool } = serves ? await import("@lackpy/run/node") : loaded.exports;
    prewarmChildPool(undefined, started);
  }
  await loaded.exports.runCommand(process.argv.slice(2));
  // Once: a bundle run without its cache (first run, or a new Node) keeps one for the next.
  loaded.keepCache();
  // First of the listeners, so that it sees every other one: a `once` listener is gone once called.
  process.prependOnceListener("beforeExit", endNow);
}

// When the command has nothing left to do (Node found no handle, request or timer left, so every
// write is done and every child killed), a process that ends on its own still frees its V8 heap
// page by page; one that calls exit does not, and runs its exit hooks all the same. Only when no
// other module listens: its listener may start more work.
function endNow() {
  if (process.listenerCount("beforeExit") === 0) process.exit();
}

// What runCommand could not report (it reports every error it knows as a value) ends the
// process as an unhandled rejection, exit code 1.
main();
