// A host for child-pool.test.ts: starts the pool, runs one program in isolated mode, prints the
// output or error code, and ends without closing the pool (it must still exit on its own), or,
// given "close" after the program, closing it without waiting for the children's exits.
// Its one tool, `freeze()`, stops the calling child with SIGSTOP: a child stuck where it cannot
// stop itself, which only the host's kill at the time limit ends.
import { execFileSync } from "node:child_process";
import { closeChildPool, prewarmChildPool, run } from "../../dist/node.js";

/** Stops every isolated child of this host: the only one is the one running the program. */
function freeze() {
  const rows = execFileSync("ps", ["-A", "-o", "pid=,ppid="], { encoding: "utf8" });
  for (const [pid, parent] of rows.split("\n").map((row) => row.trim().split(/\s+/)))
    if (Number(parent) === process.pid) process.kill(Number(pid), "SIGSTOP");
  return null;
}

const memoryMb = Number(process.argv[2]);
prewarmChildPool(memoryMb);
const result = await run(process.argv[3], {
  mode: "isolated",
  tools: { freeze },
  limits: { memoryMb, timeoutMs: 200 },
});
if (process.argv[4] === "close") await closeChildPool({ waitForExit: false });
process.stdout.write(JSON.stringify(result.error?.code ?? result.output));
