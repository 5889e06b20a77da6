/**
 * The trust gate: lackpy loads no module tool, starts no stdio MCP server and connects to no
 * HTTP one that a workspace's config names until a person has trusted that config
 * (`lackpy trust`), and refuses again as soon as anything fingerprinted changed: the config, the
 * kits, or a path the unit loads code from (`codeUnits`). The gate runs before each load or
 * start, reading the record afresh every time, so a trust or a revoke in another process counts
 * at once; file digests are cached in this process by size, mtime and inode only.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { LoadedPath } from "@lackpy/kit";
import type { McpServerConfig } from "@lackpy/kit/node";
import type { LackpyConfig } from "../config/config-types.js";
import { ServiceError } from "../service-error.js";
import {
  CONFIG_FILE,
  codeUnits,
  namesCode,
  relativeInside,
  serverStartConfig,
  type CodeContext,
  type CodePath,
  type CodeUnit,
} from "./code-units.js";
import { changedEntry, digestText, fingerprintPath, type Fingerprint } from "./fingerprint.js";
import { symlinkTargets } from "./symlink-targets.js";
import {
  ensureNeutralDir,
  neutralDir,
  readTrustRecord,
  realWorkspace,
  removeTrustRecord,
  stateDir,
  TRUST_RECORD_VERSION,
  trustRecordPath,
  writeTrustRecord,
  type TrustRecord,
} from "./trust-store.js";
import type {
  RevokeReport,
  TrustDecision,
  TrustItem,
  TrustItemStatus,
  TrustReport,
  TrustStatus,
} from "./trust-types.js";

/** Why a unit may not run: the error's code, message, hint and the file it names. */
interface Refusal {
  code: "untrusted_config" | "invalid_config";
  message: string;
  /** The reason in a few words, for `lackpy status`. */
  reason: string;
  hint: string;
  file?: string;
}

/** What `WorkspaceTrust` needs: the workspace, its config, who decides, and the config text the service parsed. */
export interface WorkspaceTrustOptions {
  workspace: string;
  config: Pick<LackpyConfig, "tools" | "mcpServers" | "kit">;
  decision: TrustDecision;
  /** The text of `.lackpy/config.toml` the config was parsed from; null when the caller gave the config. */
  configText: string | null;
}

/** The trust of one workspace's config: the gate, the record `lackpy trust` writes, and its status. */
export class WorkspaceTrust {
  readonly workspace: string;
  readonly decision: TrustDecision;
  private readonly config: WorkspaceTrustOptions["config"];
  private readonly configText: string | null;

  constructor(options: WorkspaceTrustOptions) {
    this.workspace = path.resolve(options.workspace);
    this.config = options.config;
    this.decision = options.decision;
    this.configText = options.configText;
  }

  /** True when the config names module tools or MCP servers. */
  get needed(): boolean {
    return namesCode(this.config);
  }

  /** Where units are read: the workspace, and the neutral folder under the user's state folder. */
  context(): CodeContext {
    return { workspace: this.workspace, neutralDir: neutralDir(stateDir()) };
  }

  /** How lackpy starts each configured MCP server (`serverStartConfig`). */
  serverStartConfigs(): Record<string, McpServerConfig> {
    const context = this.context();
    return Object.fromEntries(
      Object.entries(this.config.mcpServers).map(([name, server]) => [
        name,
        serverStartConfig(server, context),
      ]),
    );
  }

  /** The paths inside the workspace that lackpy runs code from, for the file tools to refuse. */
  async loadedPaths(): Promise<LoadedPath[]> {
    const found = new Map<string, string>();
    const context = this.context();
    const add = (candidate: string, why: string) => {
      const relative = relativeInside(candidate, context);
      if (relative && !found.has(relative)) found.set(relative, why);
    };
    for (const unit of await codeUnits(this.config, context))
      for (const entry of unit.paths) {
        if (!entry.protect) continue;
        add(entry.absolute, entry.why);
        add(realWorkspace(entry.absolute), entry.why);
        if (entry.scope === "folder")
          for (const target of symlinkTargets(entry.absolute))
            add(target, `where a link in ${entry.why} leads`);
      }
    return [...found]
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
      .map(([relative, reason]) => ({ path: relative, reason }));
  }

  /**
   * Throws unless the config's module tool or MCP server `name` may load or start now:
   * `untrusted_config` naming the file when it is not trusted (or something changed since),
   * `invalid_config` when it can never be trusted as configured. Prepares the neutral folder of
   * a package runner.
   */
  async require(kind: "module_tool" | "mcp_server", name: string): Promise<void> {
    const units = await codeUnits(this.config, this.context());
    const unit = units.find(
      (candidate) =>
        candidate.name === name &&
        (kind === "module_tool"
          ? candidate.kind === "module_tool"
          : candidate.kind === "stdio_server" || candidate.kind === "http_server"),
    );
    if (!unit) return;
    const refusal = this.refusal(unit, units, this.decision === "store" ? this.record() : null);
    if (refusal)
      throw new ServiceError(refusal.code, refusal.message, {
        hint: refusal.hint,
        file: refusal.file,
      });
    if (unit.runner) ensureNeutralDir(this.context().neutralDir);
  }

  /** Whether the config needs trust, and the state of each item. */
  async status(): Promise<TrustStatus> {
    const decidedBy = this.decision === "store" ? "store" : "option";
    const record = this.decision === "store" ? this.record() : null;
    const base = {
      decidedBy,
      recordPath: decidedBy === "store" ? this.recordPath() : null,
      trustedAt: record?.trustedAt ?? null,
    } as const;
    if (!this.needed) return { state: "not_needed", ...base, items: [] };
    const context = this.context();
    const units = await codeUnits(this.config, context);
    const items: TrustItemStatus[] = units.map((unit) => {
      const refusal = this.refusal(unit, units, record);
      return {
        ...trustItem(unit, context),
        trusted: refusal === null,
        ...(refusal ? { reason: refusal.reason } : {}),
        ...(refusal?.file ? { file: refusal.file } : {}),
      };
    });
    const trusted = items.every((item) => item.trusted);
    return {
      state: trusted ? "trusted" : "untrusted",
      ...base,
      items,
      ...(trusted ? {} : { hint: this.trustHint() }),
    };
  }

  /**
   * Records the config as trusted (`lackpy trust`): fingerprints the config, the kits and every
   * path each unit loads code from, into the user's trust store. A unit that can never be
   * trusted as configured (code in the workspace root) is an `invalid_config` error, and
   * nothing is recorded.
   */
  async trust(): Promise<TrustReport> {
    const context = this.context();
    const units = await codeUnits(this.config, context);
    const problems = units.filter((unit) => unit.problem);
    if (problems.length > 0) {
      const first = problems[0].problem!;
      throw new ServiceError(
        "invalid_config",
        problems.length === 1
          ? first.message
          : `${CONFIG_FILE} names code lackpy cannot trust as configured:\n${problems.map((unit) => `  ${unit.problem!.message}`).join("\n")}`,
        { hint: first.hint, file: CONFIG_FILE },
      );
    }
    this.checkStoreOutside();
    const fingerprints: Record<string, Fingerprint> = {};
    for (const unit of units)
      for (const entry of unit.paths)
        fingerprints[this.keyOf(entry)] = fingerprintPath(entry.absolute, entry.scope);
    const items = units.map((unit) => trustItem(unit, context));
    const record: TrustRecord = {
      version: TRUST_RECORD_VERSION,
      workspace: realWorkspace(this.workspace),
      trustedAt: new Date().toISOString(),
      configDigest: this.configDigest(),
      codeDigest: codeDigest(this.config),
      fingerprints,
      items,
    };
    const recordPath = this.recordPath();
    writeTrustRecord(recordPath, record);
    return {
      workspace: this.workspace,
      trusted: true,
      needed: this.needed,
      recordPath,
      trustedAt: record.trustedAt,
      items,
    };
  }

  /** Removes what `trust` recorded (`lackpy trust --revoke`). */
  revoke(): RevokeReport {
    const recordPath = this.recordPath();
    return {
      workspace: this.workspace,
      trusted: false,
      revoked: removeTrustRecord(recordPath),
      recordPath,
    };
  }

  /** The current fingerprints of the kits, before lackpy writes a kit itself. */
  async kitsSnapshot(): Promise<Record<string, Fingerprint>> {
    const kits = (await codeUnits(this.config, this.context())).find(
      (unit) => unit.kind === "kits",
    );
    return Object.fromEntries(
      (kits?.paths ?? []).map((entry) => [
        this.keyOf(entry),
        fingerprintPath(entry.absolute, entry.scope),
      ]),
    );
  }

  /**
   * After lackpy wrote a kit itself: when the record's kits matched `before`, records their new
   * fingerprints, so a workspace that was trusted stays trusted (lackpy trusts what it writes).
   */
  async kitsWritten(before: Record<string, Fingerprint>): Promise<void> {
    if (this.decision !== "store") return;
    const record = this.record();
    if (!record) return;
    const matched = Object.entries(before).every(
      ([key, fingerprint]) => record.fingerprints[key]?.digest === fingerprint.digest,
    );
    if (!matched) return;
    Object.assign(record.fingerprints, await this.kitsSnapshot());
    writeTrustRecord(this.recordPath(), record);
  }

  /** The record file of this workspace. */
  recordPath(): string {
    return trustRecordPath(this.workspace, stateDir());
  }

  private record(): TrustRecord | null {
    const record = readTrustRecord(this.recordPath());
    return record && record.workspace === realWorkspace(this.workspace) ? record : null;
  }

  private refusal(unit: CodeUnit, units: CodeUnit[], record: TrustRecord | null): Refusal | null {
    if (unit.problem)
      return {
        code: "invalid_config",
        message: unit.problem.message,
        reason: unit.problem.message,
        hint: unit.problem.hint,
        file: CONFIG_FILE,
      };
    if (this.decision === true) return null;
    const subject = subjectOf(unit);
    if (this.decision === false)
      return {
        code: "untrusted_config",
        message: `${subject}: the app that opened this workspace passed trust: false, so lackpy runs nothing its config names.`,
        reason: "the app that opened the workspace passed trust: false",
        hint: 'open the service with trust: "store" (what lackpy trust recorded) or trust: true',
        file: CONFIG_FILE,
      };
    const storeProblem = this.storeProblem();
    if (storeProblem)
      return {
        code: "untrusted_config",
        message: `${subject}: ${storeProblem}`,
        reason: storeProblem,
        hint: "set XDG_STATE_HOME to a folder outside every workspace",
        file: CONFIG_FILE,
      };
    const hint = (file: string) => `review ${file}, then run: ${this.trustCommand()}`;
    if (!record)
      return {
        code: "untrusted_config",
        message: `${subject}: ${CONFIG_FILE} names code to run (${unit.where}), and nobody has trusted this workspace yet; lackpy runs nothing a workspace's config names until a person trusts it.`,
        reason: "not trusted yet",
        hint: `review ${CONFIG_FILE} and the code it names, then run: ${this.trustCommand()}`,
        file: CONFIG_FILE,
      };
    if (
      record.configDigest !== this.configDigest() ||
      record.codeDigest !== codeDigest(this.config)
    ) {
      const loadedEarlier =
        this.configText !== null && record.configDigest === diskConfigDigest(this.workspace);
      return loadedEarlier
        ? {
            code: "untrusted_config",
            message: `${subject}: this process read ${CONFIG_FILE} before its current version was trusted.`,
            reason: `this process read ${CONFIG_FILE} before its current version was trusted: start it again`,
            hint: "start lackpy again (for an MCP client: restart lackpy mcp serve) to load the trusted config",
            file: CONFIG_FILE,
          }
        : {
            code: "untrusted_config",
            message: `${subject}: ${CONFIG_FILE} changed since the workspace was trusted.`,
            reason: `${CONFIG_FILE} changed since the workspace was trusted`,
            hint: hint(CONFIG_FILE),
            file: CONFIG_FILE,
          };
    }
    const kits = units.find((candidate) => candidate.kind === "kits");
    const paths =
      unit.kind === "config" ? [] : [...(kits && unit !== kits ? kits.paths : []), ...unit.paths];
    const context = this.context();
    for (const entry of paths) {
      const recorded = record.fingerprints[this.keyOf(entry)];
      const shown = displayPath(entry.absolute, entry.scope, context);
      if (!recorded)
        return {
          code: "untrusted_config",
          message: `${subject}: ${shown} (${entry.why}) was not part of what was trusted.`,
          reason: `${shown} was not part of what was trusted`,
          hint: hint(shown),
          file: shown,
        };
      let current: Fingerprint;
      try {
        current = fingerprintPath(entry.absolute, entry.scope);
      } catch (error) {
        const problem = error as ServiceError;
        return {
          code: "invalid_config",
          message: `${subject}: ${problem.message}`,
          reason: problem.message,
          hint: problem.hint ?? hint(shown),
          file: shown,
        };
      }
      const changed = changedEntry(recorded, current);
      if (changed === null) continue;
      const file = changed === "" ? shown : `${shown.replace(/\/$/, "")}/${changed}`;
      const verb = changeVerb(
        changed === "" ? recorded.digest : recorded.entries?.[changed],
        changed === "" ? current.digest : current.entries?.[changed],
      );
      return {
        code: "untrusted_config",
        message: `${subject}: ${file} ${verb} since the workspace was trusted (${changed === "" ? "" : "in "}${entry.why}).`,
        reason: `${file} ${verb} since the workspace was trusted`,
        hint: hint(file),
        file,
      };
    }
    return null;
  }

  private configDigest(): string {
    return this.configText !== null
      ? digestText(this.configText)
      : diskConfigDigest(this.workspace);
  }

  /** A store inside the workspace could be written by what the workspace holds. */
  private storeProblem(): string | null {
    const state = stateDir();
    return relativeInside(state, { workspace: this.workspace }) !== null
      ? `the trust store ${state} lies inside the workspace, where what the workspace holds could change it.`
      : null;
  }

  private checkStoreOutside(): void {
    const problem = this.storeProblem();
    if (problem)
      throw new ServiceError("untrusted_config", `Cannot trust this workspace: ${problem}`, {
        hint: "set XDG_STATE_HOME to a folder outside every workspace",
      });
  }

  private keyOf(entry: CodePath): string {
    const relative = relativeInside(entry.absolute, this.context());
    return `${entry.scope}:${relative ?? entry.absolute}`;
  }

  private trustCommand(): string {
    return `lackpy trust --workspace ${shellQuote(this.workspace)}`;
  }

  private trustHint(): string {
    return `review ${CONFIG_FILE} and the code it names, then run: ${this.trustCommand()}`;
  }
}

/** The digest of the config's code-naming parts, whatever their order or comments. */
function codeDigest(config: WorkspaceTrustOptions["config"]): string {
  const canonical = canonicalJson({
    tools: config.tools,
    mcpServers: config.mcpServers,
    kit: config.kit.default,
  });
  return `code:${createHash("sha256").update(canonical).digest("hex")}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null)
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      )
      .join(",")}}`;
  return JSON.stringify(value);
}

function diskConfigDigest(workspace: string): string {
  try {
    return digestText(readFileSync(path.join(workspace, CONFIG_FILE), "utf8"));
  } catch {
    return "absent";
  }
}

function subjectOf(unit: CodeUnit): string {
  switch (unit.kind) {
    case "module_tool":
      return `Tool '${unit.name}' was not loaded`;
    case "stdio_server":
      return `MCP server '${unit.name}' was not started`;
    case "http_server":
      return `MCP server '${unit.name}' was not connected (it would receive tool arguments)`;
    case "config":
      return "The config is not trusted";
    case "kits":
      return "The kits are not trusted";
  }
}

function changeVerb(before: string | undefined, after: string | undefined): string {
  if (before === undefined || before === "absent") return "was created";
  if (after === undefined || after === "absent") return "was removed";
  return "changed";
}

/** A path as messages show it: workspace-relative (a folder with a trailing `/`), else absolute. */
function displayPath(absolute: string, scope: CodePath["scope"], context: CodeContext): string {
  const relative = relativeInside(absolute, context);
  if (relative === null) return absolute;
  return scope === "folder" ? `${relative}/` : relative;
}

/** A unit as `lackpy trust` lists it. */
function trustItem(unit: CodeUnit, context: CodeContext): TrustItem {
  const item: TrustItem = {
    kind: unit.kind,
    name: unit.name,
    summary: unit.summary,
    paths: unit.paths.map((entry) => displayPath(entry.absolute, entry.scope, context)),
  };
  if (unit.module) Object.assign(item, unit.module);
  const start = unit.start;
  if (start?.command !== undefined) {
    item.command = start.command;
    item.args = [...(start.args ?? [])];
    item.envNames = [
      ...new Set([
        ...Object.keys(unit.configured?.env ?? {}),
        ...(unit.configured?.inheritEnv ?? []),
      ]),
    ].sort();
    const cwd = path.resolve(context.workspace, start.cwd ?? ".");
    const relative = relativeInside(cwd, context);
    item.cwd = relative === null ? cwd : relative === "" ? "." : relative;
  }
  if (unit.runner) {
    item.runner = unit.runner.name;
    item.packages = [...unit.runner.packages];
  }
  if (unit.url) item.url = unit.url;
  return item;
}

/** A word as a POSIX shell reads it back. */
function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
