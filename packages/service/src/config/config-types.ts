import { DEFAULT_LIMITS, type LimitDefaults } from "@lackpy/lang";
import type { McpServerConfig } from "@lackpy/kit/node";

/** One configured inference provider (`[inference.providers.<key>]`). */
export interface ProviderConfig {
  plugin: "templates" | "rules" | "ollama" | "anthropic";
  model?: string;
  host?: string;
  baseUrl?: string;
  /** Name of the environment variable that holds the API key (Anthropic). */
  apiKeyEnv?: string;
  temperature?: number;
  maxTokens?: number;
  keepAlive?: string;
  timeoutMs?: number;
}

/** A tool implemented by an exported function of a JS module (`[tools.<name>]`). */
export interface ModuleToolConfig {
  provider: "module";
  module: string;
  export: string;
  description?: string;
  /** Argument names, optionally typed as `name: type`. */
  args?: string[];
  returns?: string;
  gradeW?: number;
  effectsCeiling?: number;
  /** True when the tool may be given secret parameters (`accepts_secrets = true`); otherwise it gets none. */
  acceptsSecrets?: boolean;
  /** `requires_approval`: every real call goes through a person's approval (`--approve`); a dry run never calls it. */
  requiresApproval?: boolean;
}

/** An MCP server as the config describes it: how to reach it, and whether its calls need approval. */
export interface McpServerSettings extends McpServerConfig {
  /** `requires_approval`: every real call of its tools goes through a person's approval (`--approve`). */
  requiresApproval?: boolean;
}

/**
 * The most a caller may ask of a run (`[run.maxima]`): limits a request sets (MCP `limits`, an
 * agent tool's options, the service API) are lowered to these, and the result says so. Raising
 * one is the person's call, in the config.
 */
export const DEFAULT_LIMIT_MAXIMA: Readonly<LimitDefaults> = Object.freeze({
  maxSteps: 10_000_000,
  timeoutMs: 60_000,
  toolTimeoutMs: 60_000,
  maxToolCalls: 10_000,
  maxSize: 10_000_000,
  maxOutputBytes: 8_388_608,
  memoryMb: 1_024,
});

/**
 * Each run's limits when neither the request nor the config sets one (`[run]`): the language's
 * defaults, but 30 s for the run's deadline, which an everyday request on a large repository
 * needs (searching 200,000 files takes several seconds; decision 83).
 */
export const DEFAULT_RUN_LIMITS: Readonly<LimitDefaults> = Object.freeze({
  ...DEFAULT_LIMITS,
  timeoutMs: 30_000,
});

/** The whole workspace config, with defaults filled in. */
export interface LackpyConfig {
  inference: { order: string[]; maxAttempts: number; providers: Record<string, ProviderConfig> };
  kit: { default: string };
  run: {
    mode: "isolated" | "in-process";
    /** Each run's limits when the request sets none (`[run] timeout_ms`, …). */
    limits: LimitDefaults;
    /** The most a request may set (`[run.maxima]`); never below `limits`. */
    maxima: LimitDefaults;
    /** Most isolated child processes alive at once (`[run] max_children`); the run pool's default when unset. */
    maxChildren?: number;
  };
  ratchet: { auto: boolean; minSuccesses: number; demoteAfterFailures: number };
  policy: { maxGradeW: number };
  /**
   * `[files]`: `protected`, globs the builtin file tools refuse on top of their builtin protected
   * paths; `allowRead` (`allow_read`), globs that open closed paths (hidden names) for reading;
   * `allowWrite` (`allow_write`), globs that open closed paths (hidden names, command files) for
   * reading and writing. Nothing opens `.git/`, `.lackpy/`, `.env*` or credential files.
   */
  files: { protected: string[]; allowRead: string[]; allowWrite: string[] };
  tools: Record<string, ModuleToolConfig>;
  /** `[mcp_servers.<name>]`: MCP servers whose tools kits can name (`<prefix><tool>`). */
  mcpServers: Record<string, McpServerSettings>;
  /**
   * `[store]`: where templates and the ratchet's history are kept. `url`: `postgres://…` for a
   * database every instance shares (`LACKPY_STORE_URL` overrides it; from this file it connects
   * only once the workspace is trusted); unset or `"files"`: `.lackpy/`. `workspace`: the key
   * that scopes this project's templates in a shared store (`LACKPY_STORE_WORKSPACE` overrides it).
   */
  store: { url?: string; workspace?: string };
}

/** The defaults used when a workspace has no config, or a key is left out. */
export const DEFAULT_CONFIG: LackpyConfig = {
  inference: {
    order: ["templates", "rules", "ollama"],
    maxAttempts: 3,
    providers: {
      templates: { plugin: "templates" },
      rules: { plugin: "rules" },
      ollama: {
        plugin: "ollama",
        model: "qwen2.5-coder:7b",
        host: "http://127.0.0.1:11434",
        temperature: 0.2,
      },
      anthropic: {
        plugin: "anthropic",
        // The current Sonnet of the installed @anthropic-ai/sdk; equal to infer's DEFAULT_ANTHROPIC_MODEL.
        model: "claude-sonnet-5-5",
        maxTokens: 1024,
        temperature: 0.2,
      },
    },
  },
  kit: { default: "readonly" },
  run: {
    mode: "isolated",
    limits: { ...DEFAULT_RUN_LIMITS },
    maxima: { ...DEFAULT_LIMIT_MAXIMA },
  },
  ratchet: { auto: false, minSuccesses: 3, demoteAfterFailures: 5 },
  policy: { maxGradeW: 3 },
  files: { protected: [], allowRead: [], allowWrite: [] },
  tools: {},
  mcpServers: {},
  store: {},
};
