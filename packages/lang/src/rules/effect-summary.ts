import { MAX_GRADE } from "./grade.js";
import type { EffectSummary, Grade, ToolSpec } from "../types.js";

const NOTHING: readonly never[] = Object.freeze([]);

/** The frozen grades with integer axes, shared by every summary. */
const GRADES: readonly (readonly Readonly<Grade>[])[] = Object.freeze(
  Array.from({ length: MAX_GRADE + 1 }, (_, w) =>
    Object.freeze(Array.from({ length: MAX_GRADE + 1 }, (_, d) => Object.freeze({ w, d }))),
  ),
);

type EffectEntry = EffectSummary["tools"][number];

/** Frozen entries by tool spec, reused while the spec's name and grades stay the same. */
const ENTRIES = new WeakMap<ToolSpec, EffectEntry>();

/** The effect summary of a program that calls no kit tool. */
export const NO_EFFECTS: EffectSummary = Object.freeze({ tools: NOTHING, grade: GRADES[0][0] });

/** The frozen effect summary of the kit tools a program may call (missing grades count as 3), as `computeGrade` grades them. */
export function effectSummary(used: readonly string[], tools: readonly ToolSpec[]): EffectSummary {
  if (used.length === 0) return NO_EFFECTS;
  const entries: EffectEntry[] = [];
  let w = 0;
  let d = 0;
  for (let index = 0; index < used.length; index++) {
    const name = used[index];
    let spec: ToolSpec | undefined;
    for (let item = 0; item < tools.length && !spec; item++)
      if (tools[item].name === name) spec = tools[item];
    const gradeW = spec?.gradeW ?? MAX_GRADE;
    const effectsCeiling = spec?.effectsCeiling ?? MAX_GRADE;
    let entry = spec ? ENTRIES.get(spec) : undefined;
    if (
      !entry ||
      entry.name !== name ||
      entry.gradeW !== gradeW ||
      entry.effectsCeiling !== effectsCeiling
    ) {
      entry = Object.freeze({ name, gradeW, effectsCeiling });
      if (spec) ENTRIES.set(spec, entry);
    }
    entries.push(entry);
    w = Math.max(w, gradeW);
    d = Math.max(d, effectsCeiling);
  }
  return Object.freeze({ tools: Object.freeze(entries), grade: frozenGrade(w, d) });
}

function frozenGrade(w: number, d: number): Readonly<Grade> {
  return GRADES[w]?.[d] ?? Object.freeze({ w, d });
}
