import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { readRegularFileSync } from "@lackpy/kit/node";
import path from "node:path";
import {
  formatTemplate,
  parseTemplate,
  templatesFromDirectory,
  type LoadedTemplate,
  type Template,
  type TemplateDirectory,
  type TemplateOrigin,
  type TemplateProblem,
  type TemplateSnapshot,
} from "@lackpy/infer/node";
import { atomicWriteSync } from "./atomic-write.js";
import { listDemotedTemplates } from "./demoted-templates.js";
import { tryFileLockSync, withFileLock } from "./file-lock.js";
import { checkPlainName } from "../config/plain-name.js";
import { ServiceError } from "../service-error.js";
import type {
  DemotedTemplateInfo,
  TemplateDemotion,
  TemplateInfo,
  TemplateApprover,
  TemplateRunOutcome,
  TemplateStore,
} from "./store-types.js";
import { hasUnmerged, takeUnmerged, writeUnmerged } from "./unmerged-files.js";
import { scheduleFlush, type WriteBehindTarget } from "./write-behind.js";

interface Counts {
  success: number;
  fail: number;
}

/** Options of a `TemplateStore`. */
export interface TemplateStoreOptions {
  /** The origin of a template whose file does not name one (default: a person's). */
  originOf?: (name: string) => TemplateOrigin;
  /**
   * The person's approvals of template files: what this store writes is approved, and a template
   * changes something only when approved (`approved`). Absent: every template is approved.
   */
  approvals?: TemplateApprover;
}

/**
 * The workspace's templates, held in memory (reloaded when `.lackpy/templates` changes), and
 * their counters: a delegate's success or failure is added in memory and written behind, under
 * the workspace lock, by re-reading each file and adding this process's counts, so concurrent
 * processes never lose each other's counts. A template the ratchet promoted that keeps failing
 * is set aside at once (`<name>.tmpl.demoted-<ms>`, with when and why in its front matter) and
 * can be restored; a person's template is never set aside.
 */
export class FileTemplateStore implements TemplateStore, WriteBehindTarget {
  readonly label = "template counters";
  readonly directory: string;
  /** The in-memory directory, shared with the template tier. */
  readonly source: TemplateDirectory;
  /** The last error writing counters, until a write succeeds. */
  lastError: string | null = null;
  private readonly lackpyDirectory: string;
  private readonly lockFile: string;
  private readonly pending = new Map<string, Counts>();
  private readonly originOf: (name: string) => TemplateOrigin;
  private readonly approvals: TemplateApprover | null;

  constructor(workspace: string, options: TemplateStoreOptions = {}) {
    this.lackpyDirectory = path.join(workspace, ".lackpy");
    this.directory = path.join(this.lackpyDirectory, "templates");
    this.lockFile = path.join(this.lackpyDirectory, "write.lock");
    this.originOf = options.originOf ?? (() => "person");
    this.approvals = options.approvals ?? null;
    this.source = templatesFromDirectory(this.directory, {
      displayDirectory: path.join(".lackpy", "templates"),
      indexFile: path.join(this.lackpyDirectory, "templates.index"),
    });
  }

  /** Nothing to do: `snapshot()` checks the folder itself. */
  async refresh(): Promise<void> {}

  /** The templates and problems now. */
  snapshot(): TemplateSnapshot {
    return this.source.snapshot();
  }

  /** The template's file, relative to the workspace. */
  where(template: LoadedTemplate): string {
    return path.join(".lackpy", "templates", path.basename(template.file));
  }

  /** Every usable template, with the counts not yet written included. */
  async list(): Promise<TemplateInfo[]> {
    return this.snapshot().templates.map((template) => this.info(template));
  }

  /** Template files that could not be used. */
  problems(): readonly TemplateProblem[] {
    return this.snapshot().problems;
  }

  /** Who wrote a template: its file's `origin`, else what the store was told (a person by default). */
  origin(template: Pick<Template, "name" | "origin">): TemplateOrigin {
    return template.origin ?? this.originOf(template.name);
  }

  /** One template by name; a broken file of that name is an `invalid_template` error naming file and line. */
  async get(name: string): Promise<TemplateInfo> {
    return this.getNow(name);
  }

  /** `get`, synchronously. */
  getNow(name: string): TemplateInfo {
    checkPlainName(name, "template");
    const { templates, problems, index } = this.snapshot();
    const found = index.get(name);
    if (found) return this.info(found);
    const broken = problems.find((problem) => path.basename(problem.file) === `${name}.tmpl`);
    if (broken) throw new ServiceError("invalid_template", broken.message, { hint: broken.hint });
    const demoted = this.demotedNow().some((template) => template.name === name);
    throw new ServiceError(
      "unknown_template",
      `No template named '${name}'${demoted ? " (it was demoted)" : ""}.`,
      {
        hint: demoted
          ? `lackpy template restore ${name} brings it back`
          : templates.length
            ? `known templates: ${templates.map((template) => template.name).join(", ")}`
            : "create one with lackpy create <file> --name N --pattern P",
      },
    );
  }

  /** Whether a template of that name, or a file for it, exists. */
  async has(name: string): Promise<boolean> {
    return this.snapshot().index.get(name) !== undefined || existsSync(this.pathOf(name));
  }

  /** Path of a template file by name. */
  pathOf(name: string): string {
    checkPlainName(name, "template");
    return path.join(this.directory, `${name}.tmpl`);
  }

  /** Writes a template atomically under the workspace lock; refuses an existing file unless `force`. */
  async write(template: Template, options: { force: boolean }): Promise<string> {
    const file = this.pathOf(template.name);
    mkdirSync(this.directory, { recursive: true });
    try {
      await withFileLock(this.lockFile, () => {
        if (!options.force && existsSync(file))
          throw new ServiceError(
            "template_exists",
            `A template named '${template.name}' already exists.`,
            { hint: "choose another name, or pass force to replace it" },
          );
        atomicWriteSync(file, formatTemplate(template));
      });
    } finally {
      this.source.invalidate();
    }
    this.pending.delete(file);
    // lackpy wrote it for the person (create, a promotion, an import): they stand behind it.
    this.approvals?.approve([template]);
    return file;
  }

  /** Whether a person stands behind the template file (lackpy wrote it, or they trusted the folder since). */
  approved(template: LoadedTemplate): boolean {
    return this.approvals ? this.approvals.has(template) : true;
  }

  /**
   * Counts one success or failure of a template; sets a ratchet template aside when it keeps
   * failing (more failures than successes, and at least `demoteAfterFailures`), and says so.
   */
  async record(
    template: LoadedTemplate,
    outcome: TemplateRunOutcome,
  ): Promise<TemplateDemotion | null> {
    const counts = this.pending.get(template.file) ?? { success: 0, fail: 0 };
    if (outcome.success) counts.success += 1;
    else counts.fail += 1;
    this.pending.set(template.file, counts);
    if (outcome.success) {
      scheduleFlush(this);
      return null;
    }
    // The counts on disk now: a flush during the run may have written this process's earlier counts.
    const loaded = this.snapshot().index.get(template.name);
    const onDisk = loaded?.file === template.file ? loaded : template;
    const failures = onDisk.failCount + counts.fail;
    if (
      this.origin(onDisk) !== "ratchet" ||
      failures < outcome.demoteAfterFailures ||
      failures <= onDisk.successCount + counts.success
    ) {
      scheduleFlush(this);
      return null;
    }
    return this.demote(template.file, outcome);
  }

  /** Templates the ratchet set aside, oldest first (several of one name when it happened more than once). */
  async demoted(): Promise<DemotedTemplateInfo[]> {
    return this.demotedNow();
  }

  /** `demoted`, synchronously. */
  demotedNow(): DemotedTemplateInfo[] {
    return listDemotedTemplates(this.directory, (template) => this.origin(template));
  }

  /**
   * Puts the latest demoted template of that name back, with its failure count at 0 (so one
   * more failure does not set it aside again); refuses when a template of that name exists.
   */
  async restore(name: string): Promise<TemplateInfo & { restoredFrom: string }> {
    checkPlainName(name, "template");
    const demoted = this.demotedNow();
    const latest = demoted.filter((template) => template.name === name).at(-1);
    if (!latest) {
      const names = [...new Set(demoted.map((template) => template.name))];
      throw new ServiceError("unknown_template", `No demoted template named '${name}'.`, {
        hint: names.length
          ? `demoted templates: ${names.join(", ")}`
          : "no template has been demoted; lackpy template list shows the templates",
      });
    }
    const file = this.pathOf(name);
    try {
      await withFileLock(this.lockFile, () => {
        if (existsSync(file))
          throw new ServiceError(
            "template_exists",
            `A template named '${name}' exists, so the demoted one was not restored.`,
            { hint: `rename or delete ${path.join(".lackpy", "templates", `${name}.tmpl`)} first` },
          );
        const shown = path.join(".lackpy", "templates", path.basename(latest.path));
        const parsed = parseTemplate(readRegularFileSync(latest.path).toString("utf8"), shown);
        if (!parsed.ok)
          throw new ServiceError("invalid_template", parsed.error.message, {
            hint: parsed.error.hint,
          });
        const template: Template = { ...parsed.template, failCount: 0 };
        delete template.demotedAt;
        delete template.demotedReason;
        atomicWriteSync(file, formatTemplate(template));
        rmSync(latest.path, { force: true });
      });
    } finally {
      this.source.invalidate();
    }
    this.pending.delete(file);
    return { ...this.getNow(name), restoredFrom: latest.path };
  }

  /** Whether other processes left writes in side files at exit, for the next write to merge. */
  hasUnmerged(): boolean {
    return hasUnmerged(this.lackpyDirectory, "templates");
  }

  /** Whether counts wait in memory to be written. */
  hasPending(): boolean {
    return this.pending.size > 0;
  }

  /**
   * Writes every pending count and merges side files, under the workspace lock (waited for
   * asynchronously); see `WriteBehindTarget`.
   */
  async flush(): Promise<void> {
    this.dropMissing();
    // Templates deleted or demoted (or the whole workspace gone): nothing to write, no lock taken.
    if (this.pending.size === 0 && !this.hasUnmerged()) return;
    try {
      await withFileLock(this.lockFile, () => this.writeLocked());
      this.lastError = null;
    } catch (error) {
      this.lastError = error instanceof Error ? error.message : String(error);
      throw error;
    } finally {
      this.source.invalidate();
    }
  }

  /** At exit: tries the lock once; when another process holds it, leaves the counts in a side file. */
  flushAtExit(): void {
    this.dropMissing();
    if (this.pending.size === 0) return;
    const attempt = tryFileLockSync(this.lockFile, () => this.writeLocked());
    if (attempt.acquired) return;
    const counts = Object.fromEntries(
      [...this.pending].map(([file, count]) => [path.basename(file), count]),
    );
    writeUnmerged(this.lackpyDirectory, "templates", { counts });
    this.pending.clear();
  }

  private dropMissing(): void {
    for (const file of [...this.pending.keys()]) if (!existsSync(file)) this.pending.delete(file);
  }

  /** Under the lock: adds the side files' counts to this process's, then writes every file's. */
  private writeLocked(): void {
    for (const data of takeUnmerged(this.lackpyDirectory, "templates")) {
      const counts = (data as { counts?: Record<string, Partial<Counts>> })?.counts ?? {};
      for (const [name, count] of Object.entries(counts)) {
        if (!name.endsWith(".tmpl") || name !== path.basename(name)) continue;
        const file = path.join(this.directory, name);
        const mine = this.pending.get(file) ?? { success: 0, fail: 0 };
        mine.success += wholeCount(count?.success);
        mine.fail += wholeCount(count?.fail);
        this.pending.set(file, mine);
      }
    }
    for (const file of [...this.pending.keys()]) this.writeCounts(file);
  }

  private async demote(
    file: string,
    outcome: TemplateRunOutcome,
  ): Promise<TemplateDemotion | null> {
    try {
      return await withFileLock(this.lockFile, () => {
        const written = this.writeCounts(file);
        if (
          !written ||
          this.origin(written) !== "ratchet" ||
          written.failCount < outcome.demoteAfterFailures ||
          written.failCount <= written.successCount
        )
          return null;
        const at = new Date();
        const aside = `${file}.demoted-${at.getTime()}`;
        renameSync(file, aside);
        const reason = `it failed ${written.failCount} times and succeeded ${written.successCount} (demote_after_failures = ${outcome.demoteAfterFailures})${outcome.lastError ? `; last error: ${outcome.lastError}` : ""}`;
        const demotion = {
          ...written,
          origin: "ratchet" as const,
          demotedAt: at.toISOString(),
          demotedReason: reason,
        };
        try {
          atomicWriteSync(aside, formatTemplate(demotion));
        } catch {
          // The template is set aside either way; only the file's note of why is missing.
        }
        return {
          template: written.name,
          reason,
          successCount: written.successCount,
          failCount: written.failCount,
          path: aside,
          hint: `lackpy template restore ${written.name} brings it back`,
        };
      });
    } finally {
      this.source.invalidate();
    }
  }

  /** Adds the pending counts of one file to what the file says now; a missing or broken file drops them. */
  private writeCounts(file: string): Template | null {
    const counts = this.pending.get(file);
    this.pending.delete(file);
    let text: string;
    try {
      text = readRegularFileSync(file).toString("utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    const parsed = parseTemplate(text, file);
    // A file broken since it was loaded is listed as a problem; its counts mean nothing now.
    if (!parsed.ok) return null;
    const next = { ...parsed.template };
    next.successCount += counts?.success ?? 0;
    next.failCount += counts?.fail ?? 0;
    if (counts) {
      try {
        atomicWriteSync(file, formatTemplate(next));
      } catch (error) {
        this.pending.set(file, counts);
        throw error;
      }
    }
    return next;
  }

  private info(template: LoadedTemplate): TemplateInfo {
    const counts = this.pending.get(template.file);
    return {
      name: template.name,
      pattern: template.pattern,
      successCount: template.successCount + (counts?.success ?? 0),
      failCount: template.failCount + (counts?.fail ?? 0),
      path: template.file,
      ...(template.created ? { created: template.created } : {}),
      ...(template.kit ? { kit: template.kit } : {}),
      ...(template.params ? { params: template.params } : {}),
      origin: this.origin(template),
      program: template.program,
    };
  }
}

function wholeCount(value: unknown): number {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : 0;
}
