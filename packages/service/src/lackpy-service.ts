import path from "node:path";
import {
  formatLanguageSpec,
  languageSpec,
  validate,
  validateProgram,
  type Grade,
  type ToolSpec,
} from "@lackpy/lang";
import type { ResolvedKit, Toolbox } from "@lackpy/kit";
import type { KitListEntry } from "@lackpy/kit/node";
import {
  createDefaultToolbox,
  docsIndex,
  kitCreate,
  kitList,
  resolveDoc,
  resolveKitSpecifier,
} from "@lackpy/kit/node";
import { closeWorkerPool, run, type RunResult } from "@lackpy/run/node";
import { configPath, loadConfig } from "./load-config.js";
import type { DelegateResult, ProgressEvent, ProviderStatus } from "./service-types.js";
import type { Provider } from "@lackpy/infer";
import type { GenerateOutcome } from "./inference.js";
import type { DelegateOptions } from "./delegate-pipeline.js";

/** Generation pulls in the model clients; load it only when a request needs it (keeps `lackpy validate` fast). */
const loadInference = () => import("./inference.js");
import { DEFAULT_CONFIG, type LackpyConfig } from "./config-types.js";
import { registerModuleTools } from "./module-tools.js";
import { enforcePolicy } from "./policy.js";
import { redactSecrets, resolveParams, type ResolvedParams } from "./resolve-params.js";
import { TemplatesDir, checkPlainName } from "./templates-dir.js";
import { ServiceError } from "./service-error.js";
import { checkIntent } from "./check-intent.js";
import type {
  KitSpecifier,
  ProgramOptions,
  RunOptions,
  ServiceValidation,
  TemplateInfo,
} from "./service-types.js";

/** What `open` and the constructor take. */
export interface ServiceOptions {
  workspace: string;
  /** A config to use instead of `.lackpy/config.toml`. */
  config?: LackpyConfig;
  /** Environment for provider keys (defaults to `process.env`). */
  env?: Record<string, string | undefined>;
  /**
   * Providers by key, used for those keys of `[inference] order` instead of building them from
   * the config: for embedding lackpy, and for the eval harness's replay providers.
   */
  providers?: Readonly<Record<string, Provider>>;
  /** Adds tools to the toolbox after the builtin and module tools (e.g. the eval kit's tools). */
  extendToolbox?: (toolbox: Toolbox, workspace: string) => void | Promise<void>;
}

/** Generation settings of one request, for evals: prompt variant, intent id for recordings, base temperature. */
export interface GenerationSettings {
  variant?: string;
  intentId?: string;
  temperature?: number;
}

/** A kit resolved for one request, with its name for messages and the ratchet. */
export interface KitForRequest {
  name: string;
  kit: ResolvedKit;
}

/**
 * lackpy for one workspace: resolves kits and params, validates, runs, generates and delegates,
 * and keeps the templates. Every method is safe to call concurrently: no run state is shared.
 */
export class LackpyService {
  readonly workspace: string;
  protected readonly settings: LackpyConfig;
  protected readonly env: Record<string, string | undefined>;
  readonly templatesDir: TemplatesDir;
  private toolboxPromise: Promise<Toolbox> | null = null;
  private providersCache: Provider[] | null = null;
  private readonly injectedProviders: Readonly<Record<string, Provider>>;
  private readonly extendToolbox: ServiceOptions["extendToolbox"];

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
    this.injectedProviders = options.providers ?? {};
    this.extendToolbox = options.extendToolbox;
    this.templatesDir = new TemplatesDir(path.join(this.workspace, ".lackpy", "templates"));
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
    this.toolboxPromise ??= (async () => {
      const toolbox = createDefaultToolbox({
        root: this.workspace,
        protectedGlobs: this.settings.files.protected,
      });
      await registerModuleTools(toolbox, this.settings.tools, this.workspace);
      await this.extendToolbox?.(toolbox, this.workspace);
      return toolbox;
    })();
    return this.toolboxPromise;
  }

  /** Resolves a kit in any form; the workspace's default kit when none is given. */
  async resolveKit(kit?: KitSpecifier): Promise<KitForRequest> {
    const specifier = kit ?? this.settings.kit.default;
    const resolved = await resolveKitSpecifier(specifier, await this.toolbox(), {
      kitsDir: this.kitsDir,
      baseDir: this.workspace,
    });
    return { name: typeof specifier === "string" ? specifier : resolved.name, kit: resolved };
  }

  /** Directory of the workspace's `.kit` files. */
  get kitsDir(): string {
    return path.join(this.workspace, ".lackpy", "kits");
  }

  /** Resolves a kit and the params for it, checking collisions. */
  async prepareRequest(
    options: ProgramOptions,
  ): Promise<{ kit: KitForRequest; params: ResolvedParams }> {
    const kit = await this.resolveKit(options.kit);
    const params = resolveParams(
      options.params,
      kit.kit.tools.map((tool) => tool.name),
    );
    return { kit, params };
  }

  /** Validates a program against a kit, params and rules, with the kit's grade. */
  async validate(source: string, options: ProgramOptions = {}): Promise<ServiceValidation> {
    const { kit, params } = await this.prepareRequest(options);
    const result = validate(source, {
      tools: kit.kit.tools,
      params: Object.keys(params.values),
      rules: options.rules ?? [],
    });
    return { ...result, grade: kit.kit.grade };
  }

  /** Validates and runs a program; the kit's grade is checked against the policy first. Secrets are redacted from the result. */
  async runProgram(source: string, options: RunOptions = {}): Promise<RunResult> {
    const { kit, params } = await this.prepareRequest(options);
    return this.executeFor(source, kit, params, options);
  }

  /** Runs a program for a prepared kit and params, with policy and redaction. */
  async executeFor(
    source: string,
    kit: KitForRequest,
    params: ResolvedParams,
    options: RunOptions,
  ): Promise<RunResult> {
    enforcePolicy(kit.name, kit.kit.grade, this.settings);
    const { validation, program } = validateProgram(source, {
      tools: kit.kit.tools,
      params: Object.keys(params.values),
      rules: options.rules ?? [],
    });
    if (!program) {
      return redactSecrets(invalidRunResult(validation.errors), params.secrets);
    }
    // The validated program goes to run as is, so it is not validated a second time.
    const result = await run(program, {
      tools: kit.kit.callables,
      toolSpecs: kit.kit.tools,
      params: params.values,
      limits: { ...this.settings.run.limits, ...(options.limits ?? {}) },
      mode: options.mode ?? this.settings.run.mode,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return redactSecrets(result, params.secrets);
  }

  /** The providers of the configured order (built once, so availability checks are cached). */
  async providers(): Promise<Provider[]> {
    const { buildProviders } = await loadInference();
    this.providersCache ??= buildProviders(
      this.settings,
      this.templatesDir.directory,
      this.env,
      this.injectedProviders,
    );
    return this.providersCache;
  }

  /** Generates a program for a prepared kit and params (no run). */
  async generateFor(
    intent: string,
    kit: KitForRequest,
    params: ResolvedParams,
    options: ProgramOptions & {
      onProgress?: (event: ProgressEvent) => void;
      signal?: AbortSignal;
      generation?: GenerationSettings;
    } = {},
  ): Promise<GenerateOutcome> {
    enforcePolicy(kit.name, kit.kit.grade, this.settings);
    const { buildDispatcher } = await loadInference();
    const dispatcher = buildDispatcher(await this.providers(), this.settings, {
      rules: options.rules,
      onTier: (provider) =>
        options.onProgress?.({ kind: "tier", provider: provider.name, tier: provider.tier }),
    });
    return dispatcher.generate(intent, {
      kit: { tools: kit.kit.tools, description: kit.kit.description, aliases: kit.kit.aliases },
      params: params.specs,
      signal: options.signal,
      ...options.generation,
    });
  }

  /** Generates a program for an intent without running it. */
  async generate(
    intent: string,
    options: ProgramOptions & {
      onProgress?: (event: ProgressEvent) => void;
      generation?: GenerationSettings;
    } = {},
  ): Promise<GenerateOutcome> {
    checkIntent(intent);
    const { kit, params } = await this.prepareRequest(options);
    return redactSecrets(await this.generateFor(intent, kit, params, options), params.secrets);
  }

  /** Answers an intent: generate, validate, enforce policy, run, and feed the ratchet. */
  async delegate(intent: string, options: DelegateOptions = {}): Promise<DelegateResult> {
    checkIntent(intent);
    return import("./delegate-pipeline.js").then(({ delegatePipeline }) =>
      delegatePipeline(this, intent, options),
    );
  }

  /** Validates a program and saves it as a template (atomically); pattern placeholders become string params. */
  async create(
    program: string,
    options: {
      name: string;
      pattern?: string;
      kit?: KitSpecifier;
      params?: readonly string[];
      force?: boolean;
    },
  ): Promise<TemplateInfo> {
    checkPlainName(options.name, "template");
    const pattern = options.pattern ?? null;
    const kit = await this.resolveKit(options.kit);
    const params = [
      ...new Set([
        ...(pattern ? (await import("@lackpy/infer")).patternParams(pattern) : []),
        ...(options.params ?? []),
      ]),
    ];
    const validation = validate(program, { tools: kit.kit.tools, params });
    if (!validation.valid) {
      throw new ServiceError(
        "invalid_program",
        `The program is not valid, so it was not saved: ${validation.errors[0].message}`,
        { hint: validation.errors[0].hint, errors: validation.errors },
      );
    }
    const exists = await this.templatesDir.get(options.name).then(
      () => true,
      () => false,
    );
    if (exists && !options.force)
      throw new ServiceError(
        "template_exists",
        `A template named '${options.name}' already exists.`,
        { hint: "choose another name, or pass force to replace it" },
      );
    const created = new Date().toISOString();
    const file = await this.templatesDir.write({
      name: options.name,
      pattern,
      successCount: 0,
      failCount: 0,
      created,
      kit: kit.name,
      program: program.trim(),
    });
    return {
      name: options.name,
      pattern,
      successCount: 0,
      failCount: 0,
      path: file,
      created,
      program: program.trim(),
    };
  }

  /** Every configured provider, its tier and whether it answers now. */
  async providerList(): Promise<ProviderStatus[]> {
    const { buildProvider, tierOf } = await loadInference();
    const keys = [
      ...new Set([
        ...this.settings.inference.order,
        ...Object.keys(this.settings.inference.providers),
      ]),
    ];
    return Promise.all(
      keys.map(async (key) => {
        const settings = this.settings.inference.providers[key] ?? { plugin: key as "templates" };
        const provider =
          (await this.providers()).find((candidate) => candidate.name === key) ??
          buildProvider(key, this.settings, this.templatesDir.directory, this.env);
        const available = await provider.available().catch(() => false);
        return {
          key,
          plugin: settings.plugin,
          tier: tierOf(settings.plugin),
          model: settings.model ?? null,
          available,
          inOrder: this.settings.inference.order.includes(key),
          ...(available
            ? {}
            : {
                detail:
                  provider.unavailableReason?.() ??
                  (settings.plugin === "anthropic"
                    ? "no API key"
                    : `no answer from ${settings.host ?? "http://127.0.0.1:11434"}`),
              }),
        };
      }),
    );
  }

  /** Every template of the workspace. */
  templates(): Promise<TemplateInfo[]> {
    return this.templatesDir.list();
  }

  /** One template by name. */
  template(name: string): Promise<TemplateInfo> {
    return this.templatesDir.get(name);
  }

  /** Information on one kit: tools, grade, description, docs. */
  async kitInfo(kit: KitSpecifier): Promise<{
    name: string;
    tools: ToolSpec[];
    grade: Grade;
    description: string;
    docs: unknown;
  }> {
    const resolved = await this.resolveKit(kit);
    return {
      name: resolved.name,
      tools: resolved.kit.tools,
      grade: resolved.kit.grade,
      description: resolved.kit.description,
      docs: resolved.kit.docs,
    };
  }

  /** Shipped and workspace kits; a broken `.kit` file is listed with its `file` and `error`. */
  kitList(): Promise<KitListEntry[]> {
    return kitList(this.kitsDir);
  }

  /** Writes `.lackpy/kits/<name>.kit` after checking that every tool exists. */
  async kitCreate(
    name: string,
    tools: readonly string[],
    options: { force?: boolean; description?: string } = {},
  ): Promise<{ path: string }> {
    checkPlainName(name, "kit");
    const toolbox = await this.toolbox();
    await resolveKitSpecifier([...tools], toolbox, {
      kitsDir: this.kitsDir,
      baseDir: this.workspace,
    });
    return kitCreate(name, tools, {
      kitsDir: this.kitsDir,
      force: options.force ?? false,
      description: options.description,
    });
  }

  /** Every tool in the toolbox. */
  async toolboxList(): Promise<ToolSpec[]> {
    return (await this.toolbox()).list();
  }

  /** One tool's spec and, when it has them, its docs. */
  async toolboxShow(name: string): Promise<{ spec: ToolSpec; docsText: string | null }> {
    const toolbox = await this.toolbox();
    const spec = toolbox.get(name);
    if (!spec) {
      throw new ServiceError("unknown_tool", `No tool named '${name}'.`, {
        hint: `known tools: ${toolbox
          .list()
          .map((tool) => tool.name)
          .join(", ")}`,
      });
    }
    const docs = await docsIndex({ tools: [spec] });
    const first = docs[0];
    const docsText = first ? await resolveDoc(first.path, this.workspace).catch(() => null) : null;
    return { spec, docsText };
  }

  /** Docs of a kit's tools. */
  async docsIndex(kit?: KitSpecifier) {
    return docsIndex((await this.resolveKit(kit)).kit);
  }

  /** Reads one doc; paths outside the workspace (or the shipped docs) are refused. */
  resolveDoc(docPath: string) {
    return resolveDoc(docPath, this.workspace);
  }

  /** Workspace overview for `lackpy status`. */
  async status() {
    const { access } = await import("node:fs/promises");
    const file = configPath(this.workspace);
    const configExists = await access(file).then(
      () => true,
      () => false,
    );
    return {
      workspace: this.workspace,
      configPath: file,
      configExists,
      defaultKit: this.settings.kit.default,
      templates: (await this.templates()).length,
      runMode: this.settings.run.mode,
      order: this.settings.inference.order,
    };
  }

  /** Releases what the service holds open (the isolated-mode worker pool). */
  async close(): Promise<void> {
    await closeWorkerPool();
  }
}

/** A run result for a program that failed validation. */
export function invalidRunResult(errors: ServiceValidation["errors"]): RunResult {
  const first = errors[0];
  return {
    success: false,
    output: null,
    error: {
      code: "invalid_program",
      message: first
        ? `${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ""}`
        : "The program is invalid.",
      errors,
    },
    stdout: "",
    trace: [],
    variables: {},
    filesRead: [],
    filesModified: [],
    stats: { steps: 0, toolCalls: 0, durationMs: 0, toolMs: 0 },
  } as unknown as RunResult;
}
