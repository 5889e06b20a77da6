import { computeGrade, type Grade, type ToolSpec } from "@lackpy/lang";
import { KitError } from "./kit-error.js";
import type { KitDefinition } from "./kit-file.js";
import { describeTools, type Toolbox, type ToolFunction } from "./toolbox.js";

/** A kit ready for validation and running: specs and callables under the names the program calls. */
export interface ResolvedKit {
  name: string;
  tools: ToolSpec[];
  callables: Record<string, ToolFunction>;
  grade: Grade;
  description: string;
  docs: string[];
  /** Call name → toolbox tool, for aliased tools. */
  aliases: Record<string, string>;
}

/** Kits that ship with lackpy. */
export const SHIPPED_KITS: Readonly<Record<string, KitDefinition>> = Object.freeze({
  readonly: {
    name: "readonly",
    description: "Read files and find them by glob; no writes.",
    tools: { read_file: "read_file", find_files: "find_files" },
  },
  files: {
    name: "files",
    description: "Read, find, write and edit files of the workspace.",
    tools: {
      read_file: "read_file",
      find_files: "find_files",
      write_file: "write_file",
      edit_file: "edit_file",
    },
  },
});

const KIT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** Refuses kit names that are not plain names (`/`, `\` and `..` are never allowed). */
export function checkKitName(name: string): void {
  if (!KIT_NAME.test(name) || name.includes(".."))
    throw new KitError("invalid_kit_name", `'${name}' is not a valid kit name.`, {
      hint: "use letters, digits, _ , - and ., without / or \\ or ..",
    });
}

/** A kit in any form but a file path: a kit name, `none`, a comma list, a list of tool names, or an `{ alias: tool }` map. */
export type KitInput = string | readonly string[] | Readonly<Record<string, string>>;

/**
 * Resolves a kit against a toolbox. Named kits come from `SHIPPED_KITS` or `options.kits`
 * (definitions read from `.kit` files by the Node entry); unknown tools and kits give errors that
 * list what exists.
 */
export async function resolveKit(
  kit: KitInput,
  toolbox: Toolbox,
  options: { kits?: Readonly<Record<string, KitDefinition>>; extraTools?: readonly string[] } = {},
): Promise<ResolvedKit> {
  const definition = toDefinition(kit, toolbox, options.kits ?? {});
  for (const extra of options.extraTools ?? []) definition.tools[extra] ??= extra;
  const tools: ToolSpec[] = [];
  const callables: Record<string, ToolFunction> = {};
  const aliases: Record<string, string> = {};
  for (const [callName, toolName] of Object.entries(definition.tools)) {
    const spec = toolbox.get(toolName);
    if (!spec) {
      const known = toolbox.list().map((tool) => tool.name);
      throw new KitError(
        "unknown_tool",
        `Kit '${definition.name ?? "custom"}' names the unknown tool '${toolName}'.`,
        { hint: `known tools: ${known.join(", ") || "none"}` },
      );
    }
    tools.push({ ...spec, name: callName });
    callables[callName] = await toolbox.callable(toolName);
    if (callName !== toolName) aliases[callName] = toolName;
  }
  return {
    name: definition.name ?? Object.keys(definition.tools).join(","),
    tools,
    callables,
    grade: computeGrade(tools),
    description: describeTools(tools, aliases),
    docs:
      definition.docs ??
      tools.map((tool) => tool.docs).filter((doc): doc is string => typeof doc === "string"),
    aliases,
  };
}

function toDefinition(
  kit: KitInput,
  toolbox: Toolbox,
  kits: Readonly<Record<string, KitDefinition>>,
): KitDefinition {
  if (Array.isArray(kit)) return { tools: Object.fromEntries(kit.map((name) => [name, name])) };
  if (typeof kit === "object" && kit !== null)
    return { tools: { ...(kit as Record<string, string>) } };
  const text = String(kit).trim();
  if (text === "none") return { name: "none", tools: {} };
  if (text.includes(",") || (toolbox.get(text) && !kits[text] && !SHIPPED_KITS[text])) {
    const tools: Record<string, string> = {};
    for (const part of text
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean)) {
      const [callName, toolName = callName] = part.split("=").map((item) => item.trim());
      tools[callName] = toolName;
    }
    return { tools };
  }
  checkKitName(text);
  const found = kits[text] ?? SHIPPED_KITS[text];
  if (!found) {
    const known = [...new Set([...Object.keys(SHIPPED_KITS), ...Object.keys(kits)])];
    throw new KitError("unknown_kit", `No kit named '${text}'.`, {
      hint: `kits: ${known.join(", ")}, none, a .kit file path, or a comma list of tools`,
    });
  }
  return { name: text, ...found, tools: { ...found.tools } };
}
