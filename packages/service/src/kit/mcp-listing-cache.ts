/**
 * MCP servers' tool listings kept between processes, so that a kit naming a server's tools
 * validates without starting it: the server starts when a program first calls one of its tools.
 * One JSON file per workspace under the user's state folder (`<state>/mcp-tools/`, next to the
 * trust records, outside every workspace, so no program or cloned repository can plant specs).
 * Each server's listing is kept under a key made of the trust it ran under and how it is started
 * (`WorkspaceTrust.listingKey`): a new trust, a changed command line or no trust at all, and the
 * listing is not used; the server is started and listed again.
 */
import { mkdirSync } from "node:fs";
import { readRegularFileSync } from "@lackpy/kit/node";
import path from "node:path";
import type { McpToolDescription } from "@lackpy/kit";
import { atomicWriteSync } from "../store/atomic-write.js";
import {
  MAX_STATE_FILE_BYTES,
  realWorkspace,
  stateDir,
  workspaceStateFile,
} from "../trust/trust-store.js";

/** The version of the file's format; a file of another version is ignored. */
export const LISTING_CACHE_VERSION = 1;

interface CachedListing {
  key: string;
  listedAt: string;
  tools: McpToolDescription[];
}

interface ListingFile {
  version: typeof LISTING_CACHE_VERSION;
  workspace: string;
  servers: Record<string, CachedListing>;
}

/** The cache file of a workspace, named like its trust record. */
export function listingCachePath(workspace: string, state = stateDir()): string {
  return workspaceStateFile(workspace, "mcp-tools", state);
}

function isTool(value: unknown): value is McpToolDescription {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { name?: unknown }).name === "string"
  );
}

/** The cached tool listings of one workspace's MCP servers. */
export class McpListingCache {
  private readonly file: string;
  private readonly workspace: string;

  constructor(workspace: string, options: { file?: string } = {}) {
    this.workspace = realWorkspace(workspace);
    this.file = options.file ?? listingCachePath(workspace);
  }

  /** The server's listing kept under `key`, or null (none, another key, an unreadable file). */
  get(server: string, key: string): McpToolDescription[] | null {
    const entry = this.read()?.servers[server];
    if (!entry || entry.key !== key || !Array.isArray(entry.tools)) return null;
    return entry.tools.every(isTool) ? entry.tools : null;
  }

  /** Keeps a server's listing under `key`; a failure to write only costs a start next time. */
  set(server: string, key: string, tools: readonly McpToolDescription[]): void {
    const current = this.read();
    const servers = { ...(current?.servers ?? {}) };
    servers[server] = { key, listedAt: new Date().toISOString(), tools: [...tools] };
    const file: ListingFile = {
      version: LISTING_CACHE_VERSION,
      workspace: this.workspace,
      servers,
    };
    try {
      mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
      atomicWriteSync(this.file, `${JSON.stringify(file)}\n`);
    } catch {
      // The cache is an optimisation: without it the server is started to list its tools.
    }
  }

  private read(): ListingFile | null {
    try {
      // A state file like any other: a regular file of bounded size, never a FIFO or a device.
      const text = readRegularFileSync(this.file, { maxBytes: MAX_STATE_FILE_BYTES }).toString(
        "utf8",
      );
      const parsed = JSON.parse(text) as ListingFile;
      return parsed?.version === LISTING_CACHE_VERSION &&
        parsed.workspace === this.workspace &&
        typeof parsed.servers === "object" &&
        parsed.servers !== null
        ? parsed
        : null;
    } catch {
      return null;
    }
  }
}
