/**
 * One isolated child process (started by `startChildProcess`, here or earlier by the CLI). It tells
 * the run holding it what it sends and how it died, keeping the end of its stderr so a heap
 * abort (`FATAL ERROR: Reached heap limit`) can be told from other deaths.
 */
import type { ChildProcess } from "node:child_process";
import type { Socket } from "node:net";
import type { ChildMessage, HostMessage } from "./isolation-protocol.js";
import { readScopeFlags, type ReadScope } from "./read-scope.js";
import { startChildProcess, type StartedChild } from "./start-child.js";

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

  /** Forks the child, or takes `started` (a process started for no scope under the same limit). */
  constructor(
    memoryMb: number,
    scope: ReadScope | null,
    onExit: (child: IsolatedChild) => void,
    started?: StartedChild,
  ) {
    this.memoryMb = memoryMb;
    this.scope = scope;
    this.key = childKey(memoryMb, scope);
    this.exited = new Promise((resolve) => (this.markExited = resolve));
    const { process: child, early } =
      started ?? startChildProcess(memoryMb, scope ? readScopeFlags(scope) : []);
    this.child = child;
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
    const exited = (code: number | null, signal: NodeJS.Signals | null) => {
      if (this.dead) return;
      exit({ code, signal, stderr: "" });
      // `close` follows once stderr has drained; do not wait on it forever, nor keep an idle host alive.
      drain = setTimeout(report, DRAIN_WAIT_MS);
      if (!this.listener) drain.unref();
    };
    this.child.once("exit", exited);
    this.child.once("close", report);
    const failed = (error: Error) => {
      // Spawning failed (no exit will follow); a failed send or kill is followed by an exit.
      if (this.child.pid !== undefined || this.dead) return;
      this.stderrTail = error.message;
      exit({ code: null, signal: null, stderr: "" });
      report();
    };
    this.child.on("error", failed);
    // What a child started earlier did before anyone listened: told once the pool holds it.
    early.stop();
    if (early.ready) this.ready = true;
    // Told on the next tick, once the pool has counted this child among the living.
    const { exit: gone, error } = early;
    if (error) process.nextTick(failed, error);
    if (gone) process.nextTick(exited, gone.code, gone.signal);
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

  /**
   * Kills the child at once (SIGKILL); the run holding it hears nothing more, and the host does
   * not wait for its exit: a one-shot command ends as soon as its run has (the pool still frees
   * the slot when the exit comes, if the host lives on).
   */
  kill(): void {
    this.listener = null;
    if (!this.dead) this.child.kill("SIGKILL");
    this.unref();
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
