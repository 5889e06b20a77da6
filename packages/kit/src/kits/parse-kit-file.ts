import { KitError } from "../kit-error.js";

/** A kit as a `.kit` file describes it. */
export interface KitDefinition {
  name?: string;
  description?: string;
  /** Kit-level doc paths, relative to the workspace root. */
  docs?: string[];
  /** Names the program calls, mapped to toolbox tools (`alias = tool`; a plain line maps a tool to itself). */
  tools: Record<string, string>;
}

const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Parses a `.kit` file: an optional front matter between `---` lines (`name`, `description`,
 * `docs` as `docs: [a, b]` or `docs:` then `  - path` lines), then one tool name or
 * `alias = tool_name` per line, with `#` comments. Errors name the file and line.
 */
export function parseKitFile(text: string, options: { file?: string } = {}): KitDefinition {
  const file = options.file ?? "<kit>";
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const fail = (line: number, message: string, hint?: string): never => {
    throw new KitError("invalid_kit_file", `${file}:${line}: ${message}`, hint ? { hint } : {});
  };
  const kit: KitDefinition = { tools: {} };
  let index = 0;
  if (lines[0]?.trim() === "---") {
    let inDocsList = false;
    for (index = 1; index < lines.length && lines[index].trim() !== "---"; index++) {
      const raw = lines[index];
      if (raw.trim() === "" || raw.trim().startsWith("#")) continue;
      const item = /^\s+-\s*(.+)$/.exec(raw);
      if (item && inDocsList) {
        kit.docs!.push(unquote(item[1]));
        continue;
      }
      const pair = /^([A-Za-z_]+)\s*:\s*(.*)$/.exec(raw);
      if (!pair)
        return fail(
          index + 1,
          `cannot read the front matter line '${raw.trim()}'.`,
          "write key: value",
        );
      const [, key, value] = pair;
      inDocsList = false;
      if (key === "name" || key === "description") kit[key] = unquote(value);
      else if (key === "docs") {
        const list = value.trim();
        if (list.startsWith("[") && list.endsWith("]"))
          kit.docs = list.slice(1, -1).split(",").map(unquote).filter(Boolean);
        else if (list === "") {
          kit.docs = [];
          inDocsList = true;
        } else kit.docs = [unquote(list)];
      } else
        fail(index + 1, `unknown front matter key '${key}'.`, "use name, description and docs");
    }
    if (index >= lines.length)
      fail(1, "the front matter is not closed with ---.", "end the front matter with a --- line");
    index++;
  }
  for (; index < lines.length; index++) {
    const line = lines[index].replace(/#.*$/, "").trim();
    if (line === "") continue;
    const alias = /^(\S+)\s*=\s*(\S+)$/.exec(line);
    const [callName, toolName] = alias ? [alias[1], alias[2]] : [line, line];
    if (!NAME.test(callName) || !NAME.test(toolName))
      fail(index + 1, `'${line}' is not a tool name or alias = tool_name.`);
    if (Object.hasOwn(kit.tools, callName)) fail(index + 1, `'${callName}' is listed twice.`);
    kit.tools[callName] = toolName;
  }
  if (Object.keys(kit.tools).length === 0)
    fail(
      lines.length,
      "the kit lists no tools.",
      "list one tool name per line; for an empty kit use the kit name none",
    );
  return kit;
}

/** Formats a kit as a `.kit` file; `parseKitFile(formatKitFile(kit))` gives the kit back. */
export function formatKitFile(kit: KitDefinition): string {
  const lines: string[] = [];
  if (kit.name !== undefined || kit.description !== undefined || kit.docs?.length) {
    lines.push("---");
    if (kit.name !== undefined) lines.push(`name: ${quote(kit.name)}`);
    if (kit.description !== undefined) lines.push(`description: ${quote(kit.description)}`);
    if (kit.docs?.length) lines.push("docs:", ...kit.docs.map((doc) => `  - ${quote(doc)}`));
    lines.push("---");
  }
  for (const [callName, toolName] of Object.entries(kit.tools))
    lines.push(callName === toolName ? callName : `${callName} = ${toolName}`);
  return `${lines.join("\n")}\n`;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    try {
      return JSON.parse(trimmed) as string;
    } catch {
      return trimmed.slice(1, -1);
    }
  }
  if (trimmed.length >= 2 && trimmed.startsWith("'") && trimmed.endsWith("'"))
    return trimmed.slice(1, -1);
  return trimmed;
}

function quote(value: string): string {
  return value === "" || value !== value.trim() || /^["'[]|[\n\r]/.test(value)
    ? JSON.stringify(value)
    : value;
}
