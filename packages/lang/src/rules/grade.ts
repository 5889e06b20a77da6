import type { Grade, ToolSpec } from "../types.js";

/** Highest grade on either axis; a missing field on a tool counts as this. */
export const MAX_GRADE = 3;

/** The kit's grade: element-wise maximum of its tools' `gradeW` and `effectsCeiling` (missing = 3, empty kit = 0/0). */
export function computeGrade(tools: Iterable<Pick<ToolSpec, "gradeW" | "effectsCeiling">>): Grade {
  let w = 0;
  let d = 0;
  for (const tool of tools) {
    w = Math.max(w, tool.gradeW ?? MAX_GRADE);
    d = Math.max(d, tool.effectsCeiling ?? MAX_GRADE);
  }
  return { w, d };
}
