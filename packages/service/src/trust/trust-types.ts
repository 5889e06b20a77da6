import type { CodeUnitKind } from "./code-unit.js";

/**
 * Whether lackpy may run what a workspace's config names: `"store"` asks the user's trust store
 * (what `lackpy trust` recorded), `true` runs it (the embedding app vouches for the config),
 * `false` runs none of it.
 */
export type TrustDecision = boolean | "store";

/** What a config makes lackpy load, start or send tool arguments to: the kinds of code unit. */
export type TrustItemKind = CodeUnitKind;

/** One thing a workspace's config names, as `lackpy trust` lists it. */
export interface TrustItem {
  kind: TrustItemKind;
  /** The tool or server name; `config` and `kits` for those two. */
  name: string;
  /** The module, the command line or the URL. */
  summary: string;
  /** The fingerprinted paths: workspace-relative (a folder ends with `/`), absolute outside the workspace. */
  paths: string[];
  /** A module tool's module and export. */
  module?: string;
  export?: string;
  /** A stdio server's command, arguments, the names of the variables it gets, and the folder it starts in. */
  command?: string;
  args?: string[];
  envNames?: string[];
  cwd?: string;
  /** A stdio server started by a package runner: the runner and the package specs, as written. */
  runner?: string;
  packages?: string[];
  /** An HTTP server's URL, or where a model provider sends requests. */
  url?: string;
  /** The environment variable whose value a model provider sends as its key. */
  apiKeyEnv?: string;
}

/** A config's item and whether it may run now. */
export interface TrustItemStatus extends TrustItem {
  trusted: boolean;
  /** Why not, in a few words (`tools/x.mjs changed since the workspace was trusted`), when it may not. */
  reason?: string;
  /** The file that changed or was never trusted, workspace-relative when inside the workspace. */
  file?: string;
}

/** `lackpy status`'s view of trust. */
export interface TrustStatus {
  /** `not_needed`: the config names no code or MCP server; `trusted`: all of it may run; `untrusted`: something may not. */
  state: "not_needed" | "trusted" | "untrusted";
  /** `store`: what `lackpy trust` recorded decides; `option`: the app that opened the workspace decided (`trust: true | false`). */
  decidedBy: "store" | "option";
  /** The trust record's file (when the store decides). */
  recordPath: string | null;
  /** When the workspace was last trusted, if it was. */
  trustedAt: string | null;
  /** The config's items with their state (none when nothing needs trust). */
  items: TrustItemStatus[];
  /** The command that trusts the workspace, when something is untrusted. */
  hint?: string;
}

/** What `lackpy trust` reports: the workspace, the record and every item trusted. */
export interface TrustReport {
  workspace: string;
  trusted: true;
  /** False when the config names no code: nothing needed trust, and the record only remembers the config. */
  needed: boolean;
  recordPath: string;
  trustedAt: string;
  items: TrustItem[];
  /** The workspace's template files the person now stands behind (those that change something answer only then). */
  templates?: string[];
}

/** What `lackpy trust --revoke` reports. */
export interface RevokeReport {
  workspace: string;
  trusted: false;
  /** False when there was nothing recorded to revoke. */
  revoked: boolean;
  recordPath: string;
}
