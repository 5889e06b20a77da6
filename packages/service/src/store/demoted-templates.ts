import { readdirSync } from "node:fs";
import { readRegularFileSync } from "@lackpy/kit/node";
import path from "node:path";
import { parseTemplate, type Template, type TemplateOrigin } from "@lackpy/infer/node";
import type { DemotedTemplateInfo } from "./store-types.js";

/** `<name>.tmpl.demoted-<ms>`: a template the ratchet set aside, not loaded as a template. */
const DEMOTED_FILE = /^(.+)\.tmpl\.demoted-(\d+)$/;

/**
 * The demoted template files of a templates folder, oldest first, with when and why from their
 * front matter (a file set aside by an earlier lackpy, or one that does not parse, is listed from
 * its name and says its reason was not recorded).
 */
export function listDemotedTemplates(
  directory: string,
  originOf: (template: Pick<Template, "name" | "origin">) => TemplateOrigin,
): DemotedTemplateInfo[] {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  const found: DemotedTemplateInfo[] = [];
  for (const fileName of names) {
    const match = DEMOTED_FILE.exec(fileName);
    if (!match) continue;
    const file = path.join(directory, fileName);
    let template: Template | null = null;
    try {
      const parsed = parseTemplate(readRegularFileSync(file).toString("utf8"), file);
      if (parsed.ok) template = parsed.template;
    } catch {
      // Listed from its name alone.
    }
    found.push({
      name: match[1],
      pattern: template?.pattern ?? null,
      successCount: template?.successCount ?? 0,
      failCount: template?.failCount ?? 0,
      origin: template ? originOf(template) : "ratchet",
      path: file,
      demotedAt: template?.demotedAt ?? new Date(Number(match[2])).toISOString(),
      reason: template?.demotedReason ?? "not recorded (set aside by an earlier lackpy)",
      program: template?.program ?? "",
    });
  }
  return found.sort((a, b) => a.demotedAt.localeCompare(b.demotedAt));
}
