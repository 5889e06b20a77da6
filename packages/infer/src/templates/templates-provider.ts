import type { Template, TemplateProblem } from "./template.js";
import { TemplateIndex } from "./template-index.js";
import type { GenerationContext, Provider, ProviderAnswer } from "../provider-types.js";

/** Templates and the template files that could not be used. */
export interface TemplateSet<T extends Template = Template> {
  templates: readonly T[];
  problems: readonly TemplateProblem[];
}

/** Where templates come from: a directory on disk (Node entry) or a fixed list. */
export interface TemplateSource {
  load(): Promise<TemplateSet>;
}

/**
 * Tier 0: answers an intent with the most specific matching template whose request parameters
 * the request gives; captures become string params, never program text.
 */
export class TemplatesProvider implements Provider {
  readonly tier = "templates" as const;
  readonly retries = false;
  /** Template files that could not be used at the last load. */
  problems: readonly TemplateProblem[] = [];
  private index: TemplateIndex | null = null;

  constructor(
    private readonly source: TemplateSource,
    readonly name = "templates",
  ) {}

  async available(): Promise<boolean> {
    return true;
  }

  async generate(intent: string, context: GenerationContext): Promise<ProviderAnswer | null> {
    const { templates, problems } = await this.source.load();
    this.problems = problems;
    if (this.index?.templates !== templates)
      this.index = TemplateIndex.build(templates, { previous: this.index });
    const [best] = this.index.match(intent, { params: Object.keys(context.params) });
    if (!best) return null;
    return {
      raw: best.template.program,
      params: best.captures,
      template: best.template.name,
      reading: templateReading(best.template.name, best.template.pattern, best.captures),
    };
  }
}

/** A fixed list of templates (tests, evals). */
export function staticTemplates(templates: Template[]): TemplateSource {
  return { load: async () => ({ templates, problems: [] }) };
}

/** A template answer's reading: its name and pattern, with what each placeholder took. */
export function templateReading(
  name: string,
  pattern: string | null,
  captures: Readonly<Record<string, string>>,
): string {
  const taken = Object.entries(captures).map(([key, value]) => `${key} = “${value}”`);
  const parts = [...(pattern === null ? [] : [`“${pattern}”`]), ...taken];
  return `template ${name}${parts.length > 0 ? ` (${parts.join("; ")})` : ""}`;
}
