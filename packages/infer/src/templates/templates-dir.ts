/**
 * A directory of `.tmpl` files held in memory. Loading is synchronous and cheap when nothing
 * changed: the folder's own mtime is checked on every load (adding, removing or atomically
 * replacing a file changes it), and every file's signature (mtime, ctime, size, inode) from time
 * to time too, for editors that rewrite a file in place: at most every `recheckMs`, and no more
 * often than 20 times the last check took, so that checking thousands of files costs a few per
 * cent of a busy process. Only changed files are read again. With `indexFile`, what each file
 * held is also kept on disk (`template-index-file.ts`), so a new process reads only the files
 * that changed since. No watcher and no timer: nothing here keeps a process alive.
 */
import { monotonicMs } from "@lackpy/lang";
import { readdirSync, statSync } from "node:fs";
import { readRegularFileSync } from "@lackpy/kit/node";
import path from "node:path";
import { parseTemplate, type Template, type TemplateProblem } from "./template.js";
import {
  readTemplateIndex,
  rowWords,
  writeTemplateIndex,
  type FileSignature,
  type IndexedTemplateFile,
  type IndexRow,
} from "./template-index-file.js";
import { TemplateIndex, type PatternWords } from "./template-index.js";
import type { TemplateSet, TemplateSource } from "./templates-provider.js";

/** A template read from a file: the file's absolute path and the line its program starts on. */
export interface LoadedTemplate extends Template {
  file: string;
  programLine: number;
}

/** The templates of a directory at one moment, indexed for matching; `version` changes whenever they do. */
export interface TemplateSnapshot extends TemplateSet<LoadedTemplate> {
  version: number;
  /** The same templates, indexed by the words of their patterns (`index.match`, `index.get`). */
  index: TemplateIndex<LoadedTemplate>;
}

/** Options of `templatesFromDirectory`. */
export interface TemplateDirectoryOptions {
  /** How the directory is named in problems (e.g. `.lackpy/templates`); its absolute path by default. */
  displayDirectory?: string;
  /**
   * At most this often every file is checked for in-place edits (default 100 ms; 0: on every
   * load), and no more often than 20 times the last check took; the folder is checked on every load.
   */
  recheckMs?: number;
  /**
   * Where to keep the index of what each file held, for the next process (outside the
   * directory; e.g. `.lackpy/templates.index`). Written only when at least
   * `indexAfterChanges` files differ from it, and only in a folder that exists.
   */
  indexFile?: string;
  /** How many files must differ from the index file before it is written again (default 32). */
  indexAfterChanges?: number;
  /** The wall clock in ms since the epoch, to judge whether a file changed too recently to index (tests move it). */
  now?: () => number;
}

interface FileState {
  /** Null when the file was gone by the time it was looked at. */
  signature: FileSignature | null;
  template: LoadedTemplate | null;
  problem: TemplateProblem | null;
  /** The line of the `name:` key, for duplicate names. */
  nameLine: number;
  /**
   * Whether what was read may go in the index file: the file had not changed for `RACY_MS`
   * before its signature was taken (a file changed again within its timestamp's resolution could
   * keep its signature), and it could be read.
   */
  indexable: boolean;
  /** Its pattern's words, when the index file had them. */
  words?: PatternWords | null;
}

const DEFAULT_RECHECK_MS = 100;
/** The checks of every file take at most about 1/20 of the time. */
const RECHECK_COST_FACTOR = 20;
const DEFAULT_INDEX_AFTER_CHANGES = 32;
/**
 * A file whose mtime or ctime is this close to when its signature was taken is not indexed:
 * covers file systems whose timestamps are as coarse as 2 s.
 */
const RACY_MS = 2000;

/** A directory of templates kept in memory and reloaded when it changes. */
export class TemplateDirectory implements TemplateSource {
  private readonly displayDirectory: string;
  private readonly recheckMs: number;
  private readonly indexFile: string | null;
  private readonly indexAfterChanges: number;
  private readonly now: () => number;
  /** The directory with a separator at the end, to name its files. */
  private readonly prefix: string;
  private files = new Map<string, FileState>();
  private folderStamp: string | null = null;
  private checkedAt = -Infinity;
  private recheckAfterMs: number;
  private current: TemplateSnapshot = {
    templates: [],
    problems: [],
    version: 0,
    index: TemplateIndex.build([]),
  };
  /** The rows of the index file, as read or last written (null until it was looked for). */
  private indexed: ReadonlyMap<string, IndexRow> | null = null;

  constructor(
    readonly directory: string,
    options: TemplateDirectoryOptions = {},
  ) {
    this.displayDirectory = options.displayDirectory ?? directory;
    this.recheckMs = options.recheckMs ?? DEFAULT_RECHECK_MS;
    this.recheckAfterMs = this.recheckMs;
    this.indexFile = options.indexFile ?? null;
    this.indexAfterChanges = options.indexAfterChanges ?? DEFAULT_INDEX_AFTER_CHANGES;
    this.now = options.now ?? Date.now;
    this.prefix = path.join(directory, path.sep);
  }

  /** The current templates and problems, reloading what changed on disk. */
  snapshot(): TemplateSnapshot {
    const stamp = folderStamp(this.directory);
    const now = monotonicMs();
    if (stamp === this.folderStamp && now - this.checkedAt < this.recheckAfterMs)
      return this.current;
    this.folderStamp = stamp;
    const checkMs = this.rescan();
    this.checkedAt = monotonicMs();
    this.recheckAfterMs =
      this.recheckMs === 0 ? 0 : Math.max(this.recheckMs, RECHECK_COST_FACTOR * checkMs);
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

  /** Looks at every file, reads those that changed; returns how long the looking took (reading and indexing left out), in ms. */
  private rescan(): number {
    const startedMs = monotonicMs();
    let otherMs = 0;
    let names: string[];
    const problems: TemplateProblem[] = [];
    let listed = true;
    try {
      names = readdirSync(this.directory)
        .filter((name) => name.endsWith(".tmpl"))
        .sort();
    } catch (error) {
      names = [];
      listed = false;
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT")
        problems.push(unreadable(this.displayDirectory, `cannot list the directory (${code}).`));
    }
    // Before any signature is taken, so a file that changes during the scan is judged recent.
    const scanStartedMs = this.now();
    // Every signature first, before the index file's rows are in memory: each `Stats` is garbage
    // at once, and collecting it is cheap while little else lives.
    const signatures = new Float64Array(names.length * 4).fill(NaN);
    for (let at = 0; at < names.length; at++) {
      const info = statSync(this.prefix + names[at], { throwIfNoEntry: false });
      if (!info) continue;
      signatures[at * 4] = info.mtimeMs;
      signatures[at * 4 + 1] = info.ctimeMs;
      signatures[at * 4 + 2] = info.size;
      signatures[at * 4 + 3] = info.ino;
    }
    if (this.indexFile && this.indexed === null && names.length > 0) {
      const readingStartedMs = monotonicMs();
      this.takeIndexFile();
      otherMs += monotonicMs() - readingStartedMs;
    }
    let changed = names.length !== this.files.size || problems.length > 0;
    const next = new Map<string, FileState>();
    for (let at = 0; at < names.length; at++) {
      const name = names[at]!;
      const file = this.prefix + name;
      const known = this.files.get(name) ?? this.fromIndex(name, file, signatures, at);
      if (known && isSignatureAt(known.signature, signatures, at)) {
        next.set(name, known);
        if (!this.files.has(name)) changed = true;
        continue;
      }
      changed = true;
      const signature = signatureAt(signatures, at);
      const readingStartedMs = monotonicMs();
      const state = this.read(name, file, signature);
      otherMs += monotonicMs() - readingStartedMs;
      state.indexable &&=
        signature !== null && Math.max(signature[0], signature[1]) <= scanStartedMs - RACY_MS;
      next.set(name, state);
    }
    this.files = next;
    const checkMs = monotonicMs() - startedMs - otherMs;
    if (!changed && this.current.version > 0) return checkMs;
    const templates: LoadedTemplate[] = [];
    const owners = new Map<string, string>();
    const known: Array<PatternWords | null | undefined> = [];
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
      known.push(state.words);
    }
    this.current = {
      templates,
      problems,
      version: this.current.version + 1,
      index: TemplateIndex.build(templates, {
        previous: this.current.index,
        known: (_template, position) => known[position] ?? undefined,
      }),
    };
    if (listed) this.updateIndexFile();
    return checkMs;
  }

  /** Reads the index file once, at the first scan that finds templates. */
  private takeIndexFile(): void {
    this.indexed = readTemplateIndex(this.indexFile!, this.displayDirectory) ?? new Map();
  }

  /** What the index file says a file held, when the file's signature is still the one recorded. */
  private fromIndex(
    name: string,
    file: string,
    signatures: Float64Array,
    at: number,
  ): FileState | null {
    const row = this.indexed?.get(name);
    if (!row || !isSignatureAt(row[1], signatures, at)) return null;
    // The row's own object becomes the loaded template (no copy: a process may load thousands).
    const template = row[4] as LoadedTemplate | null;
    if (template) {
      template.file = file;
      template.programLine = row[3];
    }
    return {
      signature: row[1],
      template,
      problem: row[5],
      nameLine: row[2],
      indexable: true,
      words: rowWords(row),
    };
  }

  /** Writes the index file again when enough files differ from it (and what differs can be indexed). */
  private updateIndexFile(): void {
    if (!this.indexFile) return;
    this.indexed ??= new Map();
    let differing = 0;
    let kept = 0;
    for (const [name, state] of this.files) {
      const row = this.indexed.get(name);
      if (row) kept++;
      if (state.indexable && !sameSignature(row?.[1], state.signature)) differing++;
    }
    // Rows of files that are gone.
    differing += this.indexed.size - kept;
    if (differing < this.indexAfterChanges) return;
    const rows: IndexedTemplateFile[] = [];
    for (const [name, state] of this.files) {
      if (!state.indexable || !state.signature) continue;
      let template: Template | null = null;
      let programLine = 0;
      if (state.template) {
        const { file: _file, programLine: line, ...saved } = state.template;
        template = saved;
        programLine = line;
      }
      rows.push({
        name,
        signature: state.signature,
        nameLine: state.nameLine,
        programLine,
        template,
        problem: state.problem,
        words: (state.template && this.current.index.wordsOf(state.template)) ?? null,
      });
    }
    const written = writeTemplateIndex(this.indexFile, this.displayDirectory, rows);
    if (written) this.indexed = new Map(written.map((row) => [row[0], row]));
  }

  private read(name: string, file: string, signature: FileSignature | null): FileState {
    const display = this.displayName(name);
    let text: string;
    try {
      text = readRegularFileSync(file).toString("utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const problem = unreadable(display, `cannot read (${code}).`);
      return { signature, template: null, problem, nameLine: 1, indexable: false };
    }
    const parsed = parseTemplate(text, display);
    if (!parsed.ok)
      return { signature, template: null, problem: parsed.error, nameLine: 1, indexable: true };
    return {
      signature,
      template: { ...parsed.template, file, programLine: parsed.programLine },
      problem: null,
      nameLine: text.split(/\r?\n/).findIndex((line) => /^name\s*:/.test(line)) + 1 || 1,
      indexable: true,
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

/** The signature at `at` in a scan's signatures (four numbers a file; NaN: the file was gone). */
function signatureAt(signatures: Float64Array, at: number): FileSignature | null {
  const mtimeMs = signatures[at * 4]!;
  if (Number.isNaN(mtimeMs)) return null;
  return [mtimeMs, signatures[at * 4 + 1]!, signatures[at * 4 + 2]!, signatures[at * 4 + 3]!];
}

/** Whether the signature is the one at `at` in a scan's signatures (both missing counts as the same). */
function isSignatureAt(
  signature: FileSignature | null,
  signatures: Float64Array,
  at: number,
): boolean {
  if (!signature) return Number.isNaN(signatures[at * 4]!);
  return (
    signature[0] === signatures[at * 4] &&
    signature[1] === signatures[at * 4 + 1] &&
    signature[2] === signatures[at * 4 + 2] &&
    signature[3] === signatures[at * 4 + 3]
  );
}

function sameSignature(a: FileSignature | null | undefined, b: FileSignature | null): boolean {
  return a === b || (!!a && !!b && a.every((part, at) => part === b[at]));
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
