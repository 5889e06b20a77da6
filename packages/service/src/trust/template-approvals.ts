/**
 * Which of a workspace's template files a person stands behind, kept in the user's state folder
 * (`<state>/lackpy/templates/<name>-<hash>.json`), never in the workspace: a template file comes
 * with the folder, so a cloned repository's template that changes files (its program calls a tool
 * with effects) must not answer a request before a person looked (issue 35, decision 91). A
 * template is approved by its digest (name, pattern and program: not its counters) when lackpy
 * writes it for the person (`lackpy create`, MCP `create`, a ratchet promotion, `store import`)
 * and, for every template the folder holds, when the person runs `lackpy trust`. `--revoke`
 * forgets them. The file is read as a regular file of bounded size, like every state file.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readRegularFileSync } from "@lackpy/kit/node";
import { realWorkspace, stateDir, workspaceStateFile } from "./trust-store.js";

/** What identifies a template for approval: what decides what it answers and runs. */
export type ApprovedTemplate = { name: string; pattern: string | null; program: string };

/** The most digests kept (the newest); an approvals file is read up to `MAX_APPROVALS_BYTES`. */
export const MAX_APPROVALS = 20_000;
/** The largest approvals file read (4 MiB): a bigger one (or one that is not a regular file) approves nothing. */
export const MAX_APPROVALS_BYTES = 4 * 1024 * 1024;

const VERSION = 1;

/** The digest a template is approved by. */
export function templateDigest(template: ApprovedTemplate): string {
  return createHash("sha256")
    .update(JSON.stringify([template.name, template.pattern, template.program.trim()]))
    .digest("hex");
}

/** The approved templates of one workspace. */
export class TemplateApprovals {
  private readonly workspace: string;
  private readonly state: string;
  private named: string | null = null;
  private cache: { signature: string; digests: Set<string> } | null = null;

  constructor(workspace: string, state = stateDir()) {
    this.workspace = realWorkspace(workspace);
    this.state = state;
  }

  /**
   * The approvals file, named when first needed: a run no template answers (a rule's, a
   * model's) never hashes the workspace's path for it.
   */
  get file(): string {
    return (this.named ??= workspaceStateFile(this.workspace, "templates", this.state));
  }

  /** True when the person stands behind this template (lackpy wrote it for them, or they trusted the folder since). */
  has(template: ApprovedTemplate): boolean {
    return this.digests().has(templateDigest(template));
  }

  /** Approves templates (adds their digests), keeping the newest `MAX_APPROVALS`. */
  approve(templates: Iterable<ApprovedTemplate>): void {
    const digests = [...this.digests()];
    const known = new Set(digests);
    for (const template of templates) {
      const digest = templateDigest(template);
      if (!known.has(digest)) {
        known.add(digest);
        digests.push(digest);
      }
    }
    const kept = digests.slice(-MAX_APPROVALS);
    mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const temporary = `${this.file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      writeFileSync(
        temporary,
        `${JSON.stringify({ version: VERSION, workspace: this.workspace, digests: kept })}\n`,
        { flag: "wx", mode: 0o600 },
      );
      renameSync(temporary, this.file);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
    this.cache = null;
  }

  /** Forgets every approval (`lackpy trust --revoke`). */
  revoke(): void {
    rmSync(this.file, { force: true });
    this.cache = null;
  }

  /** The approved digests, read again when the file changed (by size, mtime and inode). */
  private digests(): Set<string> {
    const info = statSync(this.file, { throwIfNoEntry: false });
    const signature = info ? `${info.size}:${info.mtimeMs}:${info.ino}` : "absent";
    if (this.cache?.signature === signature) return this.cache.digests;
    const digests = info ? this.read(info.size) : new Set<string>();
    this.cache = { signature, digests };
    return digests;
  }

  private read(size: number): Set<string> {
    if (size > MAX_APPROVALS_BYTES) return new Set();
    try {
      const parsed = JSON.parse(
        readRegularFileSync(this.file, { maxBytes: MAX_APPROVALS_BYTES }).toString("utf8"),
      ) as { version?: unknown; workspace?: unknown; digests?: unknown };
      if (parsed.version !== VERSION || parsed.workspace !== this.workspace) return new Set();
      if (!Array.isArray(parsed.digests)) return new Set();
      return new Set(
        parsed.digests.filter((digest): digest is string => typeof digest === "string"),
      );
    } catch {
      return new Set();
    }
  }
}
