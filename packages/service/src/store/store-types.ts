/**
 * The template, ratchet and change store behind one interface. Two backends implement it: the files of
 * a workspace's `.lackpy/` folder (the default; one machine, counters written behind under the
 * workspace lock) and Postgres (one database shared by every instance, scoped by a workspace
 * key). Tier 0 reads templates from memory in both (`snapshot()`, an index built once per
 * change); `refresh()` is where a shared backend brings that memory up to date.
 */
import type {
  LoadedTemplate,
  Template,
  TemplateOrigin,
  TemplateSnapshot,
} from "@lackpy/infer/node";
import type { ChangeStores } from "./change-store-types.js";
import type { PromotionFailure, RatchetEntry, RecentDelegate } from "./ratchet-file.js";

/** A ratchet template set aside because it kept failing (`lackpy template restore` brings it back). */
export interface TemplateDemotion {
  template: string;
  /** Why, in words: its counts, the threshold, and the last error. */
  reason: string;
  successCount: number;
  failCount: number;
  /** The file it was renamed to (`<name>.tmpl.demoted-<ms>`). */
  path: string;
  /** How to bring it back. */
  hint: string;
}

/** A template as listed by `templates()`. */
export interface TemplateInfo {
  name: string;
  pattern: string | null;
  successCount: number;
  failCount: number;
  path: string;
  created?: string;
  kit?: string;
  /** Request parameters the program reads besides the pattern's placeholders. */
  params?: string[];
  /** Who wrote it: a person (`lackpy create`, a file placed by hand; never demoted) or the ratchet. */
  origin: TemplateOrigin;
  program: string;
}

/** A template the ratchet set aside, as `template list` and `status` show it. */
export interface DemotedTemplateInfo {
  name: string;
  pattern: string | null;
  successCount: number;
  failCount: number;
  origin: TemplateOrigin;
  /** The demoted file. */
  path: string;
  demotedAt: string;
  reason: string;
  program: string;
}

/** Which backend keeps a workspace's templates and ratchet history. */
export type StoreBackend = "files" | "postgres";

/** What `record` is told about one run of a template. */
export interface TemplateRunOutcome {
  success: boolean;
  /** Failures after which a ratchet template that fails more than it succeeds is set aside. */
  demoteAfterFailures: number;
  /** The run's error, for the demotion's reason (`code: message`). */
  lastError?: string;
}

/** One request as the ratchet tells requests apart: the intent, the kit, and the request's params. */
export interface RatchetRequest {
  intent: string;
  kit: string;
  /** Request parameter values (secret ones by name only); the same intent with other values is another request. */
  params?: Readonly<Record<string, unknown>>;
}

/** What `recordSuccess` returns: the program's entry, and whether recent answers to the request agree. */
export interface RatchetRecord {
  entry: RatchetEntry;
  /**
   * True when the request's last `window` successful model answers (any program; fewer when
   * there are fewer) all had this run's output. A model that answers the same request
   * differently is not trusted to be right.
   */
  agreed: boolean;
  /** How many of the latest answers in a row had this run's output (this one included). */
  agreeingRuns: number;
}

/** A workspace's templates and their counters, wherever they are kept. */
export interface TemplateStore {
  /** The last error writing counters, until a write succeeds. */
  readonly lastError: string | null;
  /**
   * Brings the templates in memory up to date before tier 0 matches: a no-op for files (the
   * snapshot checks the folder itself); a shared backend asks for what changed since.
   */
  refresh(): Promise<void>;
  /** The templates in memory, indexed for matching: tier 0's path, no I/O. */
  snapshot(): TemplateSnapshot;
  /** How a template is named in messages (`.lackpy/templates/x.tmpl`, `postgres:acme-api/x`). */
  where(template: LoadedTemplate): string;
  /** Who wrote a template. */
  origin(template: Pick<Template, "name" | "origin">): TemplateOrigin;
  /** Every usable template, with counts as the store holds them now. */
  list(): Promise<TemplateInfo[]>;
  /** One template by name; `unknown_template` (or `invalid_template` for a broken file) otherwise. */
  get(name: string): Promise<TemplateInfo>;
  /** Whether a template of that name exists. */
  has(name: string): Promise<boolean>;
  /** Saves a template; `template_exists` unless `force`. Returns where it was saved. */
  write(template: Template, options: { force: boolean }): Promise<string>;
  /** Counts one run of a template; sets a failing ratchet template aside, and says so. */
  record(template: LoadedTemplate, outcome: TemplateRunOutcome): Promise<TemplateDemotion | null>;
  /** Templates the ratchet set aside, oldest first. */
  demoted(): Promise<DemotedTemplateInfo[]>;
  /** Puts the latest demoted template of that name back, failure count 0. */
  restore(name: string): Promise<TemplateInfo & { restoredFrom: string }>;
  /**
   * Whether a person stands behind the template, so that it may answer with a program that
   * changes something (decision 91): a workspace's template files come with the folder. Absent:
   * every template is (a shared database is the team's, an app's store is the app's).
   */
  approved?(template: LoadedTemplate): boolean;
}

/** The person's approvals of a workspace's template files (kept outside the workspace: `TemplateApprovals`). */
export interface TemplateApprover {
  has(template: Pick<Template, "name" | "pattern" | "program">): boolean;
  approve(templates: Iterable<Pick<Template, "name" | "pattern" | "program">>): void;
}

/** The ratchet's history: successes of model programs, agreement of answers, failed promotions, recent tiers. */
export interface RatchetStore {
  /** The last error reading or writing the history, until a write succeeds. */
  readonly lastError: string | null;
  /** Records one success of `program` with `output`; `window` is how many latest answers must agree. */
  recordSuccess(
    request: RatchetRequest,
    program: string,
    output: unknown,
    window: number,
  ): Promise<RatchetRecord>;
  /** Marks an entry as promoted to the named template, and forgets the request's failed promotion. */
  markPromoted(request: RatchetRequest, program: string, template: string): Promise<void>;
  /** Records why a promotion failed, until the request is promoted. */
  recordFailure(
    request: RatchetRequest,
    failure: Omit<PromotionFailure, "intent" | "kit" | "at">,
  ): Promise<void>;
  /** Remembers which tier answered a delegate (null: none did), for `status`. */
  recordDelegate(tier: string | null, success: boolean): Promise<void>;
  /** Failed promotions, oldest first. */
  failures(): Promise<PromotionFailure[]>;
  /** Every program entry. */
  entries(): Promise<RatchetEntry[]>;
  /** The latest delegates, oldest first. */
  recent(): Promise<readonly RecentDelegate[]>;
  /** Keeps an error of the ratchet's for `status`. */
  noteError(error: unknown): void;
}

/** Whether a store can serve now (`/readyz`), and what it is, without secrets. */
export interface StoreHealth {
  ready: boolean;
  backend: StoreBackend;
  /** Where it keeps things: a folder, or the database's URL without its password. */
  location: string;
  /** The workspace key in a shared store; null for files. */
  workspace: string | null;
  /** Why it is not ready. */
  error?: string;
}

/** Whether a rate bucket let a request through, or how long until it would. */
/** A take's answer: granted (`granted` requests, 1 unless more were asked for), or the seconds until one is back. */
export type RateDecision =
  { ok: true; granted?: number } | { ok: false; retryAfterSeconds: number };

/**
 * Token buckets every instance sharing a store sees the same (per-caller rate limits of a team
 * server): each holds `burst` requests and refills `perMinute` a minute.
 */
export interface RateBuckets {
  /**
   * Takes one request from `key`'s bucket, atomically across instances; with `most`, as many
   * whole requests as the bucket holds, up to `most` (`granted`; a lease an instance hands out).
   * `giveBack` whole requests, taken before and never granted (a lapsed lease's), go back into the
   * bucket first (never above `burst`), in the same atomic step.
   */
  take(
    key: string,
    limit: { perMinute: number; burst: number },
    most?: number,
    giveBack?: number,
  ): Promise<RateDecision>;
}

/** A workspace's store: its templates and ratchet history, one backend for both. */
export interface WorkspaceStore {
  readonly backend: StoreBackend;
  /** Where it keeps things, without secrets. */
  readonly location: string;
  /** The workspace key in a shared store; null for files. */
  readonly workspace: string | null;
  readonly templates: TemplateStore;
  readonly history: RatchetStore;
  /** Dry runs waiting for `applyChanges`, and the runs `undo` can take back, for every instance. */
  readonly changes: ChangeStores;
  /** Rate buckets shared by every instance on this store; absent for files (one machine, counted in memory). */
  readonly rates?: RateBuckets;
  /** Whether it can serve now: files while the workspace is there; a database when it answers and is migrated. */
  check(): Promise<StoreHealth>;
  /** Before listings: merges what other processes left to merge (files' side files); a no-op elsewhere. */
  mergeUnmerged(): Promise<void>;
  /** Writes what waits in memory (files write behind; a database is written at once). */
  flush(): Promise<void>;
  /** `flush`, then releases connections. */
  close(): Promise<void>;
}
