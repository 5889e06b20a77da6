/**
 * A landing's checks of what its run read and what its files must hold, asked once before it
 * waits for any lock (decision 176): a change another one already overtook is refused at once,
 * naming the change that won, instead of queueing behind it for the same refusal. The checks are
 * made again under the locks, where they decide; here only a `stale_change` refuses, and any
 * other trouble is left to the landing.
 */
import path from "node:path";
import { ToolError, type PathProtection } from "@lackpy/kit";
import { checkExpected, readFileState, sameState, type FileChangePlan } from "@lackpy/kit/node";
import type { ReadCheck, RunHistory } from "../store/change-store-types.js";
import { namingWinner } from "./naming-winner.js";

/** Refuses with `stale_change` when a file the run read (and does not change) holds anything else now. */
export async function checkRead(read: ReadCheck, workspace: string): Promise<void> {
  const now = await readFileState(path.join(workspace, ...read.path.split("/")));
  if (sameState(read.expected, now)) return;
  throw new ToolError(
    "stale_change",
    read.expected.exists
      ? `'${read.path}' was changed by someone else after this run read it (its changes may be made from it).`
      : `'${read.path}' was created by someone else after this run found it missing (its changes may be made from that).`,
    { hint: "run the program again to work on what the files hold now" },
  );
}

/** Throws the first `stale_change` the reads and the plans show now, naming the change that won. */
export async function refuseStaleEarly(
  plans: readonly FileChangePlan[],
  options: {
    workspace: string;
    protection: PathProtection;
    history: RunHistory;
    reads?: readonly ReadCheck[];
  },
): Promise<void> {
  const checks = [
    ...(options.reads ?? []).map((read) => ({
      path: read.path,
      check: () => checkRead(read, options.workspace),
    })),
    ...plans.map((plan) => ({
      path: plan.path,
      check: () => checkExpected(options.workspace, plan, options),
    })),
  ];
  for (const { path: file, check } of checks) {
    const stale = await check().then(
      () => null,
      (error: unknown) => (ToolError.is(error) && error.code === "stale_change" ? error : null),
    );
    if (stale)
      throw await namingWinner(stale, file, {
        waited: new Map(),
        history: options.history,
        workspace: options.workspace,
      });
  }
}
