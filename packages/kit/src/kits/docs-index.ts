import type { ToolSpec } from "@lackpy/lang";
import { isDocPath } from "./resolve-kit.js";

/** One doc of a kit: a tool's doc, or a kit-level doc (no `tool`). */
export interface DocEntry {
  /** The callable name of the tool the doc is about; absent for kit-level docs. */
  tool?: string;
  /** The path to give `resolveDoc`. */
  path: string;
  /** True for the markdown docs shipped with `@lackpy/kit` (the builtin file tools). */
  shipped: boolean;
}

/** The docs of a kit: each tool's doc path (inline docs are skipped), then the kit-level docs. */
export function docsIndex(kit: {
  tools: readonly Pick<ToolSpec, "name" | "docs" | "provider">[];
  docs?: readonly string[];
}): DocEntry[] {
  const entries: DocEntry[] = [];
  for (const tool of kit.tools)
    if (isDocPath(tool.docs))
      entries.push({
        tool: tool.name,
        path: tool.docs,
        shipped: (tool.provider ?? "builtin") === "builtin",
      });
  const seen = new Set(entries.map((entry) => entry.path));
  for (const path of kit.docs ?? [])
    if (!seen.has(path)) {
      seen.add(path);
      entries.push({ path, shipped: false });
    }
  return entries;
}
