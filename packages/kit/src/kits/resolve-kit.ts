import { computeGrade, nearestName, type Grade, type ToolSpec } from "@lackpy/lang";
import { describeTools } from "../toolbox/describe-tools.js";
import {
  DISCOVERY_TOOL_SPECS,
  TOOL_INDEX_THRESHOLD,
  discoveryCallables,
} from "../toolbox/discovery-tools.js";
import { KitError } from "../kit-error.js";
import type { KitDefinition } from "./parse-kit-file.js";
import { SHIPPED_KITS } from "./shipped-kits.js";
import type { Toolbox, ToolFunction } from "../toolbox/toolbox.js";

/** A kit ready for validation and running: specs and callables under the names the program calls. */
export interface ResolvedKit {
  /** The kit's name, or the joined tool names of an ad-hoc kit. */
  name: string;
  /** Tool specs named by the name the program calls (the alias where aliased). */
  tools: ToolSpec[];
  /** The function behind each callable name. */
  callables: Record<string, ToolFunction>;
  /** Element-wise maximum of the tools' grades. */
  grade: Grade;
  /** The prompt lines of the tools (`describeTools`). */
  description: string;
  /** Kit-level docs, then the tools' doc paths, without duplicates. */
  docs: string[];
  /** Callable name → toolbox tool, for aliased tools only. */
  aliases: Record<string, string>;
  /**
   * Tools the kit names that the toolbox has not listed yet, by callable name (`options.unlisted`
   * gave their stand-in specs, e.g. tools of an MCP server that has not started); absent when none.
   */
  unlisted?: string[];
}

/** A kit in any form but a file path: a kit name, `none`, a comma list, a list of tool names, or an `{ alias: tool }` map. */
export type KitInput = string | readonly string[] | Readonly<Record<string, string>>;

/** Options of `resolveKit`. */
export interface ResolveKitOptions {
  /** Kits besides the shipped ones, by name (a workspace's `.kit` files, read by the Node entry); they win over shipped kits. */
  kits?: Readonly<Record<string, KitDefinition>>;
  /** Further kit names to list when a kit is unknown. */
  knownKits?: readonly string[];
  /** Tool names added to the kit unless already in it. */
  extraTools?: readonly string[];
  /**
   * A stand-in spec for a tool the toolbox has not listed yet (a tool of an MCP server that has
   * not started), or undefined for a tool that does not exist. The kit then resolves with the
   * stand-in, lists it in `unlisted`, and its callable refuses to run.
   */
  unlisted?: (toolName: string) => ToolSpec | undefined;
}

const KIT_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const CALL_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const KIT_FORMS =
  "none, a .kit file path, a comma list of tools (read_file,find_files), a list of tool names, or an { alias: tool } map";

/** Refuses kit names that are not plain names: `/`, `\`, `..` and other punctuation are not allowed. */
export function checkKitName(name: string): void {
  if (!KIT_NAME.test(name) || name.includes(".."))
    throw new KitError("invalid_kit_name", `'${name}' is not a valid kit name.`, {
      hint: "use letters, digits, _, - and ., without / or \\ or ..",
    });
}

/**
 * Resolves a kit against a toolbox. Named kits come from `options.kits` or `SHIPPED_KITS`;
 * unknown tools and kits give a `KitError` whose hint lists what exists. A kit of more than
 * `TOOL_INDEX_THRESHOLD` tools also gets `search_tools` and `describe_tool` (unless it has tools
 * of those names).
 */
export async function resolveKit(
  kit: KitInput,
  toolbox: Toolbox,
  options: ResolveKitOptions = {},
): Promise<ResolvedKit> {
  const definition = toDefinition(kit, toolbox, options);
  for (const extra of options.extraTools ?? []) definition.tools[extra] ??= extra;
  const tools: ToolSpec[] = [];
  const callables: Record<string, ToolFunction> = {};
  const aliases: Record<string, string> = {};
  const unlisted: string[] = [];
  for (const [callName, toolName] of Object.entries(definition.tools)) {
    const listed = toolbox.get(toolName);
    const spec = listed ?? options.unlisted?.(toolName);
    if (!spec) throw unknownTool(definition.name ?? "custom", toolName, toolbox);
    tools.push({ ...spec, name: callName });
    callables[callName] = listed ? await toolbox.resolve(toolName) : notListed(toolName);
    if (!listed) unlisted.push(callName);
    if (callName !== toolName) aliases[callName] = toolName;
  }
  if (Object.keys(aliases).length > 0) renameExampleCalls(tools, definition.tools);
  if (tools.length > TOOL_INDEX_THRESHOLD) addDiscoveryTools(tools, callables);
  const toolDocs = tools.map((tool) => tool.docs).filter(isDocPath);
  return {
    name: definition.name ?? Object.keys(definition.tools).join(","),
    tools,
    callables,
    grade: computeGrade(tools),
    description: describeTools(tools, aliases),
    docs: [...new Set([...(definition.docs ?? []), ...toolDocs])],
    aliases,
    ...(unlisted.length > 0 ? { unlisted } : {}),
  };
}

/** Adds `search_tools` and `describe_tool` over the kit's own tools, unless a tool has their name. */
function addDiscoveryTools(tools: ToolSpec[], callables: Record<string, ToolFunction>): void {
  const own = [...tools];
  const helpers = discoveryCallables(own);
  for (const spec of DISCOVERY_TOOL_SPECS) {
    if (Object.hasOwn(callables, spec.name)) continue;
    tools.push({ ...spec });
    callables[spec.name] = helpers[spec.name];
  }
}

/** The callable of a tool known only by a stand-in spec: it refuses, naming the tool. */
function notListed(toolName: string): ToolFunction {
  return () => {
    throw new KitError("unknown_tool", `The tool '${toolName}' has not been listed yet.`, {
      hint: "resolve the kit without stand-ins before running it",
    });
  };
}

/** True for a docs value that is a path rather than inline markdown. */
export function isDocPath(docs: string | undefined): docs is string {
  return typeof docs === "string" && docs.trim() !== "" && !docs.includes("\n");
}

function toDefinition(kit: KitInput, toolbox: Toolbox, options: ResolveKitOptions): KitDefinition {
  if (Array.isArray(kit)) return adHoc((kit as readonly unknown[]).map((name) => [name, name]));
  if (typeof kit === "object" && kit !== null) return adHoc(Object.entries(kit));
  if (typeof kit !== "string")
    throw new KitError("invalid_kit", `A kit cannot be ${kit === null ? "null" : typeof kit}.`, {
      hint: KIT_FORMS,
    });
  const text = kit.trim();
  const kits = options.kits ?? {};
  if (text === "none") return { name: "none", tools: {} };
  const named = Object.hasOwn(kits, text) || Object.hasOwn(SHIPPED_KITS, text);
  const oneTool = toolbox.has(text) || options.unlisted?.(text) !== undefined;
  if (text.includes(",") || text.includes("=") || (!named && oneTool))
    return adHoc(
      text
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => {
          const [callName, toolName = callName] = part.split("=").map((item) => item.trim());
          return [callName, toolName];
        }),
    );
  checkKitName(text);
  const found = Object.hasOwn(kits, text) ? kits[text] : SHIPPED_KITS[text];
  if (!found) {
    const known = [
      ...new Set([
        ...Object.keys(SHIPPED_KITS),
        ...Object.keys(kits),
        ...(options.knownKits ?? []),
      ]),
    ];
    throw new KitError("unknown_kit", `No kit named '${text}'.`, {
      hint: `kits: ${known.join(", ")}, none, a .kit file path, or a comma list of tools`,
    });
  }
  return { ...found, name: text, tools: { ...found.tools } };
}

function adHoc(entries: readonly (readonly [unknown, unknown])[]): KitDefinition {
  const tools: Record<string, string> = {};
  for (const [callName, toolName] of entries) {
    if (typeof toolName !== "string" || typeof callName !== "string" || !CALL_NAME.test(callName))
      throw new KitError(
        "invalid_kit",
        `The kit entry ${JSON.stringify(callName)} → ${JSON.stringify(toolName)} is not a callable name and a tool name.`,
        { hint: "map an identifier such as read to a tool name such as read_file" },
      );
    tools[callName] = toolName;
  }
  return { tools };
}

/** Rewrites calls in the tools' examples to the names this kit gives them (`read_file(` → `read(`). */
function renameExampleCalls(tools: ToolSpec[], callNames: Readonly<Record<string, string>>): void {
  const renames = new Map<string, string>();
  for (const [callName, toolName] of Object.entries(callNames))
    if (!Object.hasOwn(callNames, toolName) && !renames.has(toolName))
      renames.set(toolName, callName);
  if (renames.size === 0) return;
  const pattern = new RegExp(`(?<![\\w$.])(${[...renames.keys()].join("|")})(?=\\s*\\()`, "g");
  for (const tool of tools)
    if (tool.examples)
      tool.examples = tool.examples.map((example) => ({
        ...example,
        code: example.code.replace(pattern, (name) => renames.get(name) ?? name),
      }));
}

function unknownTool(kitName: string, toolName: string, toolbox: Toolbox): KitError {
  const known = toolbox.list().map((tool) => tool.name);
  const nearest = nearestName(toolName, known);
  return new KitError("unknown_tool", `Kit '${kitName}' names the unknown tool '${toolName}'.`, {
    hint: `${nearest ? `did you mean ${nearest}? ` : ""}known tools: ${known.join(", ") || "none"}`,
  });
}
