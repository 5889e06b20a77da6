/** A `lackpy mcp serve --http` (or the image's entrypoint) in a child process, for tests. */
import { spawn, type ChildProcess } from "node:child_process";

const children: ChildProcess[] = [];

/** Kills every server process a test left running (call in `afterAll`). */
export function killServers(): void {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
}

/** Starts a command; `url` resolves with the loopback URL of the server it announces on stderr. */
export function startServer(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stderr = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /serving MCP at http:\/\/[^:]+:(\d+)\/mcp/.exec(stderr);
      if (found) resolve(`http://127.0.0.1:${found[1]}/mcp`);
    });
    void exited.then((code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  // A command that is not the server never announces one.
  url.catch(() => undefined);
  /** The JSON log lines so far. */
  const events = () =>
    stderr
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { child, url, exited, stderr: () => stderr, events };
}
