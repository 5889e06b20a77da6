/**
 * Tool discovery for large kits: past `TOOL_INDEX_THRESHOLD` tools, descriptions and prompts list
 * a compact index (a name and one line per tool), and a program gets `search_tools(query)` and
 * `describe_tool(name)` to fetch signatures on demand. Both are pure (grade 0): they read the
 * kit's specs and nothing else.
 */
import { nearestName, type ToolSpec } from "@lackpy/lang";
import { ToolError } from "../tool-error.js";
import { toolSignature, toolSummary } from "./describe-tools.js";
import { rankTools } from "./rank-tools.js";
import type { ToolFunction } from "./toolbox.js";

/** Kits with more tools than this list a compact index and get `search_tools` and `describe_tool`. */
export const TOOL_INDEX_THRESHOLD = 40;

/** The name of the search helper. */
export const SEARCH_TOOLS = "search_tools";
/** The name of the describe helper. */
export const DESCRIBE_TOOL = "describe_tool";

/** Matches `search_tools` returns when the call gives no limit. */
export const DEFAULT_SEARCH_LIMIT = 8;

/**
 * True for lackpy's own workspace tools (provider `builtin`: the file tools): every program runs
 * over the workspace, they are few and short, so prompts and descriptions of a large kit show
 * them in full; the other tools are ranked or indexed.
 */
export function alwaysShown(spec: ToolSpec): boolean {
  return (spec.provider ?? "builtin") === "builtin";
}

/** One line of a compact index: `name — first sentence`. */
export function toolIndexLine(spec: ToolSpec, maxChars = 80): string {
  const summary = toolSummary(spec, maxChars);
  return summary ? `${spec.name} — ${summary}` : spec.name;
}

/** One match of `search_tools`. */
export interface ToolMatch {
  name: string;
  signature: string;
  description: string;
}

/** What `describe_tool` returns about one tool. */
export interface ToolDescription extends ToolMatch {
  args: { name: string; type: string; optional: boolean; description: string }[];
  returns: string;
  grade: { w: number; d: number };
  examples: string[];
}

const DISCOVERY_GRADE = { gradeW: 0, effectsCeiling: 0, acceptsSecrets: false } as const;

/** The specs of the two helpers, as a kit lists them. */
export const DISCOVERY_TOOL_SPECS: readonly ToolSpec[] = Object.freeze([
  {
    name: SEARCH_TOOLS,
    provider: "kit",
    description:
      "The kit's tools that fit a few words, best first: { name, signature, description }[].",
    args: [
      { name: "query", type: "string", description: 'Words such as "create issue"' },
      { name: "limit", type: "number", description: "At most this many", optional: true },
    ],
    returns: "{ name: string, signature: string, description: string }[]",
    ...DISCOVERY_GRADE,
  },
  {
    name: DESCRIBE_TOOL,
    provider: "kit",
    description:
      "One tool of the kit in full: its signature, description, arguments, return type and grade.",
    args: [
      { name: "name", type: "string", description: "The tool's name as the program calls it" },
    ],
    returns:
      "{ name: string, signature: string, description: string, args: { name: string, type: string, optional: boolean, description: string }[], returns: string, grade: { w: number, d: number }, examples: string[] }",
    ...DISCOVERY_GRADE,
  },
]);

function match(spec: ToolSpec): ToolMatch {
  return { name: spec.name, signature: toolSignature(spec), description: spec.description ?? "" };
}

/** What `describe_tool` says about a spec. */
export function describeToolSpec(spec: ToolSpec): ToolDescription {
  return {
    ...match(spec),
    args: (spec.args ?? []).map((arg) => ({
      name: arg.name,
      type: arg.type,
      optional: arg.optional === true,
      description: arg.description ?? "",
    })),
    returns: spec.returns ?? "any",
    grade: { w: spec.gradeW ?? 3, d: spec.effectsCeiling ?? 3 },
    examples: (spec.examples ?? []).map((example) => example.code),
  };
}

/** `search_tools` over a kit's tools: ranked matches, at most `limit` (`DEFAULT_SEARCH_LIMIT`). */
export function searchTools(
  tools: readonly ToolSpec[],
  query: string,
  limit?: number,
): ToolMatch[] {
  if (typeof query !== "string" || query.trim() === "")
    throw new ToolError("invalid_argument", "search_tools needs a few words to search for.", {
      retriable: true,
      hint: 'e.g. search_tools("create issue")',
    });
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
    throw new ToolError(
      "invalid_argument",
      `search_tools' limit must be a whole number above 0, not ${JSON.stringify(limit)}.`,
      { retriable: true, hint: "leave it out for the default of 8" },
    );
  return rankTools(tools, query, { limit: limit ?? DEFAULT_SEARCH_LIMIT }).map(match);
}

/** `describe_tool` over a kit's tools; an unknown name is a retriable `unknown_tool` naming the nearest. */
export function describeKitTool(tools: readonly ToolSpec[], name: string): ToolDescription {
  const spec = typeof name === "string" ? tools.find((tool) => tool.name === name) : undefined;
  if (!spec) {
    const nearest = nearestName(
      String(name),
      tools.map((tool) => tool.name),
    );
    throw new ToolError("unknown_tool", `This kit has no tool named ${JSON.stringify(name)}.`, {
      retriable: true,
      hint: nearest ? `did you mean ${nearest}?` : 'search_tools("a few words") finds tools',
    });
  }
  return describeToolSpec(spec);
}

/** The callables of the two helpers over a kit's tools. */
export function discoveryCallables(tools: readonly ToolSpec[]): Record<string, ToolFunction> {
  return {
    [SEARCH_TOOLS]: (query: string, limit?: number) => searchTools(tools, query, limit),
    [DESCRIBE_TOOL]: (name: string) => describeKitTool(tools, name),
  };
}
