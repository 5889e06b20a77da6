import { runInProcess } from "../run-program.js";
import type { RunResult } from "../run-result.js";

/**
 * The warm-up's program: what nearly every program does (a tool call, a binding, a method with
 * an arrow, a helper), and no more. A one-shot `lackpy run` often waits for its child to be
 * ready, so each extra construct warmed up here is time added before that run can start.
 */
export const WARM_UP_PROGRAM = [
  `const files = find_files("**/*.ts")`,
  `files.map((file) => len(read_file(file)))`,
].join("\n");

/**
 * Runs `WARM_UP_PROGRAM` once in this process, its tools answered here, so that the first real
 * run finds the parser, the checks and the interpreter compiled. An isolated child does this
 * before it says it is ready: a one-shot CLI forks the child before it loads, so the warm-up
 * runs while the host is still loading. Never rejects.
 */
export function warmUp(): Promise<RunResult | null> {
  const answer = (value: unknown) => async () => value;
  return runInProcess(WARM_UP_PROGRAM, {
    tools: { find_files: answer(["a.ts", "b.ts"]), read_file: answer("one\ntwo") },
  }).catch(() => null);
}
