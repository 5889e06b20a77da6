import { fileStamp } from "./config/file-stamp.js";
import path from "node:path";
import { formatLanguageSpec, languageSpec, type ToolSpec } from "@lackpy/lang";
import {
  ToolError,
  createPathProtection,
  describeKitTool,
  searchTools,
  type PathProtection,
  type ToolDescription,
  type ToolMatch,
  type Toolbox,
} from "@lackpy/kit";
import {
  docsIndex,
  importFromWorkspace,
  kitList,
  readRegularFileSync,
  resolveDoc,
  type KitListEntry,
} from "@lackpy/kit/node";
import type { Provider } from "@lackpy/infer";
import { describeRules, type RuleDescription } from "@lackpy/infer/node";
import { closeWorkerPool, configureChildPool } from "@lackpy/run/node";
import { DEFAULT_CONFIG, type LackpyConfig } from "./config/config-types.js";
import { checkIntent } from "./program/check-intent.js";
import { explainGenerationFailure } from "./result/explain-generation-failure.js";
import { createTemplate, type CreateTemplateOptions } from "./delegate/create-template.js";
import {
  delegatePipeline,
  type DelegateOptions,
  type DelegateStages,
} from "./delegate/delegate-pipeline.js";
import type { GenerateOutcome } from "./program/inference.js";
import { KitResolver, type KitInfo, type KitInfoOptions } from "./kit/kit-resolver.js";
import {
  configPath,
  parseConfig,
  readWorkspaceConfig,
  workspaceConfigText,
} from "./config/load-config.js";
import { codeDigest } from "./trust/config-digest.js";
import { ProgramCache } from "./program/program-cache.js";
import {
  ProgramGenerator,
  type GenerateStageOptions,
  type PreparedRequest,
} from "./program/program-generator.js";
import { ProgramRunner } from "./program/program-runner.js";
import { providerList } from "./program/provider-list.js";
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
  DemotedTemplateInfo,
  TemplateInfo,
  TemplateProblemInfo,
  WorkspaceStatus,
} from "./service-types.js";
import { loadTelemetry, startRootSpan } from "./program/telemetry.js";
import { openWorkspaceStore } from "./store/open-store.js";
import type { TemplateStore, WorkspaceStore } from "./store/store-types.js";
import { templateProblems, workspaceStatus } from "./workspace-status.js";
import { traceValidation } from "./program/validation-span.js";
import { WorkspaceTrust } from "./trust/workspace-trust.js";
import { TemplateApprovals } from "./trust/template-approvals.js";
import { configSecrets, publicConfig, publicView } from "./config/public-config.js";
import { publicly } from "./config/publicly.js";
import { kitUse, kitWrites } from "./kit-use.js";
import { ServiceError } from "./service-error.js";
import type { RevokeReport, TrustReport, TrustStatus } from "./trust/trust-types.js";

/** The config file's size, mtime and inode before `open` read it, by the options object `open` built. */
const CONFIG_STAMP = new WeakMap<ServiceOptions, string>();

import type { RecoveryNotice, UndoableRun } from "./change-types.js";
import { runStaged } from "./changes/run-staged.js";
import type { UndoResult } from "./changes/undo-run.js";
import { WorkspaceChanges, type AppliedChanges } from "./changes/workspace-changes.js";

/**
 * lackpy for one workspace: resolves kits and params, validates, runs, generates and delegates,
 * and keeps the templates and the ratchet's history in memory (written behind; `close` writes
 * what is pending). Every method is safe to call concurrently: no run state is shared.
 */
export class LackpyService {
  readonly workspace: string;
  /** Where the workspace's templates and ratchet history are kept: its files, or a shared database. */
  readonly store: WorkspaceStore;
  protected readonly settings: LackpyConfig;
  private readonly kits: KitResolver;
  private readonly programs = new ProgramCache();
  private readonly generator: ProgramGenerator;
  private readonly runner: ProgramRunner;
  private readonly env: Record<string, string | undefined>;
  private readonly stages: DelegateStages;
  private readonly trustGate: WorkspaceTrust;
  private readonly approvals: TemplateApprovals | null;
  /** The config's secret values, which no introspection shows (`publicly`). */
  private readonly secrets: string[];
  /** Loads an optional client from the workspace's `node_modules`, once a person trusted the workspace. */
  private readonly workspaceModules: (specifier: string) => Promise<unknown>;
  /** The workspace's file changes: staged runs settled, dry runs' pending changes, undo, recovery. */
  private readonly changes: WorkspaceChanges;
  /** The config file's stamp when last read; null for a config the app passed. */
  private configStamp: string | null;

  /**
   * Opens a workspace, loading and checking `.lackpy/config.toml` (defaults when it is missing);
   * what that config names runs only once trusted (`trust`, default `"store"`). Rolls back a
   * landing a crash cut short (`recovered()` says what was put back).
   */
  static async open(options: ServiceOptions): Promise<LackpyService> {
    const workspace = path.resolve(options.workspace);
    let opened: ServiceOptions = { ...options, workspace };
    if (!options.config) {
      const stamp = fileStamp(configPath(workspace));
      opened = { ...opened, config: (await readWorkspaceConfig(workspace)).config };
      CONFIG_STAMP.set(opened, stamp);
    }
    const service = new this(opened);
    await service.recovered().catch(() => undefined);
    return service;
  }

  constructor(options: ServiceOptions) {
    this.workspace = path.resolve(options.workspace);
    this.settings = options.config ?? structuredClone(DEFAULT_CONFIG);
    this.env = options.env ?? process.env;
    // A config read from a workspace (by `open` or `loadConfig`) is the repository's: what it names
    // runs once a person trusted it. A config the app built itself is the app's decision.
    const configText = workspaceConfigText(this.settings);
    this.secrets = configSecrets(this.settings);
    this.configStamp = CONFIG_STAMP.get(options) ?? null;
    this.trustGate = new WorkspaceTrust({
      workspace: this.workspace,
      config: this.settings,
      decision:
        options.trust ??
        (options.config === undefined || configText !== undefined ? "store" : true),
      configText: configText ?? null,
    });
    // Template files come with the folder: unless the app vouches for the workspace, one that changes
    // something answers only once the person stands behind it (decision 91).
    this.approvals =
      this.trustGate.decision === true ? null : new TemplateApprovals(this.workspace);
    this.kits = new KitResolver(
      this.workspace,
      this.settings,
      options.extendToolbox,
      this.env,
      this.trustGate,
    );
    // Optional clients lackpy's own install lacks load from the workspace, once a person trusted it.
    this.workspaceModules = importFromWorkspace(this.workspace, {
      permit: (packageName) => this.trustGate.permitWorkspacePackage(packageName),
    });
    this.store =
      typeof options.store === "object"
        ? options.store
        : openWorkspaceStore({
            workspace: this.workspace,
            settings: this.settings.store,
            env: this.env,
            trustConfigUrl: () => this.trustGate.requireStoreUrl(),
            trustConfigWorkspace: (key) => this.trustGate.requireStoreWorkspace(key),
            ...(options.storeAccess ? { storeAccess: options.storeAccess } : {}),
            ...(options.store === "files" ? { force: "files" as const } : {}),
            ...(this.approvals ? { approvals: this.approvals } : {}),
          });
    this.generator = new ProgramGenerator(
      this.settings,
      this.env,
      options.providers ?? {},
      this.store.templates,
      this.programs,
      this.workspaceModules,
      (key) => this.trustGate.require("model_provider", key),
    );
    this.runner = new ProgramRunner(this.settings, this.programs, this.workspace);
    this.changes = new WorkspaceChanges(
      this.workspace,
      () => this.protection(),
      this.store.changes,
    );
    // The person's cap on isolated child processes (`[run] max_children`), for the whole process.
    if (this.settings.run.maxChildren !== undefined)
      configureChildPool({ maxChildren: this.settings.run.maxChildren });
    this.stages = {
      generator: this.generator,
      runner: this.runner,
      changes: this.changes,
      settings: this.settings,
      ratchet: {
        settings: this.settings.ratchet,
        templates: this.store.templates,
        history: this.store.history,
      },
    };
  }

  /** The workspace's templates (in memory for tier 0; counts and listings from the store). */
  get templateStore(): TemplateStore {
    return this.store.templates;
  }

  /**
   * The name this workspace goes by where several are served (the HTTP server's `/mcp/<name>`,
   * a token's `workspaces`): its shared store's key once that key counts (the person's
   * `LACKPY_STORE_WORKSPACE`, or `[store] workspace` of a config a person trusted), else its
   * folder's name. A clone's config cannot claim another project's name (decision 87).
   */
  async servedName(): Promise<string> {
    const key = this.store.workspace;
    if (!key) return path.basename(this.workspace);
    const fromConfig =
      !this.env.LACKPY_STORE_WORKSPACE?.trim() && key === this.settings.store.workspace;
    if (!fromConfig) return key;
    try {
      await this.trustGate.requireStoreWorkspace(key);
      return key;
    } catch {
      return path.basename(this.workspace);
    }
  }

  /**
   * The effective config as every introspection shows it (`publicConfig`): servers' `env` values
   * and `headers`, secrets in their arguments and passwords in URLs masked.
   */
  config(): LackpyConfig {
    this.followDefaultKit();
    return publicConfig(this.settings);
  }

  /**
   * The kit a request without one uses: `[kit] default` of `.lackpy/config.toml`, which is read
   * again when the file changed (checked by its size, mtime and inode). Only the default kit is
   * followed: a config whose module tools or MCP servers changed too, or one that does not parse,
   * changes nothing until lackpy starts again.
   */
  defaultKit(): string {
    this.followDefaultKit();
    return this.settings.kit.default;
  }

  private followDefaultKit(): void {
    if (this.configStamp === null) return;
    const file = configPath(this.workspace);
    const stamp = fileStamp(file);
    if (stamp === this.configStamp) return;
    this.configStamp = stamp;
    let text: string;
    let reread: LackpyConfig;
    try {
      text = readRegularFileSync(file).toString("utf8");
      reread = parseConfig(text, file);
    } catch {
      return;
    }
    const kit = this.settings.kit;
    if (codeDigest({ ...reread, kit }) !== codeDigest(this.settings)) return;
    if (reread.kit.default === kit.default) return;
    kit.default = reread.kit.default;
    this.trustGate.configReread(text);
  }

  /** The language spec (`languageSpec()` of `@lackpy/lang`) and its markdown. */
  languageSpec(): { spec: ReturnType<typeof languageSpec>; markdown: string } {
    return { spec: languageSpec(), markdown: formatLanguageSpec() };
  }

  /** The toolbox: builtin file tools confined to the workspace, plus module tools from the config. */
  toolbox(): Promise<Toolbox> {
    return this.kits.toolbox();
  }

  /** Resolves a kit in any form; the workspace's default kit (`defaultKit`) when none is given. */
  resolveKit(kit?: KitSpecifier): Promise<KitForRequest> {
    return this.kits.resolve(kit ?? this.defaultKit());
  }

  /** Directory of the workspace's `.kit` files. */
  get kitsDir(): string {
    return this.kits.kitsDir;
  }

  /** Resolves a kit and the params for it, checking collisions. */
  async prepareRequest(options: ProgramOptions): Promise<PreparedRequest> {
    const kit = await this.kits.resolve(options.kit ?? this.defaultKit());
    const params = resolveParams(
      options.params,
      kit.kit.tools.map((tool) => tool.name),
    );
    return { kit, params, rules: options.rules ?? [], workspace: await this.kits.workspaceView() };
  }

  /** Validates a program against a kit, params and rules, with the kit's grade (a `lackpy.validate` span when traced). */
  async validate(source: string, options: ProgramOptions = {}): Promise<ServiceValidation> {
    const { kit, params, rules } = await this.prepareRequest(options);
    const { validation } = this.programs.check(source, {
      tools: kit.kit.tools,
      params: Object.keys(params.values),
      secretParams: params.secretNames,
      rules,
      otherKits: kit.otherKits,
      ...(options.kitHint ? { kitHint: options.kitHint } : {}),
    });
    const loading = loadTelemetry();
    if (loading) await loading;
    traceValidation(validation.errors, {
      kit: kit.name,
      redact: (text) => redactSecrets(text, params.secrets),
    });
    return { ...validation, grade: kit.kit.grade };
  }

  /**
   * Validates and runs a program; the kit's grade is checked against the policy first. Its writes
   * are staged and land only when it succeeds (`changes`, `runId`); `dryRun` lands nothing and
   * `approve` asks a person first. Secrets are redacted from the result; `trace` and
   * `maxOutputChars` size it (full and uncapped by default).
   */
  async runProgram<Detail extends TraceDetail = "full">(
    source: string,
    options: RunOptions & ResultShapeOptions<Detail> = {},
  ): Promise<ShapedRunResult<Detail>> {
    checkShapeOptions(options);
    const request = await this.prepareRequest(options);
    const result = await runStaged(source, request, this.stages, options, {
      source: "run",
      label: () => firstLine(source),
    });
    return shapeResult(
      { ...redactSecrets(result, request.params.secrets), kit: kitUse(request.kit) },
      options,
    ) as unknown as ShapedRunResult<Detail>;
  }

  /**
   * Applies a dry run's changes (its `changeId`), exactly those, if every file still holds what
   * the dry run saw; `stale_change` names the first that does not. A `changeId` applies once and
   * expires 15 minutes after its dry run (`unknown_change`, `change_applied`, `change_expired`).
   * Dry runs live in the workspace's store, so any instance applies them; with a `caller`, only
   * that caller's (another caller's id is `unknown_change`).
   */
  applyChanges(changeId: string, options: { caller?: string } = {}): Promise<AppliedChanges> {
    return this.changes.apply(changeId, options.caller);
  }

  /**
   * Restores what a run changed (`runId`, or the newest run): created files removed, modified
   * ones restored. `undo_conflict` names a file changed since, unless `force`. With a `caller`,
   * only that caller's runs, and the newest is theirs (`unknown_run` otherwise).
   */
  undo(runId?: string, options: { force?: boolean; caller?: string } = {}): Promise<UndoResult> {
    return this.changes.undo(runId, options);
  }

  /** Runs kept for undo, newest first: one caller's with `caller`, every run otherwise. */
  runs(options: { caller?: string } = {}): Promise<UndoableRun[]> {
    return this.changes.runs(options.caller === undefined ? undefined : { caller: options.caller });
  }

  /** What was rolled back when this service opened the workspace (a landing a crash cut short). */
  recovered(): Promise<RecoveryNotice[]> {
    return this.changes.recover();
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
      // A tier's reason may name a provider's URL: shown in the config's public view.
      const outcome = publicView(
        redactSecrets(
          generated.outcome.success
            ? generated.outcome
            : {
                ...generated.outcome,
                error: explainGenerationFailure(intent, generated.outcome.error, this.settings),
              },
          request.params.secrets,
        ),
        this.secrets,
      );
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
    // A tier's reason may name a provider's URL: shown in the config's public view.
    return publicView(
      shapeResult(result, options),
      this.secrets,
    ) as unknown as ShapedDelegateResult<Detail>;
  }

  /**
   * Validates a program and saves it as a template (atomically); pattern placeholders become
   * string params. Its origin is `person` unless the options say otherwise: never demoted.
   */
  async create(
    program: string,
    options: Omit<CreateTemplateOptions, "pattern"> & { pattern?: string; kit?: KitSpecifier },
  ): Promise<TemplateInfo> {
    return createTemplate(
      program,
      options,
      await this.kits.resolve(options.kit ?? this.defaultKit()),
      this.store.templates,
    );
  }

  /** Every configured provider, its tier and whether it answers now. */
  async providerList(): Promise<ProviderStatus[]> {
    return publicly(this.secrets, async () =>
      providerList(
        this.settings,
        await this.providers(),
        (key) => this.generator.templateTier(key),
        this.env,
        this.workspaceModules,
        (provider) => this.generator.gated(provider),
      ),
    );
  }

  /** Every usable template of the workspace (broken files are in `templateProblems`, set-aside ones in `demotedTemplates`). */
  async templates(): Promise<TemplateInfo[]> {
    await this.store.mergeUnmerged();
    return this.store.templates.list();
  }

  /** Templates the ratchet set aside because they kept failing, with when and why. */
  async demotedTemplates(): Promise<DemotedTemplateInfo[]> {
    return this.store.templates.demoted();
  }

  /**
   * Puts the latest demoted template of that name back (its failure count starts again at 0);
   * `unknown_template` when none was demoted, `template_exists` when the name is taken.
   */
  async restoreTemplate(name: string): Promise<TemplateInfo & { restoredFrom: string }> {
    return this.store.templates.restore(name);
  }

  /** Broken template files (by file and line) and failed promotions (by intent). */
  async templateProblems(): Promise<TemplateProblemInfo[]> {
    return templateProblems(this.store.templates, this.store.history);
  }

  /** One template by name. */
  async template(name: string): Promise<TemplateInfo> {
    return this.store.templates.get(name);
  }

  /** The built-in rules (tier 1): each need with its example phrasings and tools, and whether the kit (the default one unless given) has those tools. */
  async rules(kit?: KitSpecifier): Promise<RuleDescription[]> {
    const resolved = await this.kits.resolve(kit ?? this.defaultKit());
    return describeRules(new Set(resolved.kit.tools.map((tool) => tool.name)));
  }

  /**
   * Information on one kit: tools, grade, description, docs. `startServers: false` starts no MCP
   * server: a tool no listing has yet is named in `unlisted`, without a signature.
   */
  kitInfo(kit: KitSpecifier, options: KitInfoOptions = {}): Promise<KitInfo> {
    return publicly(this.secrets, () => this.kits.info(kit, options));
  }

  /**
   * The kit's tools that fit a few words, best first, each with its typed signature (what the
   * `search_tools` helper gives a program): the default kit unless one is given.
   */
  async searchTools(
    query: string,
    options: { kit?: KitSpecifier; limit?: number } = {},
  ): Promise<ToolMatch[]> {
    const { kit } = await publicly(this.secrets, () => this.resolveKit(options.kit));
    return publicly(this.secrets, () =>
      asServiceError(() => searchTools(kit.tools, query, options.limit)),
    );
  }

  /** One tool of a kit in full: signature, description, arguments, return type, grade (`describe_tool`). */
  async describeTool(name: string, options: { kit?: KitSpecifier } = {}): Promise<ToolDescription> {
    const { kit } = await publicly(this.secrets, () => this.resolveKit(options.kit));
    return publicly(this.secrets, () => asServiceError(() => describeKitTool(kit.tools, name)));
  }

  /** Shipped and workspace kits; a broken `.kit` file is listed with its `file` and `error`. */
  kitList(): Promise<KitListEntry[]> {
    return publicly(this.secrets, () => kitList(this.kitsDir));
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
    return publicly(this.secrets, () => this.kits.allTools());
  }

  /** One tool's spec and, when it has them, its docs. */
  toolboxShow(name: string): Promise<{ spec: ToolSpec; docsText: string | null }> {
    return publicly(this.secrets, () => this.kits.tool(name));
  }

  /** Docs of a kit's tools. */
  async docsIndex(kit?: KitSpecifier) {
    return publicly(this.secrets, async () => docsIndex((await this.resolveKit(kit)).kit));
  }

  /** Reads one doc; paths outside the workspace (or the shipped docs), protected paths and closed ones (hidden, not opened by `[files] allow_read`) are refused. */
  async resolveDoc(docPath: string) {
    return publicly(this.secrets, async () =>
      resolveDoc(docPath, this.workspace, { protection: await this.protection() }),
    );
  }

  /** The protection the file tools apply in this workspace: the config's globs and the paths lackpy loads. */
  private async protection(): Promise<PathProtection> {
    const opened = await this.trustGate.openingGlobs();
    return createPathProtection(this.settings.files.protected, {
      loaded: await this.kits.loadedPaths(),
      allowRead: opened.allowRead,
      allowWrite: opened.allowWrite,
      openingsAwaitTrust: opened.openingsAwaitTrust,
    });
  }

  /** Workspace overview for `lackpy status`, with the ratchet's candidates, demotions and recent tiers, and the runs undo can restore. */
  async status(): Promise<WorkspaceStatus> {
    this.followDefaultKit();
    await this.store.mergeUnmerged();
    const status = await workspaceStatus(
      this.workspace,
      this.settings,
      { store: this.store, trust: this.trustGate },
      { runs: () => this.changes.runs(), recovered: this.changes.recoveries() },
    );
    // Starts no MCP server: a tool no listing has yet counts as one with effects.
    const defaultKitWrites = await this.kitInfo(status.defaultKit, { startServers: false }).then(
      (kit) => kitWrites(kit.tools),
      () => null,
    );
    return publicView({ ...status, defaultKitWrites }, this.secrets);
  }

  /** Whether what the config names (module tools, MCP servers) may run, item by item; starts nothing. */
  trustStatus(): Promise<TrustStatus> {
    return publicly(this.secrets, () => this.trustGate.status());
  }

  /**
   * Trusts the workspace's config (`lackpy trust`): fingerprints the config, the kits and the code
   * each module tool and MCP server loads into the user's trust store; starts nothing.
   */
  async trust(): Promise<TrustReport> {
    const report = await publicly(this.secrets, () => this.trustGate.trust());
    // The person looked at the folder: its template files are theirs now, as they are.
    const templates =
      this.store.backend === "files" ? this.store.templates.snapshot().templates : [];
    this.approvals?.approve(templates);
    return { ...report, templates: templates.map((template) => template.name) };
  }

  /** Removes the workspace's trust record (`lackpy trust --revoke`), and the approval of its template files. */
  revokeTrust(): RevokeReport {
    this.approvals?.revoke();
    return this.trustGate.revoke();
  }

  /**
   * Writes the template counters and ratchet history kept in memory (also done on an interval
   * and at exit), waiting for the workspace lock asynchronously; merges what other processes
   * left in side files.
   */
  flush(): Promise<void> {
    return this.store.flush();
  }

  /**
   * Writes what is pending, and releases what the service holds open (MCP server connections,
   * the isolated-mode worker pool). `waitForChildren: false` kills the pool's idle children
   * without waiting for their exits: for a process about to end, which kills them anyway.
   */
  async close({ waitForChildren = true }: { waitForChildren?: boolean } = {}): Promise<void> {
    try {
      await this.store.close();
    } finally {
      await Promise.all([this.kits.close(), closeWorkerPool({ waitForExit: waitForChildren })]);
    }
  }

  /** `close`, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

/** A program's first line that says something, for listings of runs. */
function firstLine(source: string): string {
  const line = source.split("\n").find((text) => text.trim() !== "") ?? "";
  return line.length <= 80 ? line.trim() : `${line.trim().slice(0, 79)}…`;
}

/** Runs a discovery helper for a caller: its `ToolError` becomes the caller's `ServiceError`. */
function asServiceError<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!ToolError.is(error)) throw error;
    throw new ServiceError(
      error.code === "unknown_tool" ? "unknown_tool" : "invalid_option",
      error.message,
      error.hint === undefined ? {} : { hint: error.hint },
    );
  }
}
