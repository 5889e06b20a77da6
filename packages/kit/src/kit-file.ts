import { KitError } from "./kit-error.js";

/** A kit as a `.kit` file describes it. */
export interface KitDefinition {
  name?: string;
  description?: string;
  docs?: string[];
  /** Tool names the program calls, mapped to the toolbox tool (`alias = tool`; a plain line maps a tool to itself). */
  tools: Record<string, string>;
}

const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Parses a `.kit` file: optional front matter (`name`, `description`, `docs`), then one tool or `alias = tool` per line, `#` comments. */
export function parseKitFile(text: string, options: { file?: string } = {}): KitDefinition {
  const file = options.file ?? "<kit>";
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const kit: KitDefinition = { tools: {} };
  let index = 0;
  const fail = (line: number, message: string, hint?: string): never => {
    throw new KitError("invalid_kit_file", `${file}:${line}: ${message}`, hint ? { hint } : {});
  };
  if (lines[0]?.trim() === "---") {
    index = 1;
    let listKey: string | null = null;
    for (; index < lines.length && lines[index].trim() !== "---"; index++) {
      const raw = lines[index];
      if (raw.trim() === "" || raw.trim().startsWith("#")) continue;
      const item = /^\s+-\s*(.+)$/.exec(raw);
      if (item && listKey === "docs") {
        kit.docs!.push(item[1].trim());
        continue;
      }
      const pair = /^([A-Za-z_]+)\s*:\s*(.*)$/.exec(raw);
      if (!pair)
        fail(index + 1, `cannot read front matter line '${raw.trim()}'.`, "write key: value");
      const [, key, value] = pair!;
      listKey = null;
      if (key === "name" || key === "description")
        kit[key] = value.trim().replace(/^["']|["']$/g, "");
      else if (key === "docs") {
        kit.docs = value.trim().startsWith("[")
          ? value
              .trim()
              .slice(1, -1)
              .split(",")
              .map((doc) => doc.trim())
              .filter(Boolean)
          : [];
        listKey = "docs";
      } else
        fail(index + 1, `unknown front matter key '${key}'.`, "use name, description and docs");
    }
    if (index >= lines.length) fail(1, "the front matter is not closed with ---.");
    index++;
  }
  for (; index < lines.length; index++) {
    const line = lines[index].replace(/#.*$/, "").trim();
    if (line === "") continue;
    const alias = /^([^=\s]+)\s*=\s*([^=\s]+)$/.exec(line);
    const [callName, toolName] = alias ? [alias[1], alias[2]] : [line, line];
    if (!NAME.test(callName) || !NAME.test(toolName))
      fail(index + 1, `'${line}' is not a tool name or alias = tool_name.`);
    if (Object.hasOwn(kit.tools, callName)) fail(index + 1, `'${callName}' is listed twice.`);
    kit.tools[callName] = toolName;
  }
  if (Object.keys(kit.tools).length === 0)
    fail(
      1,
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
    if (kit.name !== undefined) lines.push(`name: ${kit.name}`);
    if (kit.description !== undefined) lines.push(`description: ${kit.description}`);
    if (kit.docs?.length) lines.push("docs:", ...kit.docs.map((doc) => `  - ${doc}`));
    lines.push("---");
  }
  for (const [callName, toolName] of Object.entries(kit.tools))
    lines.push(callName === toolName ? callName : `${callName} = ${toolName}`);
  return `${lines.join("\n")}\n`;
}
