import type { Grade, ValidationResult } from "@lackpy/lang";

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

/** Options for running a program. */
export interface RunOptions extends ProgramOptions {
  signal?: AbortSignal;
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
  trace: unknown[];
  filesRead: string[];
  filesModified: string[];
  correction: { strategy: string; attempts: CorrectionAttempt[] } | null;
  generationMs: number;
  executionMs: number;
  totalMs: number;
  /** The template promoted by this delegate, when the ratchet promoted one. */
  promoted?: string;
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
  program: string;
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
