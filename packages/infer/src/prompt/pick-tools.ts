/**
 * The tools a model prompt shows for a large kit. Past `TOOL_INDEX_THRESHOLD` tools, every
 * signature in every prompt costs more than it helps: the prompt shows the tools the request
 * names outright, then the ones a lexical ranking finds closest to it (`rankTools`), up to
 * `PROMPT_TOOL_LIMIT` in all, in the kit's order. The discovery helpers (`search_tools`,
 * `describe_tool`) are left out: a program written in one go has no use for them.
 */
import type { ToolSpec } from "@lackpy/lang";
import {
  DESCRIBE_TOOL,
  SEARCH_TOOLS,
  TOOL_INDEX_THRESHOLD,
  namedTools,
  rankTools,
} from "@lackpy/kit";

/** Tools a prompt for a large kit shows, besides those the request names. */
export const PROMPT_TOOL_LIMIT = 10;

const HELPERS = new Set([SEARCH_TOOLS, DESCRIBE_TOOL]);

/** The tools a prompt shows: all of a small kit's; for a large kit the named and the best ranked, in kit order. */
export function pickTools(tools: readonly ToolSpec[], intent: string | undefined): ToolSpec[] {
  if (tools.length <= TOOL_INDEX_THRESHOLD || intent === undefined) return [...tools];
  const candidates = tools.filter((tool) => !HELPERS.has(tool.name));
  const picked = new Set(namedTools(candidates, intent));
  for (const tool of rankTools(candidates, intent)) {
    if (picked.size >= PROMPT_TOOL_LIMIT) break;
    picked.add(tool);
  }
  return candidates.filter((tool) => picked.has(tool));
}
