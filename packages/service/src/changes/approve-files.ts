import type { Approver } from "../change-types.js";
import type { ChangePlan } from "./describe-changes.js";

/** The plans a person approved, and the paths they declined; all of them without a person to ask. */
export async function approveFiles(
  plans: ChangePlan[],
  approve: Approver | undefined,
): Promise<{ approved: ChangePlan[]; declined: string[] }> {
  if (!approve) return { approved: plans, declined: [] };
  const approved: ChangePlan[] = [];
  const declined: string[] = [];
  let all = false;
  for (const plan of plans) {
    const answer = all ? "all" : await approve({ kind: "file", change: plan.change });
    if (answer === "all") all = true;
    // Approval is an allowlist: only "yes" and "all" approve, whatever else an approver says.
    if (answer === "yes" || answer === "all") approved.push(plan);
    else declined.push(plan.path);
  }
  return { approved, declined };
}
