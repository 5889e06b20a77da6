import type { Grade, ValidationResult } from "@lackpy/lang";
import type { ResolvedKit, Toolbox } from "@lackpy/kit";
import type { Provider } from "@lackpy/infer";
import type { RunResult, TraceEntry } from "@lackpy/run";
import type { LimitNotes, LoweredLimit } from "./result/limit-notes.js";
import type { LackpyConfig } from "./config/config-types.js";
import type { ShapeNotes, ShapedTrace, TraceDetail } from "./result/shape-result.js";

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
}

/** A run's result as the service returns it. */
export type ServiceRunResult = RunResult & LimitNotes;

/** Options for running a program. */
export interface RunOptions extends ProgramOptions {
  signal?: AbortSignal;
  /** Limits of this run over the workspace's `[run]` defaults; each is lowered to its `[run.maxima]`. */
  limits?: Partial<{
    maxSteps: number;
    timeoutMs: number;
    toolTimeoutMs: number;
    maxToolCalls: number;
    maxSize: number;
    maxOutputBytes: number;
    memoryMb: number;
  }>;
  mode?: "isolated" | "in-process";
}

/** A step of the correction chain, as reported to callers. */
export interface CorrectionAttempt {
  strategy: string;
  program: string;
  errors: string[];
  accepted: boolean;
}

/** The outcome of `delegate` (the CLI's `delegate --json` document). */
export interface DelegateResult {
  success: boolean;
  program: string | null;
  params: Record<string, unknown>;
  tier: "templates" | "rules" | "ollama" | "anthropic" | null;
  provider: string | null;
  model: string | null;
  grade: Grade;
  output: unknown;
  stdout: string;
  error: { code: string; message: string; [key: string]: unknown } | null;
  trace: TraceEntry[];
  filesRead: string[];
  filesModified: string[];
  correction: { strategy: string; attempts: CorrectionAttempt[] } | null;
  generationMs: number;
  executionMs: number;
  totalMs: number;
  /** The template this delegate promoted, and after how many agreeing runs; null when it promoted none. */
  promoted: Promotion | null;
  /** Limits the request asked for above `[run.maxima]`, and what the run used; absent when none. */
  limitsLowered?: LoweredLimit[];
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

/** A template as listed by `templates()`. */
export interface TemplateInfo {
  name: string;
  pattern: string | null;
  successCount: number;
  failCount: number;
  path: string;
  created?: string;
  kit?: string;
  /** Request parameters the program reads besides the pattern's placeholders. */
  params?: string[];
  program: string;
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
  /** Usable templates. */
  templates: number;
  /** Broken template files and failed promotions. */
  templateProblems: TemplateProblemInfo[];
  /** The last error reading or writing template counters or the ratchet's history, if any. */
  ratchetError: string | null;
  runMode: string;
  order: string[];
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
