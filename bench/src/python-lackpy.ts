/**
 * Finding Python lackpy and running the driver `bench/python/lackpy_driver.py` against it. The
 * driver imports lackpy from the checkout named by `LACKPY_PYTHON_SRC`, or as installed for the
 * interpreter `LACKPY_PYTHON` (default `python3`); nothing of Python lackpy lives in this repository.
 */
import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CpuSampling, CpuSamples } from "./cpu-time.js";

const DRIVER = fileURLToPath(new URL("../python/lackpy_driver.py", import.meta.url));
const RUNNER = fileURLToPath(new URL("../python/lackpy_runner.py", import.meta.url));
const DRIVER_TIMEOUT_MS = 300_000;

/** How to enable the comparison, for the line printed when it is skipped. */
export const PYTHON_LACKPY_HINT =
  "set LACKPY_PYTHON_SRC to a checkout of github.com/teaguesterling/lackpy (or install lackpy for python3; LACKPY_PYTHON picks the interpreter)";

/** Where Python lackpy is: the interpreter and the checkout (null when installed). */
export interface PythonLackpy {
  python: string;
  src: string | null;
}

/** Python lackpy, or why the comparison cannot run: `missing` (skip quietly) or `broken` (asked for, but unusable). */
export type PythonLackpyLookup = { found: PythonLackpy } | { missing: string } | { broken: string };

/** What the driver sends back. */
export interface DriverAnswer {
  python: string;
  lackpy: string;
  tasks: ({ task: string } & CpuSamples)[];
  results: Record<string, unknown>;
}

/** The driver's request: the workspace copy it may write a template into, the programs, the sampling. */
export interface DriverRequest {
  workspace: string;
  kit: readonly string[];
  sampling: CpuSampling;
  programs: { typical: string; long: string };
  template: { name: string; pattern: string; intent: string; program: string };
}

/** Looks for Python lackpy as the environment says. */
export function findPythonLackpy(
  env: Record<string, string | undefined> = process.env,
): PythonLackpyLookup {
  const python = env.LACKPY_PYTHON || "python3";
  const src = env.LACKPY_PYTHON_SRC || null;
  if (src !== null) {
    const root = path.resolve(src);
    const hasPackage = [path.join(root, "src", "lackpy"), path.join(root, "lackpy")].some(
      (folder) => existsSync(path.join(folder, "__init__.py")),
    );
    if (!hasPackage)
      return {
        broken: `LACKPY_PYTHON_SRC=${src} holds no lackpy package (src/lackpy/ or lackpy/)`,
      };
    const version = spawnSync(python, ["--version"], { encoding: "utf8" });
    if (version.status !== 0)
      return { broken: `LACKPY_PYTHON_SRC is set but ${python} does not run` };
    return { found: { python, src: root } };
  }
  const probe = spawnSync(python, ["-c", "import lackpy"], { encoding: "utf8" });
  if (probe.status !== 0)
    return { missing: `Python lackpy not found (${python} cannot import lackpy)` };
  return { found: { python, src: null } };
}

/** Runs the driver to completion (nothing else runs meanwhile) and parses its answer. */
export function runPythonDriver(location: PythonLackpy, request: DriverRequest): DriverAnswer {
  const child = spawnSync(location.python, [DRIVER], {
    input: JSON.stringify({ ...request, src: location.src }),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: DRIVER_TIMEOUT_MS,
    // Bytecode caches would land in the user's checkout.
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" },
  });
  if (child.error) throw new Error(`the Python lackpy driver did not run: ${child.error.message}`);
  if (child.status !== 0)
    throw new Error(
      `the Python lackpy driver failed (exit ${child.status}): ${child.stderr.trim().split("\n").slice(-3).join(" | ")}`,
    );
  return JSON.parse(child.stdout) as DriverAnswer;
}

/** One run of Python lackpy by `bench/python/lackpy_runner.py`: its wall time and what it gave. */
export interface PythonRun {
  ms: number;
  success: boolean;
  output: unknown;
  error: string | null;
}

/** A Python lackpy process that runs one program at a time when asked (`lackpy_runner.py`). */
export interface PythonRunner {
  run(workspace: string, program: string, kit: readonly string[]): Promise<PythonRun>;
  close(): void;
}

/** Starts `lackpy_runner.py` for Python lackpy at `location`; it lives until `close()`. */
export function startPythonRunner(location: PythonLackpy): PythonRunner {
  const child = spawn(location.python, [RUNNER], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" },
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
  const lines = createInterface({ input: child.stdout });
  const waiting: ((line: string | null) => void)[] = [];
  lines.on("line", (line) => waiting.shift()?.(line));
  child.on("close", () => {
    for (const resolve of waiting.splice(0)) resolve(null);
  });
  return {
    run(workspace, program, kit) {
      return new Promise((resolve, reject) => {
        waiting.push((line) => {
          if (line === null)
            reject(
              new Error(
                `the Python lackpy runner ended: ${stderr.trim().split("\n").slice(-3).join(" | ")}`,
              ),
            );
          else resolve(JSON.parse(line) as PythonRun);
        });
        child.stdin.write(`${JSON.stringify({ src: location.src, workspace, program, kit })}\n`);
      });
    },
    close() {
      child.stdin.end();
      child.kill();
    },
  };
}
