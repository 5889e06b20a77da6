import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseTemplate, type Template, type TemplateProblem } from "./template.js";
import type { TemplateSource } from "./templates-provider.js";

/** Templates from a directory of `.tmpl` files, reloaded when the directory or a file changes (by mtime). */
export function templatesFromDirectory(directory: string): TemplateSource {
  let signature = "";
  let cached: { templates: Template[]; problems: TemplateProblem[] } = {
    templates: [],
    problems: [],
  };
  return {
    async load() {
      let files: string[];
      try {
        files = (await readdir(directory)).filter((file) => file.endsWith(".tmpl")).sort();
      } catch {
        return { templates: [], problems: [] };
      }
      const stats = await Promise.all(
        files.map((file) =>
          stat(path.join(directory, file)).then(
            (info) => `${file}:${info.mtimeMs}:${info.size}`,
            () => file,
          ),
        ),
      );
      const next = stats.join("|");
      if (next === signature) return cached;
      const templates: Template[] = [];
      const problems: TemplateProblem[] = [];
      for (const file of files) {
        const full = path.join(directory, file);
        const text = await readFile(full, "utf8").catch(() => null);
        if (text === null) continue;
        const parsed = parseTemplate(text, full);
        if (parsed.ok) templates.push(parsed.template);
        else problems.push(parsed.error);
      }
      signature = next;
      cached = { templates, problems };
      return cached;
    },
  };
}
