import path from "node:path";
import type { FileBefore, FileState } from "./file-state.js";
import { ToolError } from "../tool-error.js";

/** A file a run has written in its staging area: where it is, what the disk held, what the run leaves. */
export interface StagedFile {
  /** Its real absolute path (symlinks on the way resolved, as the path check gives it). */
  readonly file: string;
  /** Its workspace-relative, `/`-separated path, under the workspace's real root. */
  readonly path: string;
  /** What the disk held when the run first wrote it. */
  readonly before: FileBefore;
  /** What the run leaves in it. */
  readonly content: string;
}

/** What the run saw of a file it did not write before its last write: the landing checks it still holds that. */
export interface ReadDependency {
  /** Its workspace-relative, `/`-separated path. */
  readonly path: string;
  /** What the run read of it (or that it found it missing). */
  readonly expected: FileState;
}

/** A listing the run took of the disk (`list_folder`, `find_files`): which files it would show, and which it showed. */
export interface DiskListing {
  /** True when the listing would have shown the file at this real path (workspace-relative `relative`) had it been there. */
  shows(file: string, relative: string): boolean;
  /** True when it showed it. */
  has(file: string, relative: string): boolean;
  /** The listing as the landing takes it again (decision 160). */
  check?: ListingCheck;
}

/**
 * A listing of the disk a run took (`find_files` and the bulk tools over its walk, `list_folder`),
 * kept so the landing can take it again (decision 160): every file it would have shown and did
 * not was found missing, and a run's writes may stand on that.
 */
export interface ListingCheck {
  /** `walk`: a glob walk; `folder`: one folder's entries. */
  kind: "walk" | "folder";
  /** The glob (`walk`) or the folder (`folder`), as the call gave it. */
  target: string;
  /** The walk's call options that change what it shows. */
  options?: { include_ignored?: true; hidden?: true };
  /** The workspace-relative paths it showed on the disk (for `folder`, files and folders). */
  shown: string[];
}

/** The most file content one run may stage, before-images' text included (256 MiB). */
export const MAX_STAGED_BYTES = 256 * 1024 * 1024;

/**
 * The staging area of one run: the builtin file tools write here instead of the disk, and read
 * through it, so a later `read_file` sees what the run wrote and `find_files` finds the files it
 * created. Every write is checked before it is staged exactly as a direct write is (the one path
 * check, read-only files, folders); the host applies the staged files when the run
 * succeeds, or drops them. Keyed by real path, so two paths to one file (a symlink) stage one file.
 * It also keeps what the run first read of each file from the disk (`noteRead`): a file is
 * written from what the run read, so a write finding the disk changed since is refused
 * (`stageTextFile`), and the change never lands over another's (a lost update). A file a listing
 * of the disk would have shown and did not counts as read missing. The files the run read (and
 * did not write) before its last write are what its writes may be made from: the landing checks
 * they still hold what was read (`readsBeforeLastWrite`), and that the listings it took before
 * then show no file they did not (`listingsBeforeLastWrite`).
 * A run that can write no file (its program calls no tool that changes anything) gets a
 * read-only area (`writes: false`): nothing is staged in it and no read or listing is noted, so
 * such a run pays for no hash of what it reads.
 * Once sealed (the run is over), nothing more is staged. The staged content (and the text of the
 * before-images) is held in the host's memory, so it is bounded: past `maxBytes` a write is
 * refused with `too_large`.
 */
export class FileStaging {
  readonly #files = new Map<string, StagedFile>();
  /** The real paths staged, in the order they were first staged. */
  readonly #order: string[] = [];
  /** What the run first read of each file from the disk, by real path. */
  readonly #read = new Map<string, FileState>();
  /** How many of `#read`'s entries (in the order they were first read) came before the last write. */
  #readsBeforeLastWrite = 0;
  readonly #listings: DiskListing[] = [];
  /** How many of `#listings` came before the last write. */
  #listingsBeforeLastWrite = 0;
  readonly #maxBytes: number;
  #bytes = 0;
  #sealed = false;
  /** False for a run that can write no file: reads are not noted, and nothing can be staged. */
  readonly writes: boolean;

  constructor(options: { maxBytes?: number; writes?: boolean } = {}) {
    this.#maxBytes = options.maxBytes ?? MAX_STAGED_BYTES;
    this.writes = options.writes ?? true;
  }

  /** The staged file at a real path. */
  get(file: string): StagedFile | undefined {
    return this.#files.get(file);
  }

  /** Notes what the run read of a file from the disk (`state` of its bytes); the first read counts. */
  noteRead(file: string, state: FileState): void {
    if (this.writes && !this.#read.has(file)) this.#read.set(file, state);
  }

  /** Notes a listing the run took of the disk: a file it would have shown and did not was missing. */
  noteListing(listing: DiskListing): void {
    if (this.writes) this.#listings.push(listing);
  }

  /**
   * What the run first read of the file at a real path (workspace-relative `relative`) from the
   * disk, if it read it there; missing when a listing would have shown it and did not.
   */
  readState(file: string, relative?: string): FileState | undefined {
    const read = this.#read.get(file);
    if (read || relative === undefined) return read;
    for (const listing of this.#listings)
      if (listing.shows(file, relative) && !listing.has(file, relative)) return { exists: false };
    return undefined;
  }

  /**
   * The files the run read from the disk before its last write, as `path`s relative to the
   * workspace's real root `realRoot`, with what it read: what its writes may be made from.
   */
  readsBeforeLastWrite(realRoot: string): ReadDependency[] {
    return [...this.#read.entries()]
      .slice(0, this.#readsBeforeLastWrite)
      .map(([file, expected]) => ({
        path: path.relative(realRoot, file).split(path.sep).join("/"),
        expected,
      }));
  }

  /**
   * The listings the run took of the disk before its last write: every file one would have shown
   * and did not was found missing, and its writes may stand on that (decision 160).
   */
  listingsBeforeLastWrite(): ListingCheck[] {
    return this.#listings
      .slice(0, this.#listingsBeforeLastWrite)
      .flatMap((listing) => (listing.check ? [listing.check] : []));
  }

  /** How many files are staged. */
  get size(): number {
    return this.#files.size;
  }

  /** The real paths of the files staged after the first `count` (in the order they were first staged). */
  realPathsSince(count: number): string[] {
    return this.#order.slice(count);
  }

  /** Every staged file, sorted by path. */
  list(): StagedFile[] {
    return [...this.#files.values()].sort((left, right) =>
      left.path < right.path ? -1 : left.path > right.path ? 1 : 0,
    );
  }

  /** True when a staged file lies under the real path `folder` (the run made it a folder). */
  hasFilesUnder(folder: string): boolean {
    const prefix = folder.endsWith(path.sep) ? folder : folder + path.sep;
    for (const file of this.#files.keys()) if (file.startsWith(prefix)) return true;
    return false;
  }

  /** The staged file that is the real path `file` or one of its folders, other than `file` itself. */
  fileAbove(file: string): StagedFile | undefined {
    for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
      const found = this.#files.get(folder);
      if (found) return found;
      if (path.dirname(folder) === folder) return undefined;
    }
  }

  /** Stages a file's content; `before` is what the disk held when the run first wrote it. */
  stage(file: string, relative: string, before: FileBefore, content: string): void {
    // A run set up as read-only noted none of its reads: a write could not be checked against them.
    if (!this.writes)
      throw new ToolError(
        "write_failed",
        `This run was set up to change no file, so '${relative}' was not written.`,
        { hint: "run the program again; its writes are checked against what it read" },
      );
    if (this.#sealed)
      throw new ToolError(
        "aborted",
        `The run ended before '${relative}' was written; nothing was changed.`,
        { hint: "ask for less work per tool call" },
      );
    const staged = this.#files.get(file);
    const kept = staged?.before ?? before;
    const bytes =
      this.#bytes -
      (staged ? sizeOf(staged.content) + sizeOf(staged.before.text) : 0) +
      sizeOf(content) +
      sizeOf(kept.text);
    if (bytes > this.#maxBytes)
      throw new ToolError(
        "too_large",
        `Writing '${relative}' would hold ${bytes} bytes of changed files in this run; a run may change at most ${this.#maxBytes} bytes of files.`,
        { hint: "change fewer or smaller files per run" },
      );
    this.#bytes = bytes;
    this.#readsBeforeLastWrite = this.#read.size;
    this.#listingsBeforeLastWrite = this.#listings.length;
    if (!staged) this.#order.push(file);
    this.#files.set(file, { file, path: relative, before: kept, content });
  }

  /** Ends staging: the run is over, and later writes (a tool left running) are refused. */
  seal(): void {
    this.#sealed = true;
  }
}

/** A text's size as held: two bytes a UTF-16 code unit (0 for none). */
function sizeOf(text: string | null): number {
  return text === null ? 0 : text.length * 2;
}

/** The staging area of a tool call's `this`, when the host passed one. */
export function stagingOf(context: unknown): FileStaging | undefined {
  const staging = (context as { staging?: unknown } | null | undefined)?.staging;
  return staging instanceof FileStaging ? staging : undefined;
}
