import { access } from "node:fs/promises";
import path from "node:path";
import type { ChangeStores } from "./change-store-types.js";
import { FilePendingChanges } from "./file-pending-changes.js";
import { FileRunHistory } from "./file-run-history.js";
import { FileRatchetStore } from "./ratchet-store.js";
import type { StoreHealth, TemplateApprover, WorkspaceStore } from "./store-types.js";
import { FileTemplateStore } from "./template-store.js";
import { flushNow } from "./write-behind.js";

/**
 * The default store: `.lackpy/templates/*.tmpl`, `.lackpy/ratchet.json`, `.lackpy/pending/` and
 * `.lackpy/runs/` of one workspace,
 * held in memory and written behind under the workspace lock (decisions 17, 32–34, 55). A
 * template file that does not name its origin is the ratchet's if the history recorded promoting
 * it; when the history cannot be read, a person's (never demoted).
 */
export class FileWorkspaceStore implements WorkspaceStore {
  readonly backend = "files" as const;
  readonly workspace = null;
  readonly location: string;
  readonly templates: FileTemplateStore;
  readonly history: FileRatchetStore;
  readonly changes: ChangeStores;
  private readonly root: string;

  constructor(workspace: string, options: { approvals?: TemplateApprover } = {}) {
    this.root = workspace;
    this.location = path.join(workspace, ".lackpy");
    this.history = new FileRatchetStore(workspace);
    this.changes = {
      pending: new FilePendingChanges(workspace),
      runs: new FileRunHistory(workspace),
    };
    this.templates = new FileTemplateStore(workspace, {
      ...(options.approvals ? { approvals: options.approvals } : {}),
      originOf: (name) => {
        try {
          return this.history.promotedTemplates().has(name) ? "ratchet" : "person";
        } catch {
          return "person";
        }
      },
    });
  }

  /** Ready while the workspace folder is there. */
  async check(): Promise<StoreHealth> {
    const health = { backend: this.backend, location: this.location, workspace: null };
    try {
      await access(this.root);
      return { ready: true, ...health };
    } catch (error) {
      return { ready: false, ...health, error: (error as Error).message };
    }
  }

  /** Merges side files other processes left at exit, so listings count them. */
  async mergeUnmerged(): Promise<void> {
    for (const store of [this.templates, this.history])
      if (store.hasUnmerged()) await store.flush().catch(() => undefined);
  }

  /** Writes the counters and history kept in memory; the first error is thrown after both were tried. */
  async flush(): Promise<void> {
    const errors: unknown[] = [];
    for (const target of [this.templates, this.history]) {
      try {
        await flushNow(target);
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw errors[0];
  }

  /** `flush`: files hold nothing open. */
  close(): Promise<void> {
    return this.flush();
  }
}
