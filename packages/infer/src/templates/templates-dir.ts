/**
 * A directory of `.tmpl` files held in memory. Loading is synchronous and cheap when nothing
 * changed: the folder's own mtime is checked on every load (adding, removing or atomically
 * replacing a file changes it), and at most every `recheckMs` each file's mtime, size and inode
 * are checked too, for editors that rewrite a file in place. Only changed files are read again.
 * No watcher and no timer: nothing here keeps a process alive.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseTemplate, type Template, type TemplateProblem } from "./template.js";
import type { TemplateSet, TemplateSource } from "./templates-provider.js";

/** A template read from a file: the file's absolute path and the line its program starts on. */
export interface LoadedTemplate extends Template {
  file: string;
  programLine: number;
}

/** The templates of a directory at one moment; `version` changes whenever they do. */
export interface TemplateSnapshot extends TemplateSet<LoadedTemplate> {
  version: number;
}

/** Options of `templatesFromDirectory`. */
export interface TemplateDirectoryOptions {
  /** How the directory is named in problems (e.g. `.lackpy/templates`); its absolute path by default. */
  displayDirectory?: string;
  /** At most this often every file is checked for in-place edits (default 100 ms); the folder is checked on every load. */
  recheckMs?: number;
}

interface FileState {
  signature: string;
  template: LoadedTemplate | null;
  problem: TemplateProblem | null;
  /** The line of the `name:` key, for duplicate names. */
  nameLine: number;
}

const DEFAULT_RECHECK_MS = 100;

/** A directory of templates kept in memory and reloaded when it changes. */
export class TemplateDirectory implements TemplateSource {
  private readonly displayDirectory: string;
  private readonly recheckMs: number;
  private files = new Map<string, FileState>();
  private folderStamp: string | null = null;
  private checkedAt = -Infinity;
  private current: TemplateSnapshot = { templates: [], problems: [], version: 0 };

  constructor(
    readonly directory: string,
    options: TemplateDirectoryOptions = {},
  ) {
    this.displayDirectory = options.displayDirectory ?? directory;
    this.recheckMs = options.recheckMs ?? DEFAULT_RECHECK_MS;
  }

  /** The current templates and problems, reloading what changed on disk. */
  snapshot(): TemplateSnapshot {
    const stamp = folderStamp(this.directory);
    const now = performance.now();
    if (stamp === this.folderStamp && now - this.checkedAt < this.recheckMs) return this.current;
    this.checkedAt = now;
    this.folderStamp = stamp;
    this.rescan();
    return this.current;
  }

  /** Same as `snapshot`, for the `TemplateSource` interface. */
  async load(): Promise<TemplateSnapshot> {
    return this.snapshot();
  }

  /** Forgets what was checked, so the next load looks at every file (after this process wrote one). */
  invalidate(): void {
    this.folderStamp = null;
  }

  private rescan(): void {
    let names: string[];
    const problems: TemplateProblem[] = [];
    try {
      names = readdirSync(this.directory)
        .filter((name) => name.endsWith(".tmpl"))
        .sort();
    } catch (error) {
      names = [];
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT")
        problems.push(unreadable(this.displayDirectory, `cannot list the directory (${code}).`));
    }
    let changed = names.length !== this.files.size || problems.length > 0;
    const next = new Map<string, FileState>();
    for (const name of names) {
      const file = path.join(this.directory, name);
      const info = statSync(file, { throwIfNoEntry: false });
      const signature = info ? `${info.mtimeMs}:${info.size}:${info.ino}` : "missing";
      const known = this.files.get(name);
      if (known && known.signature === signature) {
        next.set(name, known);
        continue;
      }
      changed = true;
      next.set(name, this.read(name, file, signature));
    }
    this.files = next;
    if (!changed && this.current.version > 0) return;
    const templates: LoadedTemplate[] = [];
    const owners = new Map<string, string>();
    for (const [name, state] of next) {
      if (state.problem) problems.push(state.problem);
      if (!state.template) continue;
      const owner = owners.get(state.template.name);
      if (owner) {
        problems.push(duplicate(this.displayName(name), state, owner));
        continue;
      }
      owners.set(state.template.name, name);
      templates.push(state.template);
    }
    this.current = { templates, problems, version: this.current.version + 1 };
  }

  private read(name: string, file: string, signature: string): FileState {
    const display = this.displayName(name);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const problem = unreadable(display, `cannot read (${code}).`);
      return { signature, template: null, problem, nameLine: 1 };
    }
    const parsed = parseTemplate(text, display);
    if (!parsed.ok) return { signature, template: null, problem: parsed.error, nameLine: 1 };
    return {
      signature,
      template: { ...parsed.template, file, programLine: parsed.programLine },
      problem: null,
      nameLine: text.split(/\r?\n/).findIndex((line) => /^name\s*:/.test(line)) + 1 || 1,
    };
  }

  private displayName(name: string): string {
    return path.join(this.displayDirectory, name);
  }
}

/** Templates from a directory of `.tmpl` files, held in memory and reloaded when it changes. */
export function templatesFromDirectory(
  directory: string,
  options: TemplateDirectoryOptions = {},
): TemplateDirectory {
  return new TemplateDirectory(directory, options);
}

function folderStamp(directory: string): string {
  const info = statSync(directory, { throwIfNoEntry: false });
  return info ? `${info.mtimeMs}:${info.ino}` : "missing";
}

function unreadable(file: string, message: string): TemplateProblem {
  return {
    code: "unreadable_template",
    file,
    line: 1,
    message: `${file}:1: ${message}`,
    hint: "check the file's permissions, or move it out of the templates directory",
  };
}

function duplicate(file: string, state: FileState, owner: string): TemplateProblem {
  const line = state.nameLine;
  return {
    code: "duplicate_template",
    file,
    line,
    message: `${file}:${line}: the name '${state.template!.name}' is already used by ${owner}.`,
    hint: "give each template its own name",
  };
}
