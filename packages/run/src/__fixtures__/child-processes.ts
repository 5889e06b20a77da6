import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

const ENTRY = fileURLToPath(new URL("../../dist/child-entry.js", import.meta.url));

/**
 * The pids of isolated children (of this build) with a heap limit of `memoryMb`, a limit no other
 * test file uses, so parallel test files never see each other's children. Only this process's
 * children unless `anyParent` (children a finished host left behind have another parent).
 */
export async function childPids(memoryMb: number, { anyParent = false } = {}): Promise<number[]> {
  const { stdout } = await execFileAsync("ps", ["-A", "-o", "pid=,ppid=,args="]);
  return stdout
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(
      ([, parent, ...args]) =>
        (anyParent || Number(parent) === process.pid) &&
        args.includes(`--max-old-space-size=${memoryMb}`) &&
        args.includes(ENTRY),
    )
    .map(([pid]) => Number(pid));
}

/** True while a process with this pid exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `check` holds (children start and exit asynchronously), or fails after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("the condition did not hold in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
