import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { validateProgram } from "@lackpy/lang";
import { run as runInProcess } from "@lackpy/run";
import { closeChildPool, run } from "@lackpy/run/node";
import type { BenchSuite } from "./harness.js";

const BIN = fileURLToPath(new URL("../../packages/cli/bin/lackpy.js", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../../examples/workspace", import.meta.url));
const workspace = mkdtempSync(path.join(os.tmpdir(), "lackpy-bench-isolation-"));
cpSync(EXAMPLE, workspace, { recursive: true });
const FILE = path.join(workspace, "program.js");
writeFileSync(FILE, `len(find_files("**/*"))`);
/** A template for the one-shot delegate: the intent is answered at tier 0, then run isolated. */
const TEMPLATE_FILE = path.join(workspace, "count-lines.js");
writeFileSync(TEMPLATE_FILE, `len(read_file(file).split("\\n"))`);
const TEMPLATE_INTENT = "count lines in README.md";
/** An intent no template answers and a rule does (tier 1), then run isolated. */
const RULE_INTENT = "list all typescript files";

const { program: SMALL } = validateProgram(`const xs = [3, 1, 2]\nsorted(xs)`);

async function expectSuccess(
  promise: Promise<{ success: boolean; error: unknown }>,
): Promise<void> {
  const result = await promise;
  if (!result.success) throw new Error(`bench run failed: ${JSON.stringify(result.error)}`);
}

function lackpyRun(...extra: string[]): void {
  execFileSync(process.execPath, [BIN, "run", FILE, "--workspace", workspace, "--json", ...extra]);
}

function lackpyDelegate(intent = TEMPLATE_INTENT): string {
  return execFileSync(
    process.execPath,
    [BIN, "delegate", intent, "--workspace", workspace, "--json"],
    { encoding: "utf8" },
  );
}

/** Checks that a one-shot delegate of `intent` succeeds through `tier`. */
function expectTier(intent: string, expected: string): void {
  const { success, tier } = JSON.parse(lackpyDelegate(intent)) as {
    success: boolean;
    tier: string;
  };
  if (!success || tier !== expected)
    throw new Error(
      `the one-shot delegate of "${intent}" was not served by ${expected} (tier ${tier})`,
    );
}

/**
 * Isolated mode (a child process per run, from a warm pool) against in-process runs, a cold
 * child, and the whole one-shot `lackpy run` and `lackpy delegate` (an intent a template answers,
 * and one a rule answers) processes against the process floor `node -e 0`.
 */
export const suite: BenchSuite = {
  name: "isolation",
  timeMs: 1000,
  // Process tasks take a few hundred ms each; ten samples of each keep the suite under a minute.
  iterations: 10,
  setup: async () => {
    // Warm the pool so the warm figures are warm runs, not a child's start.
    await expectSuccess(run(SMALL!, { mode: "isolated" }));
    execFileSync(process.execPath, [
      BIN,
      "create",
      TEMPLATE_FILE,
      "--name",
      "count-lines",
      "--pattern",
      "count lines in {file}",
      "--workspace",
      workspace,
    ]);
    expectTier(TEMPLATE_INTENT, "templates");
    expectTier(RULE_INTENT, "rules");
  },
  teardown: () => closeChildPool(),
  tasks: () => [
    { name: "run small, in-process", fn: () => expectSuccess(runInProcess(SMALL!, {})) },
    {
      name: "run small, isolated (warm child)",
      fn: () => expectSuccess(run(SMALL!, { mode: "isolated" })),
    },
    {
      name: "isolated run, cold (first child)",
      fn: async () => {
        await closeChildPool();
        await expectSuccess(run(SMALL!, { mode: "isolated" }));
      },
    },
    { name: "node -e 0 (process floor)", fn: () => execFileSync(process.execPath, ["-e", "0"]) },
    { name: "lackpy run file.js (one-shot, isolated)", fn: () => lackpyRun() },
    {
      name: "lackpy run file.js (one-shot, in-process)",
      fn: () => lackpyRun("--mode", "in-process"),
    },
    { name: "lackpy delegate, template (one-shot, isolated)", fn: () => lackpyDelegate() },
    { name: "lackpy delegate, rule (one-shot, isolated)", fn: () => lackpyDelegate(RULE_INTENT) },
  ],
  ratios: [
    {
      name: "isolated warm run overhead over in-process (goal: under 1 ms)",
      task: "run small, isolated (warm child)",
      baseline: "run small, in-process",
      kind: "overhead_us",
      goal: 1000,
    },
    {
      name: "isolated cold / warm",
      task: "isolated run, cold (first child)",
      baseline: "run small, isolated (warm child)",
    },
    {
      name: "one-shot lackpy run (isolated) / node -e 0",
      task: "lackpy run file.js (one-shot, isolated)",
      baseline: "node -e 0 (process floor)",
      goal: 2.5,
    },
    {
      name: "one-shot lackpy run (in-process) / node -e 0",
      task: "lackpy run file.js (one-shot, in-process)",
      baseline: "node -e 0 (process floor)",
    },
    {
      name: "one-shot lackpy delegate (template, isolated) / node -e 0",
      task: "lackpy delegate, template (one-shot, isolated)",
      baseline: "node -e 0 (process floor)",
      goal: 2.5,
    },
    {
      name: "one-shot lackpy delegate (rule, isolated) / node -e 0",
      task: "lackpy delegate, rule (one-shot, isolated)",
      baseline: "node -e 0 (process floor)",
      goal: 2.5,
    },
  ],
};
