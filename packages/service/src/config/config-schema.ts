/** The shape of `.lackpy/config.toml`, as data: every table, key and the type of its value. */

/** The type of one config value. */
export type ValueType =
  | { kind: "string"; oneOf?: readonly string[] }
  | { kind: "number"; integer?: boolean; min?: number; max?: number }
  | { kind: "boolean" }
  | { kind: "string[]" }
  | { kind: "string-map" };

/** A table with fixed keys, or a map of named sub-tables that share one shape. */
export interface TableSchema {
  keys: Record<string, ValueType | TableSchema>;
  /** Named sub-tables such as `[inference.providers.<key>]` or `[tools.<name>]`. */
  entries?: TableSchema;
}

const string = (oneOf?: readonly string[]): ValueType => ({
  kind: "string",
  ...(oneOf ? { oneOf } : {}),
});
const integer = (min: number, max = Number.MAX_SAFE_INTEGER): ValueType => ({
  kind: "number",
  integer: true,
  min,
  max,
});

/** The run limits, in `[run]` (defaults) and `[run.maxima]` (the most a request may set). */
const LIMIT_KEYS: Record<string, ValueType> = {
  timeout_ms: integer(1),
  tool_timeout_ms: integer(1),
  max_steps: integer(1),
  max_tool_calls: integer(1),
  max_size: integer(1),
  max_output_bytes: integer(1),
  memory_mb: integer(16, 65_536),
};

/** A table of string values, e.g. `env = { GITHUB_ORG = "lackpy" }`. */
const STRING_MAP: ValueType = { kind: "string-map" };

/** Plugins a provider entry may name. */
export const PROVIDER_PLUGINS = Object.freeze(["templates", "rules", "ollama", "anthropic"]);

/** The whole config schema. */
export const CONFIG_SCHEMA: TableSchema = {
  keys: {
    inference: {
      keys: {
        order: { kind: "string[]" },
        max_attempts: integer(1, 10),
        providers: {
          keys: {},
          entries: {
            keys: {
              plugin: string(PROVIDER_PLUGINS),
              model: string(),
              host: string(),
              base_url: string(),
              api_key_env: string(),
              temperature: { kind: "number", min: 0, max: 2 },
              max_tokens: integer(1, 1_000_000),
              keep_alive: string(),
              timeout_ms: integer(1),
            },
          },
        },
      },
    },
    kit: { keys: { default: string() } },
    run: {
      keys: {
        ...LIMIT_KEYS,
        mode: string(["isolated", "in-process"]),
        max_children: integer(1, 1_024),
        maxima: { keys: LIMIT_KEYS },
      },
    },
    ratchet: {
      keys: {
        auto: { kind: "boolean" },
        min_successes: integer(1, 1000),
        demote_after_failures: integer(1, 1000),
      },
    },
    policy: { keys: { max_grade_w: integer(0, 3) } },
    files: {
      keys: {
        protected: { kind: "string[]" },
        allow_read: { kind: "string[]" },
        allow_write: { kind: "string[]" },
      },
    },
    tools: {
      keys: {},
      entries: {
        keys: {
          provider: string(["module"]),
          module: string(),
          export: string(),
          description: string(),
          args: { kind: "string[]" },
          returns: string(),
          grade_w: integer(0, 3),
          effects_ceiling: integer(0, 3),
          accepts_secrets: { kind: "boolean" },
          requires_approval: { kind: "boolean" },
        },
      },
    },
    store: { keys: { url: string(), workspace: string() } },
    mcp_servers: {
      keys: {},
      entries: {
        keys: {
          command: string(),
          args: { kind: "string[]" },
          env: STRING_MAP,
          inherit_env: { kind: "string[]" },
          cwd: string(),
          url: string(),
          headers: STRING_MAP,
          bearer_token_env: string(),
          prefix: string(),
          timeout_ms: integer(1),
          connect_timeout_ms: integer(1),
          accepts_secrets: { kind: "boolean" },
          requires_approval: { kind: "boolean" },
        },
      },
    },
  },
};
