import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import {
  formatTemplate,
  parseTemplate,
  templatesFromDirectory,
  type LoadedTemplate,
  type Template,
  type TemplateDirectory,
  type TemplateProblem,
  type TemplateSnapshot,
} from "@lackpy/infer/node";
import { atomicWriteSync } from "./atomic-write.js";
import { withFileLockSync } from "./file-lock.js";
import { checkPlainName } from "../config/plain-name.js";
import { ServiceError } from "../service-error.js";
import type { TemplateInfo } from "../service-types.js";
import { scheduleFlush, type WriteBehindTarget } from "./write-behind.js";

interface Counts {
  success: number;
  fail: number;
}

/**
 * The workspace's templates, held in memory (reloaded when `.lackpy/templates` changes), and
 * their counters: a delegate's success or failure is added in memory and written behind, under
 * the workspace lock, by re-reading each file and adding this process's counts, so concurrent
 * processes never lose each other's counts. A template that keeps failing is demoted at once.
 */
export class TemplateStore implements WriteBehindTarget {
  readonly label = "template counters";
  readonly directory: string;
  /** The in-memory directory, shared with the template tier. */
  readonly source: TemplateDirectory;
  /** The last error writing counters, until a write succeeds. */
  lastError: string | null = null;
  private readonly lackpyDirectory: string;
  private readonly lockFile: string;
  private readonly pending = new Map<string, Counts>();

  constructor(workspace: string) {
    this.lackpyDirectory = path.join(workspace, ".lackpy");
    this.directory = path.join(this.lackpyDirectory, "templates");
    this.lockFile = path.join(this.lackpyDirectory, "write.lock");
    this.source = templatesFromDirectory(this.directory, {
      displayDirectory: path.join(".lackpy", "templates"),
    });
  }

  /** The templates and problems now. */
  snapshot(): TemplateSnapshot {
    return this.source.snapshot();
  }

  /** Every usable template, with the counts not yet written included. */
  list(): TemplateInfo[] {
    return this.snapshot().templates.map((template) => this.info(template));
  }

  /** Template files that could not be used. */
  problems(): readonly TemplateProblem[] {
    return this.snapshot().problems;
  }

  /** One template by name; a broken file of that name is an `invalid_template` error naming file and line. */
  get(name: string): TemplateInfo {
    checkPlainName(name, "template");
    const { templates, problems } = this.snapshot();
    const found = templates.find((template) => template.name === name);
    if (found) return this.info(found);
    const broken = problems.find((problem) => path.basename(problem.file) === `${name}.tmpl`);
    if (broken) throw new ServiceError("invalid_template", broken.message, { hint: broken.hint });
    throw new ServiceError("unknown_template", `No template named '${name}'.`, {
      hint: templates.length
        ? `known templates: ${templates.map((template) => template.name).join(", ")}`
        : "create one with lackpy create <file> --name N --pattern P",
    });
  }

  /** Whether a template of that name, or a file for it, exists. */
  has(name: string): boolean {
    return (
      this.snapshot().templates.some((template) => template.name === name) ||
      existsSync(this.pathOf(name))
    );
  }

  /** Path of a template file by name. */
  pathOf(name: string): string {
    checkPlainName(name, "template");
    return path.join(this.directory, `${name}.tmpl`);
  }

  /** Writes a template atomically under the workspace lock; refuses an existing file unless `force`. */
  write(template: Template, options: { force: boolean }): string {
    const file = this.pathOf(template.name);
    mkdirSync(this.directory, { recursive: true });
    try {
      withFileLockSync(this.lockFile, () => {
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
    return file;
  }

  /** Counts one success or failure of a template; demotes it (renamed aside) when it keeps failing. */
  record(
    template: LoadedTemplate,
    success: boolean,
    demoteAfterFailures: number,
  ): { demoted: boolean } {
    const counts = this.pending.get(template.file) ?? { success: 0, fail: 0 };
    if (success) counts.success += 1;
    else counts.fail += 1;
    this.pending.set(template.file, counts);
    // The counts on disk now: a flush during the run may have written this process's earlier counts.
    const onDisk =
      this.snapshot().templates.find((loaded) => loaded.file === template.file) ?? template;
    const failures = onDisk.failCount + counts.fail;
    if (
      success ||
      failures < demoteAfterFailures ||
      failures <= onDisk.successCount + counts.success
    ) {
      scheduleFlush(this);
      return { demoted: false };
    }
    return { demoted: this.demote(template.file, demoteAfterFailures) };
  }

  /** Writes every pending count (under the workspace lock); see `WriteBehindTarget`. */
  flushSync(): void {
    if (this.pending.size === 0) return;
    for (const file of [...this.pending.keys()]) if (!existsSync(file)) this.pending.delete(file);
    // Templates deleted or demoted (or the whole workspace gone): nothing to write, no lock taken.
    if (this.pending.size === 0) return;
    try {
      withFileLockSync(this.lockFile, () => {
        for (const file of [...this.pending.keys()]) this.writeCounts(file);
      });
      this.lastError = null;
    } catch (error) {
      this.lastError = error instanceof Error ? error.message : String(error);
      throw error;
    } finally {
      this.source.invalidate();
    }
  }

  private demote(file: string, demoteAfterFailures: number): boolean {
    try {
      return withFileLockSync(this.lockFile, () => {
        const written = this.writeCounts(file);
        if (
          !written ||
          written.failCount < demoteAfterFailures ||
          written.failCount <= written.successCount
        )
          return false;
        renameSync(file, `${file}.demoted-${Date.now()}`);
        return true;
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
      text = readFileSync(file, "utf8");
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
      program: template.program,
    };
  }
}
