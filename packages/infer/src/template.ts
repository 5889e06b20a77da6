import { InferError } from "./infer-error.js";

/** A saved program (tier 0): answers intents that match its pattern, with captures as string params. */
export interface Template {
  name: string;
  pattern: string | null;
  successCount: number;
  failCount: number;
  created?: string;
  /** Kit the template was created for, when recorded. */
  kit?: string;
  program: string;
}

/** A template file that could not be read: reported, skipped, never fatal. */
export interface TemplateProblem {
  file: string;
  line: number;
  message: string;
}

const KEYS = new Set(["name", "pattern", "success_count", "fail_count", "created", "kit"]);

/** Parses a `.tmpl` file: front matter between `---` lines, then the program. */
export function parseTemplate(
  text: string,
  file = "<template>",
): { ok: true; template: Template } | { ok: false; error: TemplateProblem } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const fail = (line: number, message: string) => ({
    ok: false as const,
    error: { file, line, message: `${file}:${line}: ${message}` },
  });
  if (lines[0]?.trim() !== "---")
    return fail(1, "a template starts with front matter between --- lines.");
  const meta: Record<string, string> = {};
  let index = 1;
  for (; index < lines.length && lines[index].trim() !== "---"; index++) {
    const line = lines[index];
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    const match = /^([a-z_]+)\s*:\s*(.*)$/.exec(line);
    if (!match) return fail(index + 1, `cannot read '${line.trim()}'; write key: value.`);
    if (!KEYS.has(match[1]))
      return fail(index + 1, `unknown key '${match[1]}'; keys are ${[...KEYS].join(", ")}.`);
    meta[match[1]] = unquote(match[2].trim());
  }
  if (index >= lines.length) return fail(1, "the front matter is not closed with ---.");
  const program = lines
    .slice(index + 1)
    .join("\n")
    .replace(/\s+$/, "");
  if (!meta.name) return fail(2, "the template has no name.");
  if (program.trim() === "") return fail(index + 2, "the template has no program.");
  const count = (key: string) => {
    const value = meta[key] === undefined ? 0 : Number(meta[key]);
    return Number.isInteger(value) && value >= 0 ? value : NaN;
  };
  if (Number.isNaN(count("success_count")) || Number.isNaN(count("fail_count")))
    return fail(2, "success_count and fail_count must be whole numbers.");
  return {
    ok: true,
    template: {
      name: meta.name,
      pattern: meta.pattern ?? null,
      successCount: count("success_count"),
      failCount: count("fail_count"),
      ...(meta.created ? { created: meta.created } : {}),
      ...(meta.kit ? { kit: meta.kit } : {}),
      program,
    },
  };
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    try {
      return JSON.parse(value) as string;
    } catch {
      return value.slice(1, -1);
    }
  }
  return value;
}

/** Formats a template file; `parseTemplate(formatTemplate(t))` gives `t` back. */
export function formatTemplate(template: Template): string {
  const lines = ["---", `name: ${template.name}`];
  if (template.pattern !== null) lines.push(`pattern: ${JSON.stringify(template.pattern)}`);
  lines.push(`success_count: ${template.successCount}`, `fail_count: ${template.failCount}`);
  if (template.created) lines.push(`created: ${template.created}`);
  if (template.kit) lines.push(`kit: ${template.kit}`);
  lines.push("---", template.program, "");
  return lines.join("\n");
}

/** Placeholder names of a pattern, in order. */
export function patternParams(pattern: string): string[] {
  return [...pattern.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1]);
}

/** Compiles a pattern: `{name}` placeholders capture, everything else matches literally, case-insensitively, the whole (normalised) intent. */
export function compilePattern(pattern: string): RegExp {
  const names = patternParams(pattern);
  if (new Set(names).size !== names.length)
    throw new InferError("invalid_template", `The pattern '${pattern}' repeats a placeholder.`);
  const parts = pattern
    .trim()
    .replace(/\s+/g, " ")
    .split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/);
  const source = parts
    .map((part) =>
      /^\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(part)
        ? `(?<${part.slice(1, -1)}>.+?)`
        : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${source}$`, "i");
}

/** The string captures when `intent` matches the template's pattern, else null. */
export function matchTemplate(
  template: Pick<Template, "pattern">,
  intent: string,
): Record<string, string> | null {
  if (!template.pattern) return null;
  const match = compilePattern(template.pattern).exec(intent.trim().replace(/\s+/g, " "));
  return match ? { ...(match.groups ?? {}) } : null;
}

/** How specific a pattern is: its literal characters (the most specific match wins). */
export function patternSpecificity(pattern: string): number {
  return pattern.replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, "").length;
}
