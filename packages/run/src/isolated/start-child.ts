/**
 * Starts an isolated child's process: the built `child-entry.js` forked with its own heap limit,
 * no host flags (`--inspect`, loaders) and no host environment (API keys, `NODE_OPTIONS`). A
 * file of its own, so that a one-shot CLI can start the child as its very first act, before it
 * loads anything else, and hand it to the pool later (`prewarmChildPool`).
 */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Host variables a child may see: none that could hold a secret. */
const PASSED_ENVIRONMENT = ["TZ", "SYSTEMROOT"];

/** What a started child did before an `IsolatedChild` listened to it (events nobody heard are lost). */
export interface EarlyEvents {
  ready: boolean;
  exit: { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Why it could not be started, when it could not. */
  error: Error | null;
  /** Stops noting events (the `IsolatedChild` listens now). */
  stop(): void;
}

/** A child's process, started with the heap limit it is known by, and what it did meanwhile. */
export interface StartedChild {
  readonly memoryMb: number;
  readonly process: ChildProcess;
  readonly early: EarlyEvents;
}

/**
 * The name of the child's file: `child-entry.js`, or what a bundle that holds this code defines
 * (the CLI's build: its CommonJS child, which Node starts without its ES module loader).
 */
declare const __LACKPY_CHILD_ENTRY__: string | undefined;
const ENTRY =
  typeof __LACKPY_CHILD_ENTRY__ === "string" ? __LACKPY_CHILD_ENTRY__ : "child-entry.js";

/** True when the child is a bundle's own file, which holds every package its code loads (`readScope`). */
export const BUNDLED_CHILD = typeof __LACKPY_CHILD_ENTRY__ === "string";

/** The file a child runs: the child entry beside the code that forks it (this package's build, or the CLI's). */
export function entryPath(): string {
  // From dist/ the entry sits beside this file; from src/ (tests through an alias) use the build.
  const url = import.meta.url.endsWith(".ts")
    ? new URL(`../../dist/${ENTRY}`, import.meta.url)
    : new URL(`./${ENTRY}`, import.meta.url);
  return fileURLToPath(url);
}

function childEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const name of PASSED_ENVIRONMENT)
    if (process.env[name] !== undefined) environment[name] = process.env[name];
  return environment;
}

/** Forks a child under the heap limit `memoryMb`, with `flags` after the limits (a read scope's). */
export function startChildProcess(memoryMb: number, flags: readonly string[] = []): StartedChild {
  const child = fork(entryPath(), [], {
    execArgv: [
      `--max-old-space-size=${memoryMb}`,
      // The young generation in proportion (V8's default, 16 MiB semi-spaces, fits 256 MiB).
      `--max-semi-space-size=${Math.min(16, Math.max(1, Math.floor(memoryMb / 16)))}`,
      "--disallow-code-generation-from-strings",
      ...flags,
    ],
    env: childEnvironment(),
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  return { memoryMb, process: child, early: noteEarlyEvents(child) };
}

function noteEarlyEvents(child: ChildProcess): EarlyEvents {
  const onMessage = (message: { type?: unknown }) => {
    if (message?.type === "ready") early.ready = true;
  };
  const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
    early.exit = { code, signal };
  };
  const onError = (error: Error) => {
    early.error ??= error;
  };
  const early: EarlyEvents = {
    ready: false,
    exit: null,
    error: null,
    stop() {
      child.off("message", onMessage).off("exit", onExit).off("error", onError);
    },
  };
  child.on("message", onMessage).on("exit", onExit).on("error", onError);
  return early;
}
