import type { Grade, ValidationResult } from "@lackpy/lang";
import type { KitUse } from "./kit-use.js";
import type { ResolvedKit, Toolbox } from "@lackpy/kit";
import type { Provider } from "@lackpy/infer";
import type { RunResult, SkippedCount, TraceEntry } from "@lackpy/run";
import type { LimitNotes, LoweredLimit } from "./result/limit-notes.js";
import type { LackpyConfig } from "./config/config-types.js";
import type { ShapeNotes, ShapedTrace, TraceDetail } from "./result/shape-result.js";
import type { TrustDecision, TrustStatus } from "./trust/trust-types.js";
import type { Approver, ChangeOutcome, RecoveryNotice, UndoableRun } from "./change-types.js";
import type {
  DemotedTemplateInfo,
  StoreBackend,
  TemplateDemotion,
  WorkspaceStore,
} from "./store/store-types.js";
export type { DemotedTemplateInfo, TemplateDemotion, TemplateInfo } from "./store/store-types.js";

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
  /**
   * Whether the module tools and MCP servers the config names may load, start or receive tool
   * arguments: `"store"` (what `lackpy trust` recorded for this workspace, in the user's state
   * folder), `true` (the app vouches for the config), `false` (none of it). Default: `"store"`
   * for a config read from the workspace (`LackpyService.open` without `config`, or a `config`
   * that `loadConfig` read), `true` for a `config` the app built itself.
   */
  trust?: TrustDecision;
  /**
   * The template and ratchet store to use instead of the one the config and environment name
   * (`[store]`, `LACKPY_STORE_URL`); `"files"` forces the workspace's files. The service closes
   * a store it was given when it closes.
   */
  store?: WorkspaceStore | "files";
  /**
   * Asked before every use of a shared store with its workspace key; throws (a `ServiceError`
   * with code `forbidden_workspace`) when the caller being served may not use that key. The HTTP
   * server passes the calling token's workspaces, so the store itself keeps a token to them.
   */
  storeAccess?: (key: string) => void;
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
  /** Tools of the other kits (shipped and workspace) that this kit lacks, with the kits that have them. */
  otherKits: Readonly<Record<string, readonly string[]>>;
}

/** A kit as every entry point accepts it: a name, `none`, a `.kit` path, a comma list, a list of tool names, or an alias map. */
export type KitSpecifier = string | readonly string[] | Readonly<Record<string, string>>;

/** A parameter as callers give it: a bare value, or a value with metadata. */
export type ParamInput =
  unknown | { value: unknown; type?: string; description?: string; secret?: boolean };

/** Options shared by validate, generate, run and delegate. */
export interface ProgramOptions {
  kit?: KitSpecifier;
  params?: Readonly<Record<string, ParamInput>>;
  /** Extra rules by name, e.g. `max_calls:5`. */
  rules?: readonly string[];
  /**
   * How a validation error tells the caller to use the kit that has a tool this kit lacks,
   * `{kit}` standing for the kit's name: the CLI says `run it with --kit {kit}`, the MCP server
   * names its `kit` argument; `use kit "{kit}"` by default.
   */
  kitHint?: string;
}

/** A run's result as the service returns it. */
/** A run's result as the service returns it: the files it created, and limits it lowered. */
export type ServiceRunResult = RunResult & { filesCreated: string[] } & LimitNotes;

/** Options for running a program. */
export interface RunOptions extends ProgramOptions {
  signal?: AbortSignal;
  /** Limits of this run over the workspace's `[run]` defaults; each is lowered to its `[run.maxima]` unless `limitsSetByPerson`. */
  limits?: Partial<{
    maxSteps: number;
    timeoutMs: number;
    toolTimeoutMs: number;
    maxToolCalls: number;
    maxSize: number;
    maxOutputBytes: number;
    memoryMb: number;
  }>;
  /**
   * True when the person running lackpy set `limits` (the CLI's flags): they are used as given,
   * not lowered to `[run.maxima]`, which bound the callers of the MCP and HTTP servers and of
   * the service API, never the person at the terminal.
   */
  limitsSetByPerson?: boolean;
  mode?: "isolated" | "in-process";
  /**
   * Run against the staging area only: nothing is written (not even `.lackpy/`), tools with
   * effects beyond the workspace files are not called (listed as `pending`), and the result lists
   * the `changes` with diffs and a `changeId` for `applyChanges`.
   */
  dryRun?: boolean;
  /** Asks a person about each file change before anything lands, and before each call of a tool that requires approval. */
  approve?: Approver;
  /**
   * Who asks: an opaque id (the HTTP server's token id). A dry run's changes and a landed run are
   * kept as this caller's: only they apply or undo them, and their kept runs are counted apart.
   */
  caller?: string;
}

/** A step of the correction chain, as reported to callers. */
export interface CorrectionAttempt {
  strategy: string;
  program: string;
  errors: string[];
  accepted: boolean;
}

/** The outcome of `delegate` (the CLI's `delegate --json` document), with what its file changes came to. */
export interface DelegateResult extends ChangeOutcome {
  success: boolean;
  program: string | null;
  params: Record<string, unknown>;
  tier: "templates" | "rules" | "ollama" | "anthropic" | null;
  provider: string | null;
  model: string | null;
  /**
   * What the program answers, in one line a person can check, when a template or rule wrote it
   * ("the number of TypeScript files (**\/*.{ts,tsx,mts,cts})"); null for a model's program.
   */
  reading: string | null;
  grade: Grade;
  /** The kit the run used, with its tools that change something. */
  kit: KitUse;
  output: unknown;
  stdout: string;
  error: { code: string; message: string; [key: string]: unknown } | null;
  trace: TraceEntry[];
  filesRead: string[];
  filesModified: string[];
  /** The files of `filesModified` that did not exist before the run: the ones it created. */
  filesCreated: string[];
  correction: { strategy: string; attempts: CorrectionAttempt[] } | null;
  generationMs: number;
  executionMs: number;
  totalMs: number;
  /** The template this delegate promoted, and after how many agreeing runs; null when it promoted none. */
  promoted: Promotion | null;
  /** The ratchet template this delegate's failure set aside, and why; null when none was. */
  demoted: TemplateDemotion | null;
  /** Limits the request asked for above `[run.maxima]`, and what the run used; absent when none. */
  limitsLowered?: LoweredLimit[];
  /** What the run's tools left out (files under `node_modules`, gitignored, binary, …), by reason; absent when nothing was. */
  skipped?: SkippedCount[];
}

/** A delegate result shaped for a trace detail (`delegate(intent, { trace })`). */
export type ShapedDelegateResult<Detail extends TraceDetail = "full"> = Omit<
  DelegateResult,
  "trace"
> &
  ShapeNotes & { trace: ShapedTrace<Detail> };

/** A promotion by the ratchet: the new template's name, and how many answers in a row agreed. */
export interface Promotion {
  template: string;
  agreeingRuns: number;
}

/** A validation result with the kit's grade. */
export interface ServiceValidation extends ValidationResult {
  grade: Grade;
}

/** A request on its way to promotion: its latest model program and how many successes it has of the number needed. */
export interface RatchetCandidate {
  /** The request's wording, normalised (the ratchet counts requests by it). */
  intent: string;
  kit: string;
  /** Successes of `program` (promotion also needs the latest answers to agree). */
  successes: number;
  /** `ratchet.min_successes`. */
  needed: number;
  /** The latest program a model wrote for it that ran successfully. */
  program: string;
  lastSuccessAt: string;
}

/** How often each tier answered the latest delegates (`none`: no tier did). */
export interface RecentTiers {
  /** How many delegates are counted (at most `window`). */
  delegates: number;
  window: number;
  /** Delegates per tier, most first. */
  byTier: { tier: string; delegates: number; failed: number }[];
}

/** The ratchet at a glance, for `lackpy status`. */
export interface RatchetStatus {
  auto: boolean;
  minSuccesses: number;
  demoteAfterFailures: number;
  /** Requests on their way to promotion, latest first (at most `MAX_STATUS_CANDIDATES`). */
  candidates: RatchetCandidate[];
  /** How many requests are on their way in all. */
  candidateCount: number;
  /** Templates the ratchet set aside, with why. */
  demoted: DemotedTemplateInfo[];
  recent: RecentTiers;
}

/**
 * Something wrong with the workspace's templates: a template file that cannot be used (`file`
 * and `line` name it, relative to the workspace), or a promotion that failed (`intent` and
 * `template` name it).
 */
export interface TemplateProblemInfo {
  code: string;
  message: string;
  hint?: string;
  file?: string;
  line?: number;
  intent?: string;
  template?: string;
  at?: string;
}

/** `lackpy status`: the workspace at a glance. */
export interface WorkspaceStatus {
  workspace: string;
  configPath: string;
  configExists: boolean;
  defaultKit: string;
  /** The default kit's tools that change something (`kitWrites`); null when the kit cannot be resolved. */
  defaultKitWrites: string[] | null;
  /** Where templates and the ratchet's history are kept: the backend, its place (no password) and the workspace key. */
  store: {
    backend: StoreBackend;
    location: string;
    workspace: string | null;
    /** Why the store could not be read now (its URL or workspace key waits for trust, it is down); absent when it could. */
    error?: string;
  };
  /** Usable templates. */
  templates: number;
  /** Broken template files and failed promotions. */
  templateProblems: TemplateProblemInfo[];
  /** The last error reading or writing template counters or the ratchet's history, if any. */
  ratchetError: string | null;
  /** Candidates for promotion, demoted templates and the tiers of the latest delegates. */
  ratchet: RatchetStatus;
  runMode: string;
  order: string[];
  /** Whether what the config names may run (`lackpy trust`), and what may not. */
  trust: TrustStatus;
  /** The newest runs that changed files, which `undo` can restore (at most `MAX_STATUS_RUNS`). */
  runs: UndoableRun[];
  /** How many runs are kept for undo. */
  runCount: number;
  /** What recovery put back after a crash cut a landing short, newest first. */
  recovered: RecoveryNotice[];
}

/** A provider's configuration and availability. */
export interface ProviderStatus {
  key: string;
  plugin: string;
  tier: number;
  model: string | null;
  available: boolean;
  inOrder: boolean;
  detail?: string;
}

/** Progress events during delegate and generate, for spinners. */
export type ProgressEvent =
  { kind: "tier"; provider: string; tier: string } | { kind: "running" } | { kind: "done" };
