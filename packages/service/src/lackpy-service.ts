import path from "node:path";
import { formatLanguageSpec, languageSpec, type ToolSpec } from "@lackpy/lang";
import { createPathProtection, type Toolbox } from "@lackpy/kit";
import { docsIndex, kitList, resolveDoc, type KitListEntry } from "@lackpy/kit/node";
import type { Provider } from "@lackpy/infer";
import { closeWorkerPool, configureChildPool } from "@lackpy/run/node";
import { DEFAULT_CONFIG, type LackpyConfig } from "./config/config-types.js";
import { checkIntent } from "./program/check-intent.js";
import { createTemplate, type CreateTemplateOptions } from "./delegate/create-template.js";
import {
  delegatePipeline,
  type DelegateOptions,
  type DelegateStages,
} from "./delegate/delegate-pipeline.js";
import type { GenerateOutcome } from "./program/inference.js";
import { KitResolver, type KitInfo } from "./kit/kit-resolver.js";
import { loadConfig } from "./config/load-config.js";
import { ProgramCache } from "./program/program-cache.js";
import {
  ProgramGenerator,
  type GenerateStageOptions,
  type PreparedRequest,
} from "./program/program-generator.js";
import { ProgramRunner } from "./program/program-runner.js";
import { providerList } from "./program/provider-list.js";
import { RatchetStore } from "./store/ratchet-store.js";
import { redactSecrets, resolveParams } from "./program/resolve-params.js";
import {
  checkShapeOptions,
  shapeResult,
  type ResultShapeOptions,
  type ShapedRunResult,
  type TraceDetail,
} from "./result/shape-result.js";
import type {
  KitForRequest,
  KitSpecifier,
  ProgramOptions,
  ProviderStatus,
  RunOptions,
  ServiceOptions,
  ShapedDelegateResult,
  ServiceValidation,
  TemplateInfo,
  TemplateProblemInfo,
  WorkspaceStatus,
} from "./service-types.js";
import { loadTelemetry, startRootSpan } from "./program/telemetry.js";
import { TemplateStore } from "./store/template-store.js";
import { templateProblems, workspaceStatus } from "./store/workspace-status.js";
import { flushNow } from "./store/write-behind.js";

/**
 * lackpy for one workspace: resolves kits and params, validates, runs, generates and delegates,
 * and keeps the templates and the ratchet's history in memory (written behind; `close` writes
 * what is pending). Every method is safe to call concurrently: no run state is shared.
 */
export class LackpyService {
  readonly workspace: string;
  /** The workspace's templates, in memory. */
  readonly templateStore: TemplateStore;
  protected readonly settings: LackpyConfig;
  private readonly kits: KitResolver;
  private readonly programs = new ProgramCache();
  private readonly history: RatchetStore;
  private readonly generator: ProgramGenerator;
  private readonly runner: ProgramRunner;
  private readonly env: Record<string, string | undefined>;
  private readonly stages: DelegateStages;

  /** Opens a workspace, loading and checking `.lackpy/config.toml` (defaults when it is missing). */
  static async open(options: ServiceOptions): Promise<LackpyService> {
    const workspace = path.resolve(options.workspace);
    const config = options.config ?? (await loadConfig(workspace));
    return new this({ ...options, workspace, config });
  }

  constructor(options: ServiceOptions) {
    this.workspace = path.resolve(options.workspace);
    this.settings = options.config ?? structuredClone(DEFAULT_CONFIG);
    this.env = options.env ?? process.env;
    this.kits = new KitResolver(this.workspace, this.settings, options.extendToolbox, this.env);
    this.templateStore = new TemplateStore(this.workspace);
    this.history = new RatchetStore(this.workspace);
    this.generator = new ProgramGenerator(
      this.settings,
      this.env,
      options.providers ?? {},
      this.templateStore,
      this.programs,
    );
    this.runner = new ProgramRunner(this.settings, this.programs);
    // The person's cap on isolated child processes (`[run] max_children`), for the whole process.
    if (this.settings.run.maxChildren !== undefined)
      configureChildPool({ maxChildren: this.settings.run.maxChildren });
    this.stages = {
      generator: this.generator,
      runner: this.runner,
      ratchet: {
        settings: this.settings.ratchet,
        templates: this.templateStore,
        history: this.history,
      },
    };
  }

  /** The effective config. */
  config(): LackpyConfig {
    return structuredClone(this.settings);
  }

  /** The language spec (`languageSpec()` of `@lackpy/lang`) and its markdown. */
  languageSpec(): { spec: ReturnType<typeof languageSpec>; markdown: string } {
    return { spec: languageSpec(), markdown: formatLanguageSpec() };
  }

  /** The toolbox: builtin file tools confined to the workspace, plus module tools from the config. */
  toolbox(): Promise<Toolbox> {
    return this.kits.toolbox();
  }

  /** Resolves a kit in any form; the workspace's default kit when none is given. */
  resolveKit(kit?: KitSpecifier): Promise<KitForRequest> {
    return this.kits.resolve(kit);
  }

  /** Directory of the workspace's `.kit` files. */
  get kitsDir(): string {
    return this.kits.kitsDir;
  }

  /** Resolves a kit and the params for it, checking collisions. */
  async prepareRequest(options: ProgramOptions): Promise<PreparedRequest> {
    const kit = await this.kits.resolve(options.kit);
    const params = resolveParams(
      options.params,
      kit.kit.tools.map((tool) => tool.name),
    );
    return { kit, params, rules: options.rules ?? [] };
  }

  /** Validates a program against a kit, params and rules, with the kit's grade. */
  async validate(source: string, options: ProgramOptions = {}): Promise<ServiceValidation> {
    const { kit, params, rules } = await this.prepareRequest(options);
    const { validation } = this.programs.check(source, {
      tools: kit.kit.tools,
      params: Object.keys(params.values),
      secretParams: params.secretNames,
      rules,
    });
    return { ...validation, grade: kit.kit.grade };
  }

  /**
   * Validates and runs a program; the kit's grade is checked against the policy first. Secrets
   * are redacted from the result; `trace` and `maxOutputChars` size it (full and uncapped by default).
   */
  async runProgram<Detail extends TraceDetail = "full">(
    source: string,
    options: RunOptions & ResultShapeOptions<Detail> = {},
  ): Promise<ShapedRunResult<Detail>> {
    checkShapeOptions(options);
    const { kit, params } = await this.prepareRequest(options);
    const result = await this.runner.execute(source, kit, params, options);
    return shapeResult(result, options) as unknown as ShapedRunResult<Detail>;
  }

  /** The providers of the configured order (built once, so availability checks are cached). */
  providers(): Promise<Provider[]> {
    return this.generator.providers();
  }

  /** Generates a program for an intent without running it. */
  async generate(
    intent: string,
    options: ProgramOptions & GenerateStageOptions = {},
  ): Promise<GenerateOutcome> {
    checkIntent(intent);
    const request = await this.prepareRequest(options);
    const loading = loadTelemetry();
    if (loading) await loading;
    const span = startRootSpan("lackpy.generate", { "lackpy.kit": request.kit.name });
    try {
      const generated = await this.generator.generate(intent, request, options, span);
      const outcome = redactSecrets(generated.outcome, request.params.secrets);
      span?.set({
        "lackpy.success": outcome.success,
        "lackpy.tier": outcome.success ? outcome.tier : undefined,
      });
      if (!outcome.success) span?.fail(outcome.error.code, outcome.error.message);
      return outcome;
    } finally {
      span?.end();
    }
  }

  /**
   * Answers an intent: generate, validate, enforce policy, run, and feed the ratchet. `trace` and
   * `maxOutputChars` size the result (full and uncapped by default).
   */
  async delegate<Detail extends TraceDetail = "full">(
    intent: string,
    options: DelegateOptions & ResultShapeOptions<Detail> = {},
  ): Promise<ShapedDelegateResult<Detail>> {
    checkIntent(intent);
    checkShapeOptions(options);
    const request = await this.prepareRequest(options);
    const result = await delegatePipeline(intent, request, this.stages, options);
    return shapeResult(result, options) as unknown as ShapedDelegateResult<Detail>;
  }

  /** Validates a program and saves it as a template (atomically); pattern placeholders become string params. */
  async create(
    program: string,
    options: Omit<CreateTemplateOptions, "pattern"> & { pattern?: string; kit?: KitSpecifier },
  ): Promise<TemplateInfo> {
    return createTemplate(
      program,
      options,
      await this.kits.resolve(options.kit),
      this.templateStore,
    );
  }

  /** Every configured provider, its tier and whether it answers now. */
  async providerList(): Promise<ProviderStatus[]> {
    return providerList(
      this.settings,
      await this.providers(),
      (key) => this.generator.templateTier(key),
      this.env,
    );
  }

  /** Every usable template of the workspace (broken files are in `templateProblems`). */
  async templates(): Promise<TemplateInfo[]> {
    return this.templateStore.list();
  }

  /** Broken template files (by file and line) and failed promotions (by intent). */
  async templateProblems(): Promise<TemplateProblemInfo[]> {
    return templateProblems(this.templateStore, this.history);
  }

  /** One template by name. */
  async template(name: string): Promise<TemplateInfo> {
    return this.templateStore.get(name);
  }

  /** Information on one kit: tools, grade, description, docs. */
  kitInfo(kit: KitSpecifier): Promise<KitInfo> {
    return this.kits.info(kit);
  }

  /** Shipped and workspace kits; a broken `.kit` file is listed with its `file` and `error`. */
  kitList(): Promise<KitListEntry[]> {
    return kitList(this.kitsDir);
  }

  /** Writes `.lackpy/kits/<name>.kit` after checking that every tool exists. */
  kitCreate(
    name: string,
    tools: readonly string[],
    options: { force?: boolean; description?: string } = {},
  ): Promise<{ path: string }> {
    return this.kits.create(name, tools, options);
  }

  /** Every tool in the toolbox, those of the configured MCP servers included (which starts them). */
  toolboxList(): Promise<ToolSpec[]> {
    return this.kits.allTools();
  }

  /** One tool's spec and, when it has them, its docs. */
  toolboxShow(name: string): Promise<{ spec: ToolSpec; docsText: string | null }> {
    return this.kits.tool(name);
  }

  /** Docs of a kit's tools. */
  async docsIndex(kit?: KitSpecifier) {
    return docsIndex((await this.resolveKit(kit)).kit);
  }

  /** Reads one doc; paths outside the workspace (or the shipped docs) and protected paths are refused. */
  async resolveDoc(docPath: string) {
    return resolveDoc(docPath, this.workspace, {
      protection: createPathProtection(this.settings.files.protected, {
        loaded: await this.kits.loadedPaths(),
      }),
    });
  }

  /** Workspace overview for `lackpy status`. */
  status(): Promise<WorkspaceStatus> {
    return workspaceStatus(this.workspace, this.settings, {
      templates: this.templateStore,
      history: this.history,
    });
  }

  /** Writes the template counters and ratchet history kept in memory (also done on an interval and at exit). */
  flush(): void {
    const errors: unknown[] = [];
    for (const target of [this.templateStore, this.history]) {
      try {
        flushNow(target);
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw errors[0];
  }

  /** Writes what is pending, and releases what the service holds open (MCP server connections, the isolated-mode worker pool). */
  async close(): Promise<void> {
    try {
      this.flush();
    } finally {
      await Promise.all([this.kits.close(), closeWorkerPool()]);
    }
  }

  /** `close`, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}
