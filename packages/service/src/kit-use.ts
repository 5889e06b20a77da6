import type { ToolSpec } from "@lackpy/lang";

/** The kit a run used, as results and `status` show it: its name and the tools that change something. */
export interface KitUse {
  name: string;
  /** Its tools with effects (grade w ≥ 2, a missing grade counting as 3): `write_file`, `edit_file`, a server's tools. */
  writes: string[];
}

/** The tools of a kit that change something (grade w ≥ 2; a tool without a grade counts as 3). */
export function kitWrites(tools: readonly Pick<ToolSpec, "name" | "gradeW">[]): string[] {
  return tools.filter((tool) => (tool.gradeW ?? 3) >= 2).map((tool) => tool.name);
}

/** A resolved kit as results show it (`KitUse`). */
export function kitUse(kit: { name: string; kit: { tools: readonly ToolSpec[] } }): KitUse {
  return { name: kit.name, writes: kitWrites(kit.kit.tools) };
}
