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
  /** `requires_approval`: every real call goes through a person's approval (`--approve`); a dry run never calls it. */
  requiresApproval?: boolean;
}

/** An MCP server as the config describes it: how to reach it, and whether its calls need approval. */
export interface McpServerSettings extends McpServerConfig {
  /** `requires_approval`: every real call of its tools goes through a person's approval (`--approve`). */
  requiresApproval?: boolean;
}

/** The whole workspace config, with defaults filled in. */
export interface LackpyConfig {
  inference: { order: string[]; maxAttempts: number; providers: Record<string, ProviderConfig> };
  kit: { default: string };
  run: { mode: "isolated" | "in-process"; limits: LimitDefaults };
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
  run: { mode: "isolated", limits: { ...DEFAULT_LIMITS } },
  ratchet: { auto: false, minSuccesses: 3, demoteAfterFailures: 5 },
  policy: { maxGradeW: 3 },
  files: { protected: [], allowRead: [], allowWrite: [] },
  tools: {},
  mcpServers: {},
};
