/**
 * The tools a model prompt shows for a large kit. Past `TOOL_INDEX_THRESHOLD` tools, every
 * signature in every prompt costs more than it helps: the prompt shows lackpy's own workspace
 * tools (`alwaysShown`: few, short, and what every program runs over), the tools the request
 * names outright, then up to `PROMPT_TOOL_LIMIT` others that a lexical ranking finds closest to
 * it (`rankTools`), in the kit's order. The discovery helpers (`search_tools`, `describe_tool`)
 * are left out: a program written in one go has no use for them.
 */
import type { ToolSpec } from "@lackpy/lang";
import {
  DESCRIBE_TOOL,
  SEARCH_TOOLS,
  TOOL_INDEX_THRESHOLD,
  alwaysShown,
  namedTools,
  rankTools,
} from "@lackpy/kit";

/** Ranked tools a prompt for a large kit shows, besides the workspace tools and those the request names. */
export const PROMPT_TOOL_LIMIT = 8;

const HELPERS = new Set([SEARCH_TOOLS, DESCRIBE_TOOL]);

/** The tools a prompt shows: all of a small kit's; for a large kit the workspace tools, the named and the best ranked, in kit order. */
export function pickTools(tools: readonly ToolSpec[], intent: string | undefined): ToolSpec[] {
  if (tools.length <= TOOL_INDEX_THRESHOLD || intent === undefined) return [...tools];
  const candidates = tools.filter((tool) => !HELPERS.has(tool.name));
  const picked = new Set([...candidates.filter(alwaysShown), ...namedTools(candidates, intent)]);
  let ranked = 0;
  for (const tool of rankTools(candidates, intent)) {
    if (ranked >= PROMPT_TOOL_LIMIT) break;
    if (picked.has(tool)) continue;
    picked.add(tool);
    ranked++;
  }
  return candidates.filter((tool) => picked.has(tool));
}
