import type { ToolSpec } from "@lackpy/lang";
import {
  DESCRIBE_TOOL,
  SEARCH_TOOLS,
  TOOL_INDEX_THRESHOLD,
  alwaysShown,
  toolIndexLine,
  toolSignature,
  toolSummary,
} from "@lackpy/kit";
import { languageSummary } from "./language-summary.js";
import type { LackpyToolMode } from "./lackpy-tool-options.js";

/** What the model is told about the tool's one input field, by field name. */
export const INPUT_DESCRIPTIONS = Object.freeze({
  program:
    "The lackpy program: short JavaScript that calls the kit's tools by bare name and ends with an expression whose value is the answer.",
  intent: "What you want done over the workspace, in words.",
});

/**
 * A kit as `LackpyService.kitInfo` describes it: its name, its tools (named as the program calls
 * them), the aliases among them, and the tools known by name only (`unlisted`: an MCP server not
 * started yet).
 */
export interface DescribedKit {
  name: string;
  tools: readonly ToolSpec[];
  aliases?: Readonly<Record<string, string>>;
  unlisted?: readonly string[];
}

/** Who shows the description: the MCP server (`run_program`, `delegate`) or an agent framework's tool. */
export type DescriptionHost = "mcp" | "agent";

/** Options of `toolDescription`. */
export interface ToolDescriptionOptions {
  /** `mcp` names the `kit` and `dryRun` arguments and the MCP tools; `agent` (the default) a host-set kit. */
  host?: DescriptionHost;
  /**
   * The other kits a call may name (the `kit` argument of the MCP tools): their tools that the
   * kit described lacks are listed compactly, each with its kit.
   */
  otherKits?: readonly DescribedKit[];
}

/**
 * One tool as a line: its typed signature and its whole description, or with `compact` the
 * first clause of its first sentence (up to `; `), never cut inside a clause.
 */
export function toolLine(
  spec: ToolSpec,
  kit: DescribedKit,
  options: { compact?: boolean } = {},
): string {
  if (kit.unlisted?.includes(spec.name)) {
    const server = spec.providerConfig?.server;
    return `${spec.name}(…) — a tool of the MCP server '${String(server)}', not started yet: describe_tool("${spec.name}") gives its signature.`;
  }
  const text = options.compact
    ? toolSummary(spec, Infinity).split("; ")[0].replace(/\.$/, "")
    : (spec.description ?? "").trim().replace(/\s+/g, " ");
  const aliasOf = kit.aliases?.[spec.name];
  const alias = aliasOf && aliasOf !== spec.name ? ` (alias of ${aliasOf})` : "";
  return `${toolSignature(spec)}${text ? ` — ${text}` : ""}${alias}`;
}

/** Most compact lines the other kits' tools get; past them the rest are named only. */
export const OTHER_KIT_TOOL_LINES = 12;

/**
 * The tools a call can reach by passing another kit: for each kit, what it has beyond `kit`
 * (a compact line per tool, each tool once), or that it has nothing more.
 */
export function otherKitsSection(kit: DescribedKit, others: readonly DescribedKit[]): string {
  const described = new Set(kit.tools.map((tool) => tool.name));
  const lines: string[] = [];
  let left = OTHER_KIT_TOOL_LINES;
  for (const other of others) {
    if (other.name === kit.name) continue;
    const has = other.tools.filter((tool) => described.has(tool.name));
    const added = other.tools.filter((tool) => !described.has(tool.name));
    // A kit that has most of this one's tools is named by what it lacks ("without write_file").
    const hasNames = new Set(has.map((tool) => tool.name));
    const lacks = kit.tools.filter((tool) => !hasNames.has(tool.name)).map((tool) => tool.name);
    const base =
      has.length === 0
        ? ""
        : lacks.length === 0
          ? "the tools above"
          : lacks.length < has.length
            ? `the tools above without ${lacks.join(", ")}`
            : has.map((tool) => tool.name).join(", ");
    const intro = `kit "${other.name}": ${base || "none of the tools above"}${added.length > 0 ? ", plus" : ""}`;
    lines.push(added.length > 0 ? `${intro}:` : intro);
    for (const tool of added) {
      described.add(tool.name);
      if (left-- > 0) lines.push(toolLine(tool, other, { compact: true }));
      else
        lines.push(
          `${tool.name}(…) — describe_tool("${tool.name}") with kit "${other.name}" gives it`,
        );
    }
  }
  if (lines.length === 0) return "";
  return ["Other kits (pass kit):", ...lines].join("\n");
}

/**
 * The kit's tools as the description lists them: every signature, or, past
 * `TOOL_INDEX_THRESHOLD` tools, lackpy's own workspace tools with their signatures
 * (`alwaysShown`) and a compact index of the others (a name and one line each) with how to fetch
 * a signature.
 */
export function kitSection(kit: DescribedKit, host: DescriptionHost = "agent"): string {
  const count = kit.tools.length;
  if (count === 0) return `Kit "${kit.name}": no tools (the program can use only the helpers).`;
  if (count <= TOOL_INDEX_THRESHOLD)
    return [
      `Tools of kit "${kit.name}" (bare names, positional arguments, awaited for you even in callbacks; paths workspace-relative):`,
      ...kit.tools.map((tool) => toolLine(tool, kit)),
    ].join("\n");
  const fetch =
    host === "mcp"
      ? `the ${SEARCH_TOOLS} and ${DESCRIBE_TOOL} tools (or the same helpers in a program)`
      : `a program that calls ${SEARCH_TOOLS}("a few words") or ${DESCRIBE_TOOL}("name")`;
  const shown = kit.tools.filter(alwaysShown);
  const indexed = kit.tools.filter((tool) => !alwaysShown(tool));
  return [
    ...(shown.length > 0
      ? [
          `Workspace tools of kit "${kit.name}" (call by bare name with positional arguments; awaited for you):`,
          ...shown.map((tool) => toolLine(tool, kit)),
          "",
        ]
      : []),
    `Kit "${kit.name}" has ${count} tools; ${shown.length > 0 ? `the other ${indexed.length}` : "they"} are listed by name: get a tool's typed signature from ${fetch} before you call it.`,
    ...indexed.map((tool) => toolIndexLine(tool)),
  ].join("\n");
}

/**
 * The tool description the calling model reads, one builder for the MCP server's `run_program`
 * and `delegate` and the AI SDK and LangChain tools: in `program` mode what it may call (the
 * kit's typed signatures, or an index for a large kit) and what to write (the language summary,
 * refusals first); in `delegate` mode what lackpy can do for an intent.
 */
export function toolDescription(
  mode: LackpyToolMode,
  kit: DescribedKit,
  options: ToolDescriptionOptions = {},
): string {
  const host = options.host ?? "agent";
  const tools = kitSection(kit, host);
  const others = otherKitsSection(kit, options.otherKits ?? []);
  if (mode === "delegate")
    return [
      "Delegate a task over the workspace to lackpy instead of making many tool calls yourself: give the intent in words. lackpy writes a short program (from a saved template, a rule, or a model), validates it, runs it with limits, and returns the answer first, then the program it ran and a count of its tool calls.",
      host === "mcp" ? `The kit is "${kit.name}" unless you pass kit.` : "",
      tools,
      others,
    ]
      .filter(Boolean)
      .join("\n\n");
  return [
    `Run one lackpy program instead of many tool calls: it calls the tools below and ends with the answer's value${host === "mcp" ? ` (kit "${kit.name}" unless you pass kit)` : ""}. If it fails, fix it from error.errors (line, column from 1; hints) and call again.`,
    tools,
    others,
    languageSummary({ host }),
  ]
    .filter(Boolean)
    .join("\n\n");
}
