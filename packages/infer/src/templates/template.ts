import { parseProgram } from "@lackpy/lang";
import { PATTERN_HINT, patternProblem } from "./pattern-matcher.js";

/** Who wrote a template: a person (`lackpy create`, a file placed by hand) or the ratchet (a promotion). */
export type TemplateOrigin = "person" | "ratchet";

/** Origins a template file may name. */
export const TEMPLATE_ORIGINS: readonly TemplateOrigin[] = ["person", "ratchet"];

/** A saved program (tier 0): answers intents that match its pattern, with captures as string params. */
export interface Template {
  name: string;
  pattern: string | null;
  successCount: number;
  failCount: number;
  created?: string;
  /** Kit the template was created for, when recorded. */
  kit?: string;
  /** Request parameters the program reads besides the pattern's placeholders (`--param` names). */
  params?: string[];
  /** Who wrote it; a file that does not say is left to the caller to judge (lackpy: a person's, unless the ratchet recorded promoting it). */
  origin?: TemplateOrigin;
  /** When the ratchet set it aside (only in a demoted file, `<name>.tmpl.demoted-<ms>`). */
  demotedAt?: string;
  /** Why the ratchet set it aside (only in a demoted file). */
  demotedReason?: string;
  program: string;
}

/** What can be wrong with a template file. */
export type TemplateProblemCode =
  "invalid_template" | "template_syntax_error" | "unreadable_template" | "duplicate_template";

/** A template file that could not be used: reported with its file and line, never fatal, never hidden. */
export interface TemplateProblem {
  code: TemplateProblemCode;
  file: string;
  line: number;
  /** `file:line: what is wrong`, ready to print. */
  message: string;
  hint?: string;
}

/** A parsed template, and the 1-based line of its file where the program starts. */
export type ParsedTemplate =
  { ok: true; template: Template; programLine: number } | { ok: false; error: TemplateProblem };

const KEYS = new Set([
  "name",
  "pattern",
  "success_count",
  "fail_count",
  "created",
  "kit",
  "params",
  "origin",
  "demoted_at",
  "demoted_reason",
]);
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Parses a `.tmpl` file: front matter between `---` lines, then a program that must parse. */
export function parseTemplate(text: string, file = "<template>"): ParsedTemplate {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const fail = (
    line: number,
    message: string,
    code: TemplateProblemCode = "invalid_template",
    hint = "a template is front matter between --- lines (name, pattern, …), then the program",
  ) => ({
    ok: false as const,
    error: { code, file, line, message: `${file}:${line}: ${message}`, hint },
  });
  if (lines[0]?.trim() !== "---")
    return fail(1, "a template starts with front matter between --- lines.");
  const meta: Record<string, string> = {};
  const keyLines: Record<string, number> = {};
  let index = 1;
  for (; index < lines.length && lines[index].trim() !== "---"; index++) {
    const line = lines[index];
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    const match = /^([a-z_]+)\s*:\s*(.*)$/.exec(line);
    if (!match) return fail(index + 1, `cannot read '${line.trim()}'; write key: value.`);
    if (!KEYS.has(match[1]))
      return fail(index + 1, `unknown key '${match[1]}'; keys are ${[...KEYS].join(", ")}.`);
    meta[match[1]] = unquote(match[2].trim());
    keyLines[match[1]] = index + 1;
  }
  if (index >= lines.length) return fail(1, "the front matter is not closed with ---.");
  const programLine = index + 2;
  const program = lines
    .slice(index + 1)
    .join("\n")
    .replace(/\s+$/, "");
  if (!meta.name) return fail(2, "the template has no name.");
  if (program.trim() === "") return fail(programLine, "the template has no program.");
  const count = (key: string) => {
    const value = meta[key] === undefined ? 0 : Number(meta[key]);
    return Number.isInteger(value) && value >= 0 ? value : NaN;
  };
  for (const key of ["success_count", "fail_count"])
    if (Number.isNaN(count(key))) return fail(keyLines[key], `${key} must be a whole number.`);
  const params = meta.params
    ?.split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const badParam = params?.find((name) => !PARAM_NAME.test(name));
  if (badParam) return fail(keyLines.params, `'${badParam}' in params is not a parameter name.`);
  const origin = meta.origin as TemplateOrigin | undefined;
  if (origin !== undefined && !TEMPLATE_ORIGINS.includes(origin))
    return fail(
      keyLines.origin,
      `origin must be ${TEMPLATE_ORIGINS.join(" or ")}, not '${origin}'.`,
    );
  const problem = meta.pattern === undefined ? null : patternProblem(meta.pattern);
  if (problem !== null)
    return fail(
      keyLines.pattern,
      `the pattern cannot be used: ${problem}.`,
      "invalid_template",
      PATTERN_HINT,
    );
  const parsed = parseProgram(program);
  if (!parsed.ok) {
    const line = programLine + parsed.line - 1;
    return fail(
      line,
      `${parsed.code}: ${parsed.message}`,
      "template_syntax_error",
      parsed.hint ?? "fix the program, or delete the template",
    );
  }
  return {
    ok: true,
    programLine,
    template: {
      name: meta.name,
      pattern: meta.pattern ?? null,
      successCount: count("success_count"),
      failCount: count("fail_count"),
      ...(meta.created ? { created: meta.created } : {}),
      ...(meta.kit ? { kit: meta.kit } : {}),
      ...(params?.length ? { params } : {}),
      ...(origin ? { origin } : {}),
      ...(meta.demoted_at ? { demotedAt: meta.demoted_at } : {}),
      ...(meta.demoted_reason ? { demotedReason: meta.demoted_reason } : {}),
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

/** Formats a template file; `parseTemplate(formatTemplate(t)).template` gives `t` back. */
export function formatTemplate(template: Template): string {
  const lines = ["---", `name: ${template.name}`];
  if (template.pattern !== null) lines.push(`pattern: ${JSON.stringify(template.pattern)}`);
  lines.push(`success_count: ${template.successCount}`, `fail_count: ${template.failCount}`);
  if (template.created) lines.push(`created: ${template.created}`);
  if (template.kit) lines.push(`kit: ${template.kit}`);
  if (template.params?.length) lines.push(`params: ${template.params.join(", ")}`);
  if (template.origin) lines.push(`origin: ${template.origin}`);
  if (template.demotedAt) lines.push(`demoted_at: ${template.demotedAt}`);
  if (template.demotedReason)
    lines.push(`demoted_reason: ${JSON.stringify(template.demotedReason)}`);
  lines.push("---", template.program, "");
  return lines.join("\n");
}

/** Placeholder names of a pattern, in order. */
export function patternParams(pattern: string): string[] {
  return [...pattern.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1]);
}
