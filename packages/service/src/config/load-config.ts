import path from "node:path";
import { checkOpeningGlob, checkProtectedGlob } from "@lackpy/kit";
import { readRegularFile } from "@lackpy/kit/node";
import { parse, TomlError } from "smol-toml";
import { CONFIG_SCHEMA, type TableSchema, type ValueType } from "./config-schema.js";
import {
  DEFAULT_CONFIG,
  type LackpyConfig,
  type ProviderConfig,
  type ModuleToolConfig,
} from "./config-types.js";
import { checkMcpServers, toMcpServers } from "./mcp-server-settings.js";
import { STORE_WORKSPACE, storeUrlProblem } from "./store-settings.js";
import { ServiceError } from "../service-error.js";

/** One problem in a config file. */
export interface ConfigProblem {
  key: string;
  message: string;
  line?: number;
}

/** Path of the config file inside a workspace. */
export function configPath(workspace: string): string {
  return path.join(workspace, ".lackpy", "config.toml");
}

/** Reads and checks `<workspace>/.lackpy/config.toml`; a missing file means the defaults. */
export async function loadConfig(workspace: string): Promise<LackpyConfig> {
  return (await readWorkspaceConfig(workspace)).config;
}

/** Configs read from a workspace's `.lackpy/config.toml`, with the text they were parsed from (null: no file). */
const WORKSPACE_CONFIGS = new WeakMap<LackpyConfig, string | null>();

/**
 * The text a config was read from when `loadConfig`/`readWorkspaceConfig` read it from a
 * workspace (null when the workspace had no config file), or undefined for a config an app built:
 * a workspace's config is the repository's, and what it names runs only once a person trusted it.
 */
export function workspaceConfigText(config: LackpyConfig): string | null | undefined {
  return WORKSPACE_CONFIGS.get(config);
}

/** `loadConfig`, with the text the config was parsed from (null when there is no file), for the trust gate. */
export async function readWorkspaceConfig(
  workspace: string,
): Promise<{ config: LackpyConfig; text: string | null }> {
  const read = await readConfigFile(workspace);
  WORKSPACE_CONFIGS.set(read.config, read.text);
  return read;
}

async function readConfigFile(
  workspace: string,
): Promise<{ config: LackpyConfig; text: string | null }> {
  const file = configPath(workspace);
  let text: string;
  try {
    text = (await readRegularFile(file)).toString("utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      return { config: structuredClone(DEFAULT_CONFIG), text: null };
    throw new ServiceError("invalid_config", `Cannot read ${file}: ${(error as Error).message}.`, {
      file,
    });
  }
  return { config: parseConfig(text, file), text };
}

/** Parses config text and checks every key against the schema; throws `ServiceError` naming the file, and the key and line of every problem. */
export function parseConfig(text: string, file = "config.toml"): LackpyConfig {
  let raw: Record<string, unknown>;
  try {
    raw = parse(text) as Record<string, unknown>;
  } catch (error) {
    const line = error instanceof TomlError ? error.line : undefined;
    const reason = (error as Error).message.split("\n")[0].replace(/^Invalid TOML document: /, "");
    throw new ServiceError(
      "invalid_config",
      `${file}${line ? `:${line}` : ""}: not valid TOML: ${reason}.`,
      { file, line, hint: "fix the TOML syntax at that line" },
    );
  }
  const problems: ConfigProblem[] = [];
  checkTable(raw, CONFIG_SCHEMA, [], problems);
  for (const key of (raw.inference as { order?: string[] } | undefined)?.order ?? []) {
    const providers = (raw.inference as { providers?: Record<string, unknown> }).providers ?? {};
    if (
      !["templates", "rules", "ollama", "anthropic"].includes(key) &&
      !Object.hasOwn(providers, key)
    ) {
      problems.push({
        key: "inference.order",
        message: `names provider '${key}', which is neither built in nor defined under [inference.providers.${key}]`,
      });
    }
  }
  problems.push(...checkFileGlobs(raw.files));
  problems.push(...checkMcpServers(raw.mcp_servers));
  problems.push(...checkMaxima(raw.run));
  problems.push(...checkStore(raw.store));
  if (problems.length > 0) {
    for (const problem of problems) problem.line ??= locateKey(text, problem.key);
    const first = problems[0];
    const where = (problem: ConfigProblem) =>
      `${file}${problem.line ? `:${problem.line}` : ""}: ${problem.key}: ${problem.message}`;
    const message =
      problems.length === 1
        ? `${where(first)}.`
        : `${file} has ${problems.length} problems:\n${problems.map((problem) => `  ${where(problem)}`).join("\n")}`;
    const error = new ServiceError("invalid_config", message, {
      file,
      line: first.line,
      hint: "fix or remove each key; see docs/architecture.md for the config keys",
    });
    Object.assign(error, { problems });
    throw error;
  }
  return toConfig(raw);
}

/** The problems of the `[files]` globs: each must be a workspace glob, and an opening glob must not name what lackpy never opens. */
function checkFileGlobs(files: unknown): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const table = (typeof files === "object" && files !== null ? files : {}) as Record<
    string,
    unknown
  >;
  const checks = [
    ["protected", checkProtectedGlob],
    ["allow_read", checkOpeningGlob],
    ["allow_write", checkOpeningGlob],
  ] as const;
  for (const [key, check] of checks) {
    const globs = table[key];
    for (const glob of Array.isArray(globs) ? globs : []) {
      const problem = typeof glob === "string" ? check(glob) : null;
      if (problem)
        problems.push({
          key: `files.${key}`,
          message: `the glob ${JSON.stringify(glob)} ${problem}`,
        });
    }
  }
  return problems;
}

/** `[store]`: a URL lackpy can use, and a workspace key that is a plain name. */
function checkStore(store: unknown): ConfigProblem[] {
  const table = (typeof store === "object" && store !== null ? store : {}) as Record<
    string,
    unknown
  >;
  const problems: ConfigProblem[] = [];
  const url = table.url;
  if (typeof url === "string") {
    const problem = storeUrlProblem(url);
    if (problem) problems.push({ key: "store.url", message: problem });
  }
  const workspace = table.workspace;
  if (typeof workspace === "string" && !STORE_WORKSPACE.test(workspace))
    problems.push({
      key: "store.workspace",
      message: `${JSON.stringify(workspace)} is not a workspace key: use 1 to 100 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    });
  return problems;
}

/** `[run]` limit keys and the limits they set. */
const LIMIT_KEYS: readonly [string, keyof LackpyConfig["run"]["limits"]][] = [
  ["timeout_ms", "timeoutMs"],
  ["tool_timeout_ms", "toolTimeoutMs"],
  ["max_steps", "maxSteps"],
  ["max_tool_calls", "maxToolCalls"],
  ["max_size", "maxSize"],
  ["max_output_bytes", "maxOutputBytes"],
  ["memory_mb", "memoryMb"],
];

/** A `[run.maxima]` value below the `[run]` default it caps (a default no request could keep). */
function checkMaxima(run: unknown): ConfigProblem[] {
  const table = (run ?? {}) as Record<string, unknown> & { maxima?: Record<string, unknown> };
  const problems: ConfigProblem[] = [];
  for (const [key, limit] of LIMIT_KEYS) {
    const maximum = table.maxima?.[key];
    if (typeof maximum !== "number") continue;
    const given = table[key];
    const limitDefault = typeof given === "number" ? given : DEFAULT_CONFIG.run.limits[limit];
    if (maximum < limitDefault)
      problems.push({
        key: `run.maxima.${key}`,
        message: `is ${maximum}, below the default ${key} of ${limitDefault}; a maximum must be at least the default`,
      });
  }
  return problems;
}

function checkTable(
  value: Record<string, unknown>,
  schema: TableSchema,
  at: string[],
  problems: ConfigProblem[],
): void {
  for (const [key, child] of Object.entries(value)) {
    const keyPath = [...at, key];
    const childSchema = schema.keys[key] ?? schema.entries;
    if (!childSchema) {
      const known = Object.keys(schema.keys);
      problems.push({
        key: keyPath.join("."),
        message: `unknown key${known.length ? `; known keys here: ${known.join(", ")}` : ""}`,
      });
      continue;
    }
    if ("keys" in childSchema) {
      if (typeof child !== "object" || child === null || Array.isArray(child))
        problems.push({ key: keyPath.join("."), message: "must be a table" });
      else checkTable(child as Record<string, unknown>, childSchema, keyPath, problems);
      continue;
    }
    const message = checkValue(child, childSchema);
    if (message) problems.push({ key: keyPath.join("."), message });
  }
}

function checkValue(value: unknown, type: ValueType): string | null {
  switch (type.kind) {
    case "string":
      if (typeof value !== "string") return "must be a string";
      if (type.oneOf && !type.oneOf.includes(value))
        return `must be one of ${type.oneOf.map((option) => `"${option}"`).join(", ")}, not "${value}"`;
      return null;
    case "boolean":
      return typeof value === "boolean" ? null : "must be true or false";
    case "string[]":
      return Array.isArray(value) && value.every((item) => typeof item === "string")
        ? null
        : "must be a list of strings";
    case "string-map":
      return typeof value === "object" &&
        value !== null &&
        !Array.isArray(value) &&
        Object.values(value).every((item) => typeof item === "string")
        ? null
        : 'must be a table of strings, e.g. { NAME = "value" }';
    case "number":
      if (typeof value !== "number" || Number.isNaN(value)) return "must be a number";
      if (type.integer && !Number.isInteger(value)) return "must be a whole number";
      if (type.min !== undefined && value < type.min) return `must be at least ${type.min}`;
      if (type.max !== undefined && value > type.max) return `must be at most ${type.max}`;
      return null;
  }
}

/** The 1-based line of a dotted key in TOML text: its `key =` line under the right table header, or the header itself. */
export function locateKey(text: string, dottedKey: string): number | undefined {
  const parts = dottedKey.split(".");
  const lines = text.split(/\r?\n/);
  let table: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index].trim();
    const header = /^\[\[?\s*([^\]]+?)\s*\]\]?/.exec(line);
    if (header) {
      table = header[1].split(".").map((part) => part.trim().replace(/^"|"$/g, ""));
      if (table.join(".") === dottedKey) return index + 1;
      continue;
    }
    const assignment = /^("?)([A-Za-z0-9_.-]+)\1\s*=/.exec(line);
    if (assignment && [...table, ...assignment[2].split(".")].join(".") === parts.join("."))
      return index + 1;
  }
  return undefined;
}

function toConfig(raw: Record<string, any>): LackpyConfig {
  const config = structuredClone(DEFAULT_CONFIG);
  const inference = raw.inference ?? {};
  if (inference.order) config.inference.order = inference.order;
  if (inference.max_attempts) config.inference.maxAttempts = inference.max_attempts;
  for (const [key, entry] of Object.entries<Record<string, any>>(inference.providers ?? {})) {
    const provider: ProviderConfig = {
      plugin:
        entry.plugin ??
        (["templates", "rules", "ollama", "anthropic"].includes(key) ? key : "ollama"),
      ...(entry.model !== undefined ? { model: entry.model } : {}),
      ...(entry.host !== undefined ? { host: entry.host } : {}),
      ...(entry.base_url !== undefined ? { baseUrl: entry.base_url } : {}),
      ...(entry.api_key_env !== undefined ? { apiKeyEnv: entry.api_key_env } : {}),
      ...(entry.temperature !== undefined ? { temperature: entry.temperature } : {}),
      ...(entry.max_tokens !== undefined ? { maxTokens: entry.max_tokens } : {}),
      ...(entry.keep_alive !== undefined ? { keepAlive: entry.keep_alive } : {}),
      ...(entry.timeout_ms !== undefined ? { timeoutMs: entry.timeout_ms } : {}),
    };
    config.inference.providers[key] = { ...config.inference.providers[key], ...provider };
  }
  if (raw.kit?.default) config.kit.default = raw.kit.default;
  const run = raw.run ?? {};
  for (const [tomlKey, limit] of LIMIT_KEYS) {
    if (run[tomlKey] !== undefined) config.run.limits[limit] = run[tomlKey];
    if (run.maxima?.[tomlKey] !== undefined) config.run.maxima[limit] = run.maxima[tomlKey];
    // A default above the built-in maximum raises it: the person set both.
    else config.run.maxima[limit] = Math.max(config.run.maxima[limit], config.run.limits[limit]);
  }
  if (run.mode) config.run.mode = run.mode;
  if (run.max_children !== undefined) config.run.maxChildren = run.max_children;
  if (raw.ratchet?.auto !== undefined) config.ratchet.auto = raw.ratchet.auto;
  if (raw.ratchet?.min_successes !== undefined)
    config.ratchet.minSuccesses = raw.ratchet.min_successes;
  if (raw.ratchet?.demote_after_failures !== undefined)
    config.ratchet.demoteAfterFailures = raw.ratchet.demote_after_failures;
  if (raw.policy?.max_grade_w !== undefined) config.policy.maxGradeW = raw.policy.max_grade_w;
  if (raw.files?.protected !== undefined) config.files.protected = raw.files.protected;
  if (raw.files?.allow_read !== undefined) config.files.allowRead = raw.files.allow_read;
  if (raw.files?.allow_write !== undefined) config.files.allowWrite = raw.files.allow_write;
  for (const [name, entry] of Object.entries<Record<string, any>>(raw.tools ?? {})) {
    const tool: ModuleToolConfig = {
      provider: "module",
      module: entry.module,
      export: entry.export ?? name,
      ...(entry.description !== undefined ? { description: entry.description } : {}),
      ...(entry.args !== undefined ? { args: entry.args } : {}),
      ...(entry.returns !== undefined ? { returns: entry.returns } : {}),
      ...(entry.grade_w !== undefined ? { gradeW: entry.grade_w } : {}),
      ...(entry.effects_ceiling !== undefined ? { effectsCeiling: entry.effects_ceiling } : {}),
      ...(entry.accepts_secrets !== undefined ? { acceptsSecrets: entry.accepts_secrets } : {}),
      ...(entry.requires_approval !== undefined
        ? { requiresApproval: entry.requires_approval }
        : {}),
    };
    config.tools[name] = tool;
  }
  config.mcpServers = toMcpServers(raw.mcp_servers);
  if (raw.store?.url !== undefined) config.store.url = raw.store.url;
  if (raw.store?.workspace !== undefined) config.store.workspace = raw.store.workspace;
  return config;
}
