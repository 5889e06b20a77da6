/** Process ids of running stdio MCP servers, ended when this process exits. */
const children = new Set<number>();
let hooked = false;

function endChildren(): void {
  for (const pid of children) {
    try {
      process.kill(pid);
    } catch {
      // Already gone.
    }
  }
  children.clear();
}

/** Remembers a stdio server's process so it is ended at exit even when nobody closes it. */
export function trackChild(pid: number): void {
  children.add(pid);
  if (!hooked) {
    hooked = true;
    process.once("exit", endChildren);
  }
}

/** Forgets a server's process once it has ended or been closed. */
export function untrackChild(pid: number): void {
  children.delete(pid);
}
