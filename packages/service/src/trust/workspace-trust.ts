/**
 * The trust gate: lackpy loads no module tool, starts no stdio MCP server and connects to no
 * HTTP one that a workspace's config names until a person has trusted that config
 * (`lackpy trust`), and refuses again as soon as anything fingerprinted changed: the config, the
 * kits, or a path the unit loads code from (`codeUnits`). The gate runs before each load or
 * start, reading the record afresh every time, so a trust or a revoke in another process counts
 * at once; file digests are cached in this process by size, mtime and inode only.
 */

import path from "node:path";
import type { LoadedPath } from "@lackpy/kit";
import type { McpServerConfig } from "@lackpy/kit/node";
import { ServiceError } from "../service-error.js";
import { codeUnits, namesCode } from "./code-units.js";
import {
  CONFIG_FILE,
  relativeInside,
  type CodeContext,
  type CodePath,
  type CodeUnit,
  type TrustedConfig,
} from "./code-unit.js";
import { codeDigest, diskConfigDigest } from "./config-digest.js";
import { OPENING_UNIT_NAME, openingUnit } from "./opening-unit.js";
import { digestText, fingerprintPath, type Fingerprint } from "./fingerprint.js";
import { serverStartConfig } from "./server-unit.js";
import { symlinkTargets } from "./symlink-targets.js";
import { shellQuote, trustItem } from "./trust-item.js";
import { pathKey, refusalOf, type Refusal } from "./trust-refusal.js";
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
  TrustItemStatus,
  TrustReport,
  TrustStatus,
} from "./trust-types.js";

/** What `WorkspaceTrust` needs: the workspace, its config, who decides, and the config text the service parsed. */
export interface WorkspaceTrustOptions {
  workspace: string;
  config: TrustedConfig;
  decision: TrustDecision;
  /** The text of `.lackpy/config.toml` the config was parsed from; null when the caller gave the config. */
  configText: string | null;
}

/** The trust of one workspace's config: the gate, the record `lackpy trust` writes, and its status. */
export class WorkspaceTrust {
  readonly workspace: string;
  readonly decision: TrustDecision;
  private readonly config: WorkspaceTrustOptions["config"];
  private configText: string | null;

  constructor(options: WorkspaceTrustOptions) {
    this.workspace = path.resolve(options.workspace);
    this.config = options.config;
    this.decision = options.decision;
    this.configText = options.configText;
  }

  /**
   * The config file was read again and only its default kit changed (`LackpyService.defaultKit`):
   * the gate now judges that text, as a process that opened it would.
   */
  configReread(text: string): void {
    if (this.configText !== null) this.configText = text;
  }

  /** True when the config names module tools, MCP servers or model providers that need trust (`namesCode`). */
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

  /**
   * The key a server's tool listing is cached under (`McpListingCache`): the trust it may start
   * under (the record's digests and time, or the app's own decision) and how it is started.
   * null when no listing may be used: no trust decided, or nothing recorded.
   */
  listingKey(server: string): string | null {
    const configured = this.config.mcpServers[server];
    if (!configured || this.decision === false) return null;
    let trust = "app";
    if (this.decision === "store") {
      const record = this.record();
      if (!record) return null;
      trust = `${record.configDigest}|${record.codeDigest}|${record.trustedAt}`;
    }
    const start = serverStartConfig(configured, this.context());
    return digestText(`${trust}|${server}|${JSON.stringify(start)}`);
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
  async require(
    kind: "module_tool" | "mcp_server" | "model_provider" | "file_opening",
    name: string,
  ): Promise<void> {
    const units = await codeUnits(this.config, this.context());
    const unit = units.find(
      (candidate) =>
        candidate.name === name &&
        (kind === "mcp_server"
          ? candidate.kind === "stdio_server" || candidate.kind === "http_server"
          : candidate.kind === kind),
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
    // A unit that can never be trusted as configured is fixed in the config first: `lackpy trust`
    // would refuse it, so the hint names the fix, not the command (issue 38).
    const unfixable = units.find((unit) => unit.problem)?.problem;
    const hint = unfixable
      ? `${CONFIG_FILE} names code lackpy cannot trust as configured, so lackpy trust would refuse it: ${unfixable.hint}`
      : this.trustHint();
    return {
      state: trusted ? "trusted" : "untrusted",
      ...base,
      items,
      ...(trusted ? {} : { hint }),
    };
  }

  /**
   * The `[files] allow_read` and `allow_write` globs the file tools may use: the config's once a
   * person trusted them (or the app passed the config), none otherwise. A cloned config cannot
   * open hidden paths to programs before anyone looked at it; they stay closed
   * (`openingsAwaitTrust`, so a refusal can say `lackpy trust`).
   */
  async openingGlobs(): Promise<{
    allowRead: string[];
    allowWrite: string[];
    openingsAwaitTrust: boolean;
  }> {
    const none = { allowRead: [], allowWrite: [], openingsAwaitTrust: false };
    const files = this.config.files;
    if (!files || openingUnit(files) === null) return none;
    try {
      await this.require("file_opening", OPENING_UNIT_NAME);
      return { ...none, allowRead: [...files.allowRead], allowWrite: [...files.allowWrite] };
    } catch {
      return { ...none, openingsAwaitTrust: true };
    }
  }

  /**
   * Throws `untrusted_config` unless a person trusted this workspace (`lackpy trust`, or an
   * embedder's explicit decision): a package in the workspace's `node_modules` is code a cloned
   * repository may bring, so lackpy loads an optional client from there only once trusted.
   */
  async permitWorkspacePackage(packageName: string): Promise<void> {
    if (this.decision === true) return;
    if (this.decision === "store" && this.record() && (await this.status()).state !== "untrusted")
      return;
    throw new ServiceError(
      "untrusted_config",
      `The workspace's node_modules/${packageName} is code lackpy would load, and nobody trusted this workspace yet.`,
      {
        hint: `review node_modules/${packageName}, then run: ${this.trustCommand()}; or install it next to lackpy: npx -p @lackpy/cli -p ${packageName} lackpy …`,
      },
    );
  }

  /**
   * Throws `untrusted_config` unless the config that names a store URL (`[store] url`) is the
   * one a person trusted: a cloned repository's config could otherwise send the intents and
   * programs the ratchet keeps to a database of its choosing. A URL from the environment
   * (`LACKPY_STORE_URL`) is the person's own and is not asked about.
   */
  async requireStoreUrl(): Promise<void> {
    this.requireStoreSetting("a template store ([store] url)", "or set LACKPY_STORE_URL yourself");
  }

  /**
   * Throws `untrusted_config` unless the config that names the shared store's workspace key
   * (`[store] workspace`) is the one a person trusted: the key chooses whose templates and
   * counters a shared store gives and changes, so a cloned repository could otherwise read,
   * run and demote another project's templates with the person's own `LACKPY_STORE_URL`
   * (decision 87). A key from the environment (`LACKPY_STORE_WORKSPACE`) is the person's own.
   */
  async requireStoreWorkspace(key: string): Promise<void> {
    this.requireStoreSetting(
      `the shared store's workspace ([store] workspace = ${JSON.stringify(key)}), which chooses whose templates lackpy reads, runs and counts,`,
      "or set LACKPY_STORE_WORKSPACE yourself",
    );
  }

  private requireStoreSetting(what: string, otherwise: string): void {
    if (this.decision === true) return;
    const record = this.decision === "store" ? this.record() : null;
    if (record && record.configDigest === this.configDigest()) return;
    throw new ServiceError(
      "untrusted_config",
      `${CONFIG_FILE} names ${what} and nobody trusted this config${record ? " as it is now" : " yet"}.`,
      {
        hint: `review [store] in ${CONFIG_FILE}, then run: ${this.trustCommand()}; ${otherwise}`,
        file: CONFIG_FILE,
      },
    );
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
    return refusalOf(unit, units, {
      decision: this.decision,
      record,
      configDigest: this.configDigest(),
      codeDigest: codeDigest(this.config),
      readConfigText: this.configText !== null,
      diskConfigDigest: () => diskConfigDigest(this.workspace),
      storeProblem: this.storeProblem(),
      trustCommand: this.trustCommand(),
      context: this.context(),
    });
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
    return pathKey(entry, this.context());
  }

  private trustCommand(): string {
    return `lackpy trust --workspace ${shellQuote(this.workspace)}`;
  }

  private trustHint(): string {
    return `review ${CONFIG_FILE} and the code it names, then run: ${this.trustCommand()}`;
  }
}
