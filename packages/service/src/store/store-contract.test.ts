import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { Template } from "@lackpy/infer/node";
import { testSchema } from "../__fixtures__/test-postgres.mjs";
import { FileWorkspaceStore } from "./file-store.js";
import { PostgresWorkspaceStore } from "./postgres/pg-workspace-store.js";
import type { RatchetRequest, WorkspaceStore } from "./store-types.js";
import { exportTemplates, importTemplates } from "./store-transfer.js";

/**
 * One contract, two backends: every store keeps templates, counts their runs, demotes the
 * ratchet's failing ones (never a person's), restores them, serves tier 0 from memory after a
 * refresh, keeps the ratchet's history with exact counts and agreement, and moves templates in
 * and out through an export.
 */
const schema = await testSchema("contract");
const folders: string[] = [];
const opened: WorkspaceStore[] = [];
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => undefined);
  await schema?.drop();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function filesStore(): Promise<WorkspaceStore> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "lackpy-store-contract-"));
  folders.push(folder);
  await mkdir(path.join(folder, ".lackpy"));
  const store = new FileWorkspaceStore(folder);
  opened.push(store);
  return store;
}

let workspaces = 0;
function postgresStore(workspace = `contract-${++workspaces}`): WorkspaceStore {
  const store = new PostgresWorkspaceStore({ url: schema!.url, workspace });
  opened.push(store);
  return store;
}

const BACKENDS: [string, (() => Promise<WorkspaceStore> | WorkspaceStore) | null][] = [
  ["files", filesStore],
  ["postgres", schema ? () => postgresStore() : null],
];

function template(name: string, extra: Partial<Template> = {}): Template {
  return {
    name,
    pattern: `count lines in {path} for ${name}`,
    successCount: 0,
    failCount: 0,
    created: "2026-01-01T00:00:00.000Z",
    kit: "readonly",
    origin: "person",
    program: 'read_file(path).split("\\n").length',
    ...extra,
  };
}

const REQUEST: RatchetRequest = { intent: "Count the TODOs", kit: "readonly" };
const DEMOTE = { success: false, demoteAfterFailures: 2, lastError: "tool_error: gone" };

for (const [backend, make] of BACKENDS) {
  describe.skipIf(!make)(`the ${backend} store`, () => {
    let store: WorkspaceStore;
    beforeEach(async () => {
      store = await make!();
    });

    it("keeps a template, refuses its name again unless forced, and lists it", async () => {
      const where = await store.templates.write(template("lines"), { force: false });
      expect(where).toContain("lines");
      await expect(
        store.templates.write(template("lines"), { force: false }),
      ).rejects.toMatchObject({ code: "template_exists" });
      expect(await store.templates.has("lines")).toBe(true);
      expect(await store.templates.has("other")).toBe(false);
      await store.templates.write(template("lines", { program: "1 + 1" }), { force: true });
      expect(await store.templates.list()).toMatchObject([
        { name: "lines", program: "1 + 1", origin: "person", kit: "readonly", successCount: 0 },
      ]);
      expect(await store.templates.get("lines")).toMatchObject({ name: "lines" });
      await expect(store.templates.get("missing")).rejects.toMatchObject({
        code: "unknown_template",
      });
    });

    it("serves tier 0 from memory once refreshed, with captures from the pattern", async () => {
      await store.templates.write(template("lines"), { force: false });
      await store.templates.refresh();
      const [match] = store.templates
        .snapshot()
        .index.match("COUNT lines in src/a.ts for lines", { params: [] });
      expect(match).toMatchObject({ captures: { path: "src/a.ts" }, template: { name: "lines" } });
      expect(store.templates.where(match!.template)).toContain("lines");
    });

    it("counts every run exactly, under concurrency", async () => {
      await store.templates.write(template("lines"), { force: false });
      await store.templates.refresh();
      const loaded = store.templates.snapshot().index.get("lines")!;
      await Promise.all(
        Array.from({ length: 20 }, (_, run) =>
          store.templates.record(loaded, { success: run % 4 !== 0, demoteAfterFailures: 100 }),
        ),
      );
      await store.flush();
      expect(await store.templates.get("lines")).toMatchObject({ successCount: 15, failCount: 5 });
    });

    it("sets a failing ratchet template aside, never a person's, and restores it with no failures", async () => {
      await store.templates.write(template("mine"), { force: false });
      await store.templates.write(template("auto", { origin: "ratchet" }), { force: false });
      await store.templates.refresh();
      const { index } = store.templates.snapshot();
      for (let run = 0; run < 3; run++)
        expect(await store.templates.record(index.get("mine")!, DEMOTE)).toBeNull();
      expect(await store.templates.record(index.get("auto")!, DEMOTE)).toBeNull();
      const demotion = await store.templates.record(index.get("auto")!, DEMOTE);
      expect(demotion).toMatchObject({
        template: "auto",
        failCount: 2,
        successCount: 0,
        reason: expect.stringContaining("last error: tool_error: gone"),
        hint: "lackpy template restore auto brings it back",
      });
      expect((await store.templates.list()).map((info) => info.name)).toEqual(["mine"]);
      expect(await store.templates.get("mine")).toMatchObject({ failCount: 3 });
      await store.templates.refresh();
      expect(store.templates.snapshot().index.get("auto")).toBeUndefined();
      expect(await store.templates.demoted()).toMatchObject([
        { name: "auto", origin: "ratchet", failCount: 2, reason: demotion!.reason },
      ]);
      await expect(store.templates.get("auto")).rejects.toMatchObject({
        code: "unknown_template",
        message: expect.stringContaining("(it was demoted)"),
      });
      const restored = await store.templates.restore("auto");
      expect(restored).toMatchObject({ name: "auto", failCount: 0, origin: "ratchet" });
      expect(await store.templates.demoted()).toEqual([]);
      await expect(store.templates.restore("auto")).rejects.toMatchObject({
        code: "unknown_template",
      });
      await store.templates.refresh();
      expect(store.templates.snapshot().index.get("auto")).toBeDefined();
    });

    it("refuses to restore over a template of the same name", async () => {
      await store.templates.write(template("auto", { origin: "ratchet" }), { force: false });
      await store.templates.refresh();
      const loaded = store.templates.snapshot().index.get("auto")!;
      await store.templates.record(loaded, DEMOTE);
      expect(await store.templates.record(loaded, DEMOTE)).not.toBeNull();
      await store.templates.write(template("auto"), { force: false });
      await expect(store.templates.restore("auto")).rejects.toMatchObject({
        code: "template_exists",
      });
    });

    it("keeps the ratchet's history: successes per program, agreement per request, failures, recent tiers", async () => {
      const { history } = store;
      expect(await history.recordSuccess(REQUEST, "a", 4, 4)).toMatchObject({
        entry: { successes: 1, intent: "count the todos", kit: "readonly", program: "a" },
        agreed: true,
        agreeingRuns: 1,
      });
      expect(await history.recordSuccess(REQUEST, "a", 4, 4)).toMatchObject({
        entry: { successes: 2 },
        agreeingRuns: 2,
      });
      expect(await history.recordSuccess(REQUEST, "b", 5, 4)).toMatchObject({
        entry: { successes: 1, program: "b" },
        agreed: false,
        agreeingRuns: 1,
      });
      const other = { ...REQUEST, params: { country: "FR" } };
      expect((await history.recordSuccess(other, "a", 9, 4)).agreed).toBe(true);
      await history.recordFailure(REQUEST, {
        template: "count-the-todos",
        program: "a",
        code: "template_exists",
        message: "taken",
      });
      expect(await history.failures()).toMatchObject([
        { intent: "Count the TODOs", kit: "readonly", code: "template_exists" },
      ]);
      await history.markPromoted(REQUEST, "a", "count-the-todos");
      expect(await history.failures()).toEqual([]);
      const entries = await history.entries();
      expect(entries.find((entry) => entry.program === "a")).toMatchObject({
        successes: 3,
        promoted: "count-the-todos",
      });
      for (let index = 0; index < 55; index++)
        await history.recordDelegate(index % 5 === 0 ? null : "rules", index % 5 !== 0);
      const recent = await history.recent();
      expect(recent).toHaveLength(50);
      expect(recent.at(-1)).toMatchObject({ tier: "rules", success: true });
      await store.flush();
    });

    it("counts concurrent successes of one program exactly", async () => {
      await Promise.all(
        Array.from({ length: 25 }, () => store.history.recordSuccess(REQUEST, "a", 1, 4)),
      );
      const [entry] = await store.history.entries();
      expect(entry).toMatchObject({ successes: 25 });
    });

    it("exports its templates and imports them into another store of either kind, skipping names it has unless told to replace", async () => {
      await store.templates.write(template("lines", { successCount: 7, failCount: 1 }), {
        force: false,
      });
      await store.templates.write(
        template("auto", { origin: "ratchet", params: ["country"], pattern: null }),
        { force: false },
      );
      const exported = await exportTemplates(store);
      expect(exported).toMatchObject({
        lackpy: "store-export",
        version: 1,
        from: { backend },
      });
      const targets = [await filesStore(), ...(schema ? [postgresStore()] : [])];
      for (const target of targets) {
        await target.templates.write(template("lines", { program: "0" }), { force: false });
        expect(await importTemplates(target, JSON.parse(JSON.stringify(exported)))).toEqual({
          imported: ["auto"],
          replaced: [],
          skipped: ["lines"],
        });
        expect(await importTemplates(target, exported, { replace: true })).toEqual({
          imported: [],
          replaced: ["auto", "lines"],
          skipped: [],
        });
        const back = await exportTemplates(target);
        expect(back.templates).toEqual(exported.templates);
      }
    });
  });
}

describe("importTemplates", () => {
  it.each([
    ["not an export", { templates: [] }, "not a lackpy store export"],
    ["another version", { lackpy: "store-export", version: 9, templates: [] }, "version 9"],
    [
      "a program that does not parse",
      { lackpy: "store-export", version: 1, templates: [template("x", { program: "let x = ;" })] },
      "templates[0] (x)",
    ],
    [
      "a repeated placeholder",
      {
        lackpy: "store-export",
        version: 1,
        templates: [template("x", { pattern: "{a} and {a}" })],
      },
      "repeats the placeholder {a}",
    ],
    [
      "a negative count",
      { lackpy: "store-export", version: 1, templates: [template("x", { failCount: -1 })] },
      "failCount must be a whole number",
    ],
  ])("imports nothing from %s", async (_name, document, message) => {
    const store = await filesStore();
    await expect(importTemplates(store, document)).rejects.toMatchObject({
      code: "invalid_store_export",
      message: expect.stringContaining(message),
    });
    expect(await store.templates.list()).toEqual([]);
  });

  it("refuses a template name that is not a plain name", async () => {
    const store = await filesStore();
    await expect(
      importTemplates(store, {
        lackpy: "store-export",
        version: 1,
        templates: [template("../escape")],
      }),
    ).rejects.toMatchObject({ code: "invalid_name" });
  });
});
