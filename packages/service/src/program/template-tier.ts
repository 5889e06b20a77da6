import { secretParamNames, type ToolSpec, type ValidatedProgram } from "@lackpy/lang";
import {
  templateReading,
  type GenerationContext,
  type Provider,
  type ProviderAnswer,
} from "@lackpy/infer";
import type { LoadedTemplate, TemplateSnapshot } from "@lackpy/infer/node";
import type { ProgramCache } from "./program-cache.js";
import type { TemplateStore } from "../store/store-types.js";

/** A template that answers a request: the template, its captures, and its program validated for the request. */
export interface TemplateHit {
  template: LoadedTemplate;
  captures: Record<string, string>;
  program: ValidatedProgram;
}

/** What tier 0 says about an intent: a hit, or why not (`reason` null: no template matches). */
export type TemplateAnswer = { hit: TemplateHit } | { hit: null; reason: string | null };

/** What a template must fit: the kit's tools, the request's param names and extra rules. */
export interface TemplateRequest {
  tools: readonly ToolSpec[];
  params: readonly string[];
  /** The request's secret params (a template may only pass them to kit tools). */
  secretParams?: readonly string[];
  rules: readonly string[];
  /**
   * Whether a person stands behind a template (`TemplateStore.approved`): one whose program calls
   * a tool with effects (grade w ≥ 2) answers only then. Absent: every template is.
   */
  approved?: (template: LoadedTemplate) => boolean;
}

/** The tools with effects a validated program calls (grade w ≥ 2). */
function effectTools(program: ValidatedProgram): string[] {
  return program.validation.effects.tools
    .filter((tool) => tool.gradeW >= 2)
    .map((tool) => tool.name);
}

/**
 * Tier 0 from memory: the matching templates, most specific first, and the first whose program
 * is valid for this kit, params (the request's and the captures) and rules, and, when it calls a
 * tool with effects, that a person stands behind (`request.approved`). Validation is
 * cached, so a template that answers again costs a pattern match and a map lookup. `where`
 * names a template in the reasons (its file, or its place in a shared store).
 */
export function answerFromTemplates(
  intent: string,
  request: TemplateRequest,
  templates: TemplateSnapshot,
  programs: ProgramCache,
  where: (template: LoadedTemplate) => string,
): TemplateAnswer {
  const rejected: string[] = [];
  for (const match of templates.index.match(intent, { params: request.params })) {
    const checked = programs.check(match.template.program, {
      tools: request.tools,
      params: [...request.params, ...Object.keys(match.captures)],
      secretParams: request.secretParams ?? [],
      rules: request.rules,
    });
    const file = where(match.template);
    if (checked.program) {
      const effects =
        request.approved?.(match.template) === false ? effectTools(checked.program) : [];
      if (effects.length === 0)
        return {
          hit: { template: match.template, captures: match.captures, program: checked.program },
        };
      rejected.push(
        `${file}: it calls ${effects.join(", ")}, which change${effects.length === 1 ? "s" : ""} things, and nobody approved this workspace's templates yet (a cloned repository's template could change your files; review it, then run lackpy trust)`,
      );
      continue;
    }
    const error = checked.validation.errors[0];
    rejected.push(
      `${file}:${match.template.programLine + (error?.line ?? 1) - 1}: ${error?.code}: ${error?.message}`,
    );
  }
  const broken = templates.problems;
  const named = broken.slice(0, 3).map((problem) => `${problem.file}:${problem.line}`);
  if (broken.length > named.length) named.push("…");
  const notes = [
    ...(rejected.length
      ? [`matching templates do not fit this request: ${rejected.join("; ")}`]
      : []),
    ...(broken.length
      ? [
          `${broken.length} template file${broken.length === 1 ? " is" : "s are"} broken (${named.join(", ")}; lackpy template list shows why)`,
        ]
      : []),
  ];
  return { hit: null, reason: notes.length ? `no match; ${notes.join("; ")}` : null };
}

/**
 * Tier 0 as a dispatcher provider, for an inference order that does not start with templates
 * (and for the dispatcher's report when no tier answers). A reason is thrown, because that is
 * how a provider tells the dispatcher why it did not answer.
 */
export class TemplateTierProvider implements Provider {
  readonly tier = "templates" as const;
  readonly retries = false;

  constructor(
    readonly name: string,
    private readonly store: TemplateStore,
    private readonly programs: ProgramCache,
  ) {}

  async available(): Promise<boolean> {
    return true;
  }

  async generate(intent: string, context: GenerationContext): Promise<ProviderAnswer | null> {
    await this.store.refresh();
    const answer = answerFromTemplates(
      intent,
      {
        tools: context.kit.tools,
        params: Object.keys(context.params),
        secretParams: secretParamNames(context.params),
        rules: [],
        approved: (template) => this.store.approved?.(template) ?? true,
      },
      this.store.snapshot(),
      this.programs,
      (template) => this.store.where(template),
    );
    if (answer.hit)
      return {
        raw: answer.hit.template.program,
        params: answer.hit.captures,
        template: answer.hit.template.name,
        reading: templateReading(
          answer.hit.template.name,
          answer.hit.template.pattern,
          answer.hit.captures,
        ),
      };
    if (answer.reason) throw new Error(answer.reason);
    return null;
  }
}
