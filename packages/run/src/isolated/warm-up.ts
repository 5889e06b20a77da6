import { runProgramTree } from "../run-tree.js";
import type { RunResult } from "../run-result.js";
import { checkProgramTree } from "./check-program-tree.js";
import { WARM_UP_TREE } from "./warm-up-tree.js";

/**
 * The warm-up's program: what nearly every program does (a tool call, a binding, a method with
 * an arrow, a helper), and no more. A one-shot `lackpy run` often waits for its child to be
 * ready, so each extra construct warmed up here is time added before that run can start. The
 * child runs its tree, `WARM_UP_TREE`.
 */
export const WARM_UP_PROGRAM = [
  `const files = find_files("**/*.ts")`,
  `files.map((file) => len(read_file(file)))`,
].join("\n");

/**
 * Runs `WARM_UP_PROGRAM` once in this process, its tools answered here, so that the first real
 * run finds the interpreter compiled. An isolated child does this before it says it is ready: a
 * one-shot CLI forks the child before it loads, so the warm-up runs while the host is still
 * loading. Never rejects.
 */
export function warmUp(): Promise<RunResult | null> {
  const answer = (value: unknown) => async () => value;
  // The check every sent tree passes is warmed up too.
  if (checkProgramTree(WARM_UP_TREE) !== null) return Promise.resolve(null);
  return runProgramTree(
    { ast: WARM_UP_TREE, names: { cells: [] } },
    { tools: { find_files: answer(["a.ts", "b.ts"]), read_file: answer("one\ntwo") } },
    null,
  ).catch(() => null);
}
