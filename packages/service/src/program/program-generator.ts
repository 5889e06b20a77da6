import { monotonicMs } from "@lackpy/lang";
import type { ValidatedProgram } from "@lackpy/lang";
import type { WorkspaceView } from "@lackpy/kit";
import type { ModuleImporter, Provider } from "@lackpy/infer";
import type { LoadedTemplate } from "@lackpy/infer/node";
import type { LackpyConfig } from "../config/config-types.js";
import type { GenerateOutcome } from "./inference.js";
import type { ProgramCache } from "./program-cache.js";
import type { ResolvedParams } from "./resolve-params.js";
import type {
  GenerationSettings,
  KitForRequest,
  ProgressEvent,
  ServiceOptions,
} from "../service-types.js";
import type { TraceSpan } from "./telemetry.js";
import { answerFromTemplates, TemplateTierProvider } from "./template-tier.js";
import { GenerationTrace } from "./traced-generation.js";
import type { TemplateStore } from "../store/store-types.js";

import { trustedProvider } from "./trusted-provider.js";

/** Generation pulls in the model clients; load it only when a request needs it (keeps `lackpy validate` fast). */
const loadInference = () => import("./inference.js");

/** A request ready for generation: the kit, the params, the extra rules, and the workspace as the rules tier sees it. */
export interface PreparedRequest {
  kit: KitForRequest;
  params: ResolvedParams;
  rules: readonly string[];
  /** A read-only view of the workspace (the file tools' protection applies), for grounding rules. */
  workspace?: WorkspaceView;
}

/** Options of one generation. */
export interface GenerateStageOptions {
  onProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
  generation?: GenerationSettings;
  /** Asks only the model tiers: a template's or rule's answer was not known to be right (`unsureAnswer`). */
  modelsOnly?: boolean;
  /** How an offline tier read the request, for the models to check (`GenerationContext.hint`): a rule's unsure answer's reading. */
  hint?: string;
}

/** A generation's outcome, with the validated program and the template when tier 0 answered from memory. */
export interface Generated {
  outcome: GenerateOutcome;
  /** The program validated for this request's kit and params (tier 0 from memory), else null. */
  validated: ValidatedProgram | null;
  /** The template that answered, else null. */
  template: LoadedTemplate | null;
}

/**
 * The generate stage. When the inference order starts with the workspace's templates, tier 0
 * answers from memory with a program validated once and cached, and nothing else is loaded;
 * otherwise (and when no template answers) the dispatcher tries the tiers in order, loading the
 * model clients on first use.
 */
export class ProgramGenerator {
  private providersCache: Provider[] | null = null;

  constructor(
    private readonly settings: LackpyConfig,
    private readonly env: Record<string, string | undefined>,
    private readonly injected: NonNullable<ServiceOptions["providers"]>,
    private readonly templates: TemplateStore,
    private readonly programs: ProgramCache,
    /** Loads an optional model client lackpy's own install lacks (from the workspace, once trusted). */
    private readonly importModule?: ModuleImporter,
    /** Throws unless the config's model provider `key` may be sent requests now (the trust gate). */
    private readonly permitProvider?: (key: string) => Promise<void>,
  ) {}

  /** The providers of the configured order (built once, so availability checks are cached). */
  async providers(): Promise<Provider[]> {
    const { buildProviders } = await loadInference();
    this.providersCache ??= buildProviders(
      this.settings,
      (key) => this.templateTier(key),
      this.env,
      this.injected,
      this.importModule,
    ).map((provider) => this.gated(provider));
    return this.providersCache;
  }

  /** True when the configured order has a model tier, which can answer what templates and rules cannot. */
  async hasModelTier(): Promise<boolean> {
    return (await this.providers()).some((provider) => provider.retries);
  }

  /** A model provider the config defined, behind the trust gate; templates, rules and the app's own providers as they are. */
  gated(provider: Provider): Provider {
    const permit = this.permitProvider;
    if (!permit || !provider.retries || Object.hasOwn(this.injected, provider.name))
      return provider;
    return trustedProvider(provider, () => permit(provider.name));
  }

  /** A template tier for a config key, over the in-memory templates. */
  templateTier(key: string): Provider {
    return new TemplateTierProvider(key, this.templates, this.programs);
  }

  /** Generates a program for a prepared request; `span`, when tracing, gets a span per tier tried and per model call. */
  async generate(
    intent: string,
    request: PreparedRequest,
    options: GenerateStageOptions = {},
    span: TraceSpan | null = null,
  ): Promise<Generated> {
    const started = monotonicMs();
    const first = this.settings.inference.order[0];
    if (!options.modelsOnly && first !== undefined && this.isWorkspaceTemplates(first)) {
      await this.templates.refresh();
      const answer = answerFromTemplates(
        intent,
        {
          tools: request.kit.kit.tools,
          params: Object.keys(request.params.values),
          secretParams: request.params.secretNames,
          rules: request.rules,
          approved: (template) => this.templates.approved?.(template) ?? true,
        },
        this.templates.snapshot(),
        this.programs,
        (template) => this.templates.where(template),
      );
      if (answer.hit) {
        // A miss is traced by the dispatcher, which asks the template tier again below.
        span
          ?.child(`lackpy.tier ${first}`, {
            "lackpy.tier": "templates",
            "lackpy.provider": first,
            "lackpy.tier.outcome": "answered",
            "lackpy.template": answer.hit.template.name,
          })
          .end();
        options.onProgress?.({ kind: "tier", provider: first, tier: "templates" });
        const { template, captures, program } = answer.hit;
        return {
          outcome: {
            success: true,
            program: template.program,
            params: captures,
            tier: "templates",
            provider: first,
            model: null,
            template: template.name,
            generationMs: Math.round(monotonicMs() - started),
            attempts: 1,
            correction: null,
          },
          validated: program,
          template,
        };
      }
    }
    const { buildDispatcher } = await loadInference();
    const trace = span ? new GenerationTrace(span) : null;
    const providers = (await this.providers()).filter(
      (provider) => !options.modelsOnly || provider.retries,
    );
    const dispatcher = buildDispatcher(trace ? trace.wrap(providers) : providers, this.settings, {
      rules: request.rules,
      onTier: (provider) => {
        trace?.tierStarted(provider);
        options.onProgress?.({ kind: "tier", provider: provider.name, tier: provider.tier });
      },
    });
    let outcome: GenerateOutcome | undefined;
    try {
      outcome = await dispatcher.generate(intent, {
        kit: {
          tools: request.kit.kit.tools,
          description: request.kit.kit.description,
          aliases: request.kit.kit.aliases,
        },
        params: request.params.specs,
        signal: options.signal,
        ...(request.workspace ? { workspace: request.workspace } : {}),
        ...(options.hint === undefined ? {} : { hint: options.hint }),
        ...options.generation,
      });
    } finally {
      trace?.finish(
        outcome ?? {
          success: false,
          error: { code: "generation_failed", message: "generation threw", tiers: [] },
          generationMs: 0,
        },
      );
    }
    const template =
      outcome.success &&
      outcome.tier === "templates" &&
      outcome.template &&
      !Object.hasOwn(this.injected, outcome.provider)
        ? (this.templates.snapshot().index.get(outcome.template) ?? null)
        : null;
    return { outcome, validated: null, template };
  }

  private isWorkspaceTemplates(key: string): boolean {
    if (Object.hasOwn(this.injected, key)) return false;
    const plugin =
      this.settings.inference.providers[key]?.plugin ?? (key === "templates" ? key : undefined);
    return plugin === "templates";
  }
}
