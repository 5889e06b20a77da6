import type { Grade } from "@lackpy/lang";
import type { LackpyConfig } from "../config/config-types.js";
import { ServiceError } from "../service-error.js";

/** Refuses a kit whose world-coupling grade is above `policy.max_grade_w`, before anything runs. */
export function enforcePolicy(kitName: string, grade: Grade, config: LackpyConfig): void {
  if (grade.w > config.policy.maxGradeW) {
    throw new ServiceError(
      "policy_refused",
      `Kit '${kitName}' has grade w=${grade.w}, above this workspace's policy.max_grade_w = ${config.policy.maxGradeW}.`,
      {
        hint: "use a kit with fewer effects (e.g. readonly), or raise [policy] max_grade_w in .lackpy/config.toml",
      },
    );
  }
}
