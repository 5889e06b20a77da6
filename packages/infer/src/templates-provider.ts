import {
  matchTemplate,
  patternSpecificity,
  type Template,
  type TemplateProblem,
} from "./template.js";
import type { GenerationContext, Provider, ProviderAnswer } from "./provider-types.js";

/** Where templates come from: a directory on disk (Node entry) or a fixed list. */
export interface TemplateSource {
  load(): Promise<{ templates: Template[]; problems: TemplateProblem[] }>;
}

/** Tier 0: answers an intent with the most specific matching template; captures become string params, never program text. */
export class TemplatesProvider implements Provider {
  readonly tier = "templates" as const;
  readonly retries = false;
  /** Template files that could not be read at the last load. */
  problems: TemplateProblem[] = [];

  constructor(
    private readonly source: TemplateSource,
    readonly name = "templates",
  ) {}

  async available(): Promise<boolean> {
    return true;
  }

  async generate(intent: string, _context: GenerationContext): Promise<ProviderAnswer | null> {
    const { templates, problems } = await this.source.load();
    this.problems = problems;
    let best: { template: Template; params: Record<string, string> } | null = null;
    for (const template of templates) {
      const params = matchTemplate(template, intent);
      if (!params) continue;
      if (
        !best ||
        patternSpecificity(template.pattern!) > patternSpecificity(best.template.pattern!)
      )
        best = { template, params };
    }
    if (!best) return null;
    return { raw: best.template.program, params: best.params, template: best.template.name };
  }
}

/** A fixed list of templates (tests, evals). */
export function staticTemplates(templates: Template[]): TemplateSource {
  return { load: async () => ({ templates, problems: [] }) };
}
