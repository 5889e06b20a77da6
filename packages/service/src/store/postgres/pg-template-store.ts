/**
 * Templates in Postgres, scoped by the workspace key, with tier 0 served from memory. Every
 * change to the set of templates (a write, a demotion, a restore) bumps the workspace's
 * `revision` in the same transaction and stamps the rows it changed with it; the workspace row's
 * lock orders those transactions, so an instance that reads revision R and then the rows
 * stamped above what it knew has every change up to R. `refresh()` does that before each
 * request that tier 0 answers (one indexed read when nothing changed, and one read shared by
 * the requests that arrive while it runs), so a template promoted on one instance is served by
 * every other on its next request. Counters are single-statement increments (exact under any
 * concurrency) and do not touch the revision.
 */
import {
  PATTERN_HINT,
  patternProblem,
  TemplateIndex,
  type LoadedTemplate,
  type Template,
  type TemplateOrigin,
  type TemplateProblem,
  type TemplateSnapshot,
} from "@lackpy/infer/node";
import type { PoolClient } from "pg";
import { checkPlainName } from "../../config/plain-name.js";
import { ServiceError } from "../../service-error.js";
import type {
  DemotedTemplateInfo,
  TemplateDemotion,
  TemplateInfo,
  TemplateRunOutcome,
  TemplateStore,
} from "../store-types.js";
import type { PgConnection } from "./pg-connection.js";

/** A row of `lackpy_templates`. */
interface TemplateRow {
  id: string;
  name: string;
  pattern: string | null;
  program: string;
  kit: string | null;
  params: string[] | null;
  origin: TemplateOrigin;
  created: string | null;
  success_count: string;
  fail_count: string;
  demoted_at: Date | null;
  demoted_reason: string | null;
  revision: string;
}

const COLUMNS =
  "id, name, pattern, program, kit, params, origin, created, success_count, fail_count, demoted_at, demoted_reason, revision";

/** The templates of one workspace in a Postgres store. */
export class PostgresTemplateStore implements TemplateStore {
  lastError: string | null = null;
  /** Active templates by row id. */
  private readonly active = new Map<string, LoadedTemplate>();
  private revision = -1;
  private current: TemplateSnapshot = {
    templates: [],
    problems: [],
    version: 0,
    index: TemplateIndex.build<LoadedTemplate>([]),
  };
  /** Requests that asked for a refresh, and how many of them the last finished read covers. */
  private arrivals = 0;
  private covered = 0;
  private reading: Promise<void> | null = null;

  constructor(private readonly connection: PgConnection) {}

  /**
   * Makes memory current for this request: waits for a read that started after it arrived
   * (joining one in flight only if it started later), so no change committed before the
   * request is missed, and concurrent requests share one read.
   */
  async refresh(): Promise<void> {
    const ticket = ++this.arrivals;
    while (this.covered < ticket) {
      if (!this.reading) {
        const upTo = this.arrivals;
        this.reading = this.pull()
          .then(() => {
            this.covered = Math.max(this.covered, upTo);
          })
          .finally(() => {
            this.reading = null;
          });
      }
      await this.reading;
    }
  }

  snapshot(): TemplateSnapshot {
    return this.current;
  }

  where(template: LoadedTemplate): string {
    return template.file;
  }

  origin(template: Pick<Template, "name" | "origin">): TemplateOrigin {
    return template.origin ?? "person";
  }

  async list(): Promise<TemplateInfo[]> {
    const id = await this.connection.workspaceId();
    const rows = await this.connection.query<TemplateRow>(
      `SELECT ${COLUMNS} FROM lackpy_templates
       WHERE workspace_id = $1 AND demoted_at IS NULL ORDER BY name`,
      [id],
    );
    return rows.map((row) => this.info(row));
  }

  async get(name: string): Promise<TemplateInfo> {
    checkPlainName(name, "template");
    const id = await this.connection.workspaceId();
    const [row] = await this.connection.query<TemplateRow>(
      `SELECT ${COLUMNS} FROM lackpy_templates
       WHERE workspace_id = $1 AND name = $2 AND demoted_at IS NULL`,
      [id, name],
    );
    if (row) return this.info(row);
    const [demoted] = await this.connection.query(
      `SELECT 1 FROM lackpy_templates WHERE workspace_id = $1 AND name = $2 LIMIT 1`,
      [id, name],
    );
    throw new ServiceError(
      "unknown_template",
      `No template named '${name}'${demoted ? " (it was demoted)" : ""} in the store's workspace ${this.connection.workspace}.`,
      {
        hint: demoted
          ? `lackpy template restore ${name} brings it back`
          : "lackpy template list shows the templates; create one with lackpy create <file> --name N --pattern P",
      },
    );
  }

  async has(name: string): Promise<boolean> {
    checkPlainName(name, "template");
    const id = await this.connection.workspaceId();
    const rows = await this.connection.query(
      `SELECT 1 FROM lackpy_templates WHERE workspace_id = $1 AND name = $2 AND demoted_at IS NULL`,
      [id, name],
    );
    return rows.length > 0;
  }

  /** Inserts the template (or replaces the active one of that name with `force`) and bumps the revision, in one statement. */
  async write(template: Template, options: { force: boolean }): Promise<string> {
    checkPlainName(template.name, "template");
    const id = await this.connection.workspaceId();
    const onConflict = options.force
      ? `DO UPDATE SET pattern = EXCLUDED.pattern, program = EXCLUDED.program, kit = EXCLUDED.kit,
           params = EXCLUDED.params, origin = EXCLUDED.origin, created = EXCLUDED.created,
           success_count = EXCLUDED.success_count, fail_count = EXCLUDED.fail_count,
           revision = EXCLUDED.revision`
      : "DO NOTHING";
    const rows = await this.connection.query(
      `WITH bumped AS (
         UPDATE lackpy_workspaces SET revision = revision + 1 WHERE id = $1 RETURNING revision
       )
       INSERT INTO lackpy_templates
         (workspace_id, name, pattern, program, kit, params, origin, created, success_count, fail_count, revision)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, bumped.revision FROM bumped
       ON CONFLICT (workspace_id, name) WHERE demoted_at IS NULL ${onConflict}
       RETURNING id`,
      [
        id,
        template.name,
        template.pattern,
        template.program,
        template.kit ?? null,
        template.params ?? null,
        template.origin ?? "person",
        template.created ?? null,
        template.successCount,
        template.failCount,
      ],
    );
    if (rows.length === 0)
      throw new ServiceError(
        "template_exists",
        `A template named '${template.name}' already exists.`,
        { hint: "choose another name, or pass force to replace it" },
      );
    return this.placeOf(template.name);
  }

  /** Adds one run to the counters (one statement); a ratchet template that keeps failing is set aside in a transaction. */
  async record(
    template: LoadedTemplate,
    outcome: TemplateRunOutcome,
  ): Promise<TemplateDemotion | null> {
    const id = await this.connection.workspaceId();
    const [row] = await this.connection.query<TemplateRow>(
      `UPDATE lackpy_templates
       SET success_count = success_count + $3, fail_count = fail_count + $4
       WHERE workspace_id = $1 AND name = $2 AND demoted_at IS NULL
       RETURNING ${COLUMNS}`,
      [id, template.name, outcome.success ? 1 : 0, outcome.success ? 0 : 1],
    );
    this.lastError = null;
    if (!row || outcome.success || !demotable(row, outcome.demoteAfterFailures)) return null;
    return this.connection.transaction((client, workspaceId) =>
      this.demote(client, workspaceId, row.id, outcome),
    );
  }

  async demoted(): Promise<DemotedTemplateInfo[]> {
    const id = await this.connection.workspaceId();
    const rows = await this.connection.query<TemplateRow>(
      `SELECT ${COLUMNS} FROM lackpy_templates
       WHERE workspace_id = $1 AND demoted_at IS NOT NULL ORDER BY demoted_at, id`,
      [id],
    );
    return rows.map((row) => ({
      name: row.name,
      pattern: row.pattern,
      successCount: Number(row.success_count),
      failCount: Number(row.fail_count),
      origin: row.origin,
      path: this.placeOf(row.name, row.demoted_at!),
      demotedAt: row.demoted_at!.toISOString(),
      reason: row.demoted_reason ?? "not recorded",
      program: row.program,
    }));
  }

  async restore(name: string): Promise<TemplateInfo & { restoredFrom: string }> {
    checkPlainName(name, "template");
    return this.connection.transaction(async (client, id) => {
      const {
        rows: [bumped],
      } = await client.query<{ revision: string }>(
        "UPDATE lackpy_workspaces SET revision = revision + 1 WHERE id = $1 RETURNING revision",
        [id],
      );
      const {
        rows: [latest],
      } = await client.query<TemplateRow>(
        `SELECT ${COLUMNS} FROM lackpy_templates
         WHERE workspace_id = $1 AND name = $2 AND demoted_at IS NOT NULL
         ORDER BY demoted_at DESC, id DESC LIMIT 1 FOR UPDATE`,
        [id, name],
      );
      if (!latest)
        throw new ServiceError("unknown_template", `No demoted template named '${name}'.`, {
          hint: "lackpy template list shows the templates and the demoted ones",
        });
      const { rows: existing } = await client.query(
        "SELECT 1 FROM lackpy_templates WHERE workspace_id = $1 AND name = $2 AND demoted_at IS NULL",
        [id, name],
      );
      if (existing.length > 0)
        throw new ServiceError(
          "template_exists",
          `A template named '${name}' exists, so the demoted one was not restored.`,
          { hint: `rename or replace the template ${name} first` },
        );
      const {
        rows: [restored],
      } = await client.query<TemplateRow>(
        `UPDATE lackpy_templates
         SET demoted_at = NULL, demoted_reason = NULL, fail_count = 0, revision = $2
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [latest.id, bumped!.revision],
      );
      return {
        ...this.info(restored!),
        restoredFrom: this.placeOf(name, latest.demoted_at!),
      };
    });
  }

  /** Under a transaction: sets the template aside if it still should be (another instance may have first). */
  private async demote(
    client: PoolClient,
    workspaceId: string,
    rowId: string,
    outcome: TemplateRunOutcome,
  ): Promise<TemplateDemotion | null> {
    const {
      rows: [bumped],
    } = await client.query<{ revision: string }>(
      "UPDATE lackpy_workspaces SET revision = revision + 1 WHERE id = $1 RETURNING revision",
      [workspaceId],
    );
    const {
      rows: [row],
    } = await client.query<TemplateRow>(
      `SELECT ${COLUMNS} FROM lackpy_templates WHERE id = $1 AND demoted_at IS NULL FOR UPDATE`,
      [rowId],
    );
    if (!row || !demotable(row, outcome.demoteAfterFailures)) return null;
    const successes = Number(row.success_count);
    const failures = Number(row.fail_count);
    const at = new Date();
    const reason = `it failed ${failures} times and succeeded ${successes} (demote_after_failures = ${outcome.demoteAfterFailures})${outcome.lastError ? `; last error: ${outcome.lastError}` : ""}`;
    await client.query(
      "UPDATE lackpy_templates SET demoted_at = $2, demoted_reason = $3, revision = $4 WHERE id = $1",
      [rowId, at, reason, bumped!.revision],
    );
    return {
      template: row.name,
      reason,
      successCount: successes,
      failCount: failures,
      path: this.placeOf(row.name, at),
      hint: `lackpy template restore ${row.name} brings it back`,
    };
  }

  /** Reads the revision, and the rows changed since the one memory has; rebuilds the index when any did. */
  private async pull(): Promise<void> {
    const id = await this.connection.workspaceId();
    const [workspace] = await this.connection.query<{ revision: string }>(
      "SELECT revision FROM lackpy_workspaces WHERE id = $1",
      [id],
    );
    const revision = Number(workspace?.revision ?? 0);
    if (revision === this.revision) return;
    const first = this.revision < 0;
    const changed = await this.connection.query<TemplateRow>(
      `SELECT ${COLUMNS} FROM lackpy_templates
       WHERE workspace_id = $1 AND revision > $2 ${first ? "AND demoted_at IS NULL" : ""}
       ORDER BY revision, id`,
      [id, this.revision],
    );
    let latest = revision;
    for (const row of changed) {
      if (row.demoted_at) this.active.delete(row.id);
      else this.active.set(row.id, this.loaded(row));
      latest = Math.max(latest, Number(row.revision));
    }
    this.revision = latest;
    if (changed.length === 0 && !first) return;
    const templates = [...this.active.values()].sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    this.current = {
      templates,
      problems: templates.flatMap((template) => patternProblems(template)),
      version: this.current.version + 1,
      index: TemplateIndex.build(templates, { previous: this.current.index }),
    };
  }

  /** A row as tier 0 uses it; the same object while the row does not change, so the index keeps its compiled pattern. */
  private loaded(row: TemplateRow): LoadedTemplate {
    const known = this.active.get(row.id);
    const template: LoadedTemplate = {
      name: row.name,
      pattern: row.pattern,
      successCount: Number(row.success_count),
      failCount: Number(row.fail_count),
      ...(row.created ? { created: row.created } : {}),
      ...(row.kit ? { kit: row.kit } : {}),
      ...(row.params?.length ? { params: row.params } : {}),
      origin: row.origin,
      program: row.program,
      file: this.placeOf(row.name),
      programLine: 1,
    };
    return known && sameTemplate(known, template) ? known : template;
  }

  private info(row: TemplateRow): TemplateInfo {
    return {
      name: row.name,
      pattern: row.pattern,
      successCount: Number(row.success_count),
      failCount: Number(row.fail_count),
      path: this.placeOf(row.name),
      ...(row.created ? { created: row.created } : {}),
      ...(row.kit ? { kit: row.kit } : {}),
      ...(row.params?.length ? { params: row.params } : {}),
      origin: row.origin,
      program: row.program,
    };
  }

  /** `postgres:<workspace>/<name>` (with `@<ms>` for a demoted one): where a template is, for people. */
  private placeOf(name: string, demotedAt?: Date): string {
    return `postgres:${this.connection.workspace}/${name}${demotedAt ? `@${demotedAt.getTime()}` : ""}`;
  }
}

/** A ratchet template with at least `threshold` failures and more failures than successes. */
function demotable(row: TemplateRow, threshold: number): boolean {
  const failures = Number(row.fail_count);
  return row.origin === "ratchet" && failures >= threshold && failures > Number(row.success_count);
}

function sameTemplate(a: LoadedTemplate, b: LoadedTemplate): boolean {
  return (
    a.pattern === b.pattern &&
    a.program === b.program &&
    a.kit === b.kit &&
    a.origin === b.origin &&
    JSON.stringify(a.params ?? []) === JSON.stringify(b.params ?? [])
  );
}

/** A row whose pattern cannot be used (written before lackpy refused it, or by hand): listed, never matched. */
function patternProblems(template: LoadedTemplate): TemplateProblem[] {
  const problem = template.pattern === null ? null : patternProblem(template.pattern);
  return problem === null
    ? []
    : [
        {
          code: "invalid_template",
          file: template.file,
          line: 1,
          message: `${template.file}: the pattern cannot be used: ${problem}.`,
          hint: PATTERN_HINT,
        },
      ];
}
