/**
 * One isolated child process: forked from the built `child-entry.js` with its own heap limit, no
 * host flags (`--inspect`, loaders) and no host environment (API keys, `NODE_OPTIONS`). It tells
 * the run holding it what it sends and how it died, keeping the end of its stderr so a heap
 * abort (`FATAL ERROR: Reached heap limit`) can be told from other deaths.
 */
import { fork, type ChildProcess } from "node:child_process";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import type { ChildMessage, HostMessage } from "./isolation-protocol.js";
import { readScopeFlags, type ReadScope } from "./read-scope.js";

/** How a child ended: its exit code or signal, and the end of what it wrote to stderr. */
export interface ChildDeath {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** What the run holding a child hears from it. */
export interface ChildListener {
  message(message: ChildMessage): void;
  death(death: ChildDeath): void;
}

const STDERR_TAIL_CHARS = 4096;
/** How long to wait after the exit for stderr to drain before reporting the death anyway. */
const DRAIN_WAIT_MS = 250;
/** Host variables a child may see: none that could hold a secret. */
const PASSED_ENVIRONMENT = ["TZ", "SYSTEMROOT"];

/** The file a child runs: `child-entry.js` of this package's build. */
export function entryPath(): string {
  // From dist/ the entry sits beside this file; from src/ (tests through an alias) use the build.
  const url = import.meta.url.endsWith(".ts")
    ? new URL("../../dist/child-entry.js", import.meta.url)
    : new URL("./child-entry.js", import.meta.url);
  return fileURLToPath(url);
}

function childEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const name of PASSED_ENVIRONMENT)
    if (process.env[name] !== undefined) environment[name] = process.env[name];
  return environment;
}

/** The pool's key for children of a heap limit and read scope (children of one key are interchangeable). */
export function childKey(memoryMb: number, scope: ReadScope | null): string {
  return scope ? `${memoryMb}\u0001${scope.key}` : String(memoryMb);
}

/** A forked child that runs one isolated program at a time. */
export class IsolatedChild {
  readonly memoryMb: number;
  /** What the child may read besides nothing (null: no permission model, and no tools of its own). */
  readonly scope: ReadScope | null;
  /** `childKey` of its limit and scope. */
  readonly key: string;
  /** True once the child listens for runs (it has loaded the interpreter). */
  ready = false;
  /** True once the child has exited or failed to start (its run hears why a moment later). */
  dead = false;
  /** Settles when the child's process has exited. */
  readonly exited: Promise<void>;
  private readonly child: ChildProcess;
  private listener: ChildListener | null = null;
  private readyWaiters: ((ready: boolean) => void)[] = [];
  private stderrTail = "";
  private death: ChildDeath | null = null;
  private markExited!: () => void;

  constructor(memoryMb: number, scope: ReadScope | null, onExit: (child: IsolatedChild) => void) {
    this.memoryMb = memoryMb;
    this.scope = scope;
    this.key = childKey(memoryMb, scope);
    this.exited = new Promise((resolve) => (this.markExited = resolve));
    this.child = fork(entryPath(), [], {
      execArgv: [
        `--max-old-space-size=${memoryMb}`,
        // The young generation in proportion (V8's default, 16 MiB semi-spaces, fits 256 MiB).
        `--max-semi-space-size=${Math.min(16, Math.max(1, Math.floor(memoryMb / 16)))}`,
        "--disallow-code-generation-from-strings",
        ...(scope ? readScopeFlags(scope) : []),
      ],
      env: childEnvironment(),
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    this.child.on("message", (message: ChildMessage) => this.receive(message));
    this.child.stderr?.setEncoding("utf8");
    this.child.stderr?.on("data", (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });
    // A pipe is a socket: an idle child's stderr must not keep the host alive either.
    (this.child.stderr as Socket | null)?.unref();
    let reported = false;
    let drain: ReturnType<typeof setTimeout> | undefined;
    const report = () => {
      if (reported || !this.death) return;
      reported = true;
      clearTimeout(drain);
      this.death.stderr = this.stderrTail;
      for (const waiter of this.readyWaiters.splice(0)) waiter(false);
      this.listener?.death(this.death);
      this.listener = null;
    };
    const exit = (death: ChildDeath) => {
      this.dead = true;
      this.death = death;
      this.markExited();
      onExit(this);
    };
    this.child.once("exit", (code, signal) => {
      exit({ code, signal, stderr: "" });
      // `close` follows once stderr has drained; do not wait on it forever, nor keep an idle host alive.
      drain = setTimeout(report, DRAIN_WAIT_MS);
      if (!this.listener) drain.unref();
    });
    this.child.once("close", report);
    this.child.on("error", (error) => {
      // Spawning failed (no exit will follow); a failed send or kill is followed by an exit.
      if (this.child.pid !== undefined || this.dead) return;
      this.stderrTail = error.message;
      exit({ code: null, signal: null, stderr: "" });
      report();
    });
  }

  /** Calls `callback(true)` once the child listens for runs, or `callback(false)` if it dies first. */
  whenReady(callback: (ready: boolean) => void): void {
    if (this.dead) callback(false);
    else if (this.ready) callback(true);
    else this.readyWaiters.push(callback);
  }

  /** Routes the child's messages and death to one run (or to nobody with `null`). */
  attach(listener: ChildListener | null): void {
    this.listener = listener;
  }

  /** Sends a message; false when the child can no longer receive one. */
  send(message: HostMessage): boolean {
    if (this.dead || !this.child.connected) return false;
    this.child.send(message);
    return true;
  }

  /** Kills the child at once (SIGKILL); the run holding it hears nothing more. */
  kill(): void {
    this.listener = null;
    if (!this.dead) this.child.kill("SIGKILL");
  }

  /** Lets the host exit while this child waits idle. */
  unref(): void {
    this.child.unref();
    this.child.channel?.unref();
  }

  /** Keeps the host alive while this child runs a program. */
  ref(): void {
    this.child.ref();
    this.child.channel?.ref();
  }

  private receive(message: ChildMessage): void {
    if (message.type === "ready") {
      this.ready = true;
      for (const waiter of this.readyWaiters.splice(0)) waiter(true);
      return;
    }
    this.listener?.message(message);
  }
}
