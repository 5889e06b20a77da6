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
    if (answer === "no") declined.push(plan.path);
    else approved.push(plan);
  }
  return { approved, declined };
}
