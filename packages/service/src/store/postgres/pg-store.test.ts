import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG, type LackpyConfig } from "../../config/config-types.js";
import { LackpyService } from "../../lackpy-service.js";
import { startOllamaStub, type OllamaStub } from "../../__fixtures__/ollama-stub.js";
import { testSchema } from "../../__fixtures__/test-postgres.mjs";
import { templateNameFor } from "../../delegate/template-name.js";
import { MIGRATIONS } from "./migrations.js";
import { PostgresWorkspaceStore } from "./pg-workspace-store.js";

const schema = await testSchema("postgres");
const EXAMPLE = fileURLToPath(new URL("../../../../../examples/workspace", import.meta.url));
const folders: string[] = [];
const closing: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const item of closing) await item.close().catch(() => undefined);
  await schema?.drop();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

let keys = 0;
function store(workspace = `pg-${++keys}`, url = schema!.url) {
  const opened = new PostgresWorkspaceStore({ url, workspace });
  closing.push(opened);
  return opened;
}

const TEMPLATE = {
  name: "lines",
  pattern: "count lines in {path}",
  successCount: 0,
  failCount: 0,
  origin: "person" as const,
  program: 'read_file(path).split("\\n").length',
};

describe.skipIf(!schema)("the Postgres store", () => {
  it("applies each migration once, also when instances start together, and again applies nothing", async () => {
    const fresh = await testSchema("migrations");
    closing.push({ close: () => fresh!.drop() });
    const first = store("m", fresh!.url);
    const second = store("m", fresh!.url);
    const reports = await Promise.all([first.migrate(), second.migrate()]);
    const all = MIGRATIONS.map((migration) => migration.version);
    expect(reports.map((report) => report.applied).sort()).toEqual([[], all]);
    expect(reports.every((report) => report.version === all.at(-1))).toBe(true);
    expect(await store("m", fresh!.url).migrate()).toEqual({ applied: [], version: all.at(-1) });
    const client = new pg.Client({ connectionString: fresh!.url });
    await client.connect();
    const { rows } = await client.query("SELECT version, name FROM lackpy_migrations ORDER BY 1");
    await client.end();
    expect(rows).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
  });

  it("refuses a database a newer lackpy migrated", async () => {
    const fresh = await testSchema("newer");
    closing.push({ close: () => fresh!.drop() });
    await store("n", fresh!.url).migrate();
    const client = new pg.Client({ connectionString: fresh!.url });
    await client.connect();
    await client.query("INSERT INTO lackpy_migrations (version, name) VALUES (99, 'future')");
    await client.end();
    await expect(store("n", fresh!.url).templates.list()).rejects.toMatchObject({
      code: "store_too_new",
      message: expect.stringContaining("version 99"),
    });
  });

  it("keeps workspaces apart: one key never sees another's templates", async () => {
    const acme = store("acme-api");
    const web = store("web");
    await acme.templates.write(TEMPLATE, { force: false });
    await web.templates.refresh();
    expect(await web.templates.list()).toEqual([]);
    expect(web.templates.snapshot().templates).toEqual([]);
    expect(await acme.templates.list()).toMatchObject([
      { name: "lines", path: "postgres:acme-api/lines" },
    ]);
  });

  it("serves a template another instance wrote on its next refresh, and drops one another instance demoted", async () => {
    const key = `shared-${++keys}`;
    const one = store(key);
    const two = store(key);
    await two.templates.refresh();
    expect(two.templates.snapshot().templates).toEqual([]);
    await one.templates.write({ ...TEMPLATE, origin: "ratchet" }, { force: false });
    await two.templates.refresh();
    const loaded = two.templates.snapshot().index.get("lines");
    expect(loaded).toMatchObject({ name: "lines", origin: "ratchet" });
    const failure = { success: false, demoteAfterFailures: 1 };
    expect(await one.templates.record(loaded!, failure)).toMatchObject({ template: "lines" });
    await two.templates.refresh();
    expect(two.templates.snapshot().index.get("lines")).toBeUndefined();
  });

  it("shares one read among requests that arrive while it runs, and never answers from a read older than the request", async () => {
    const key = `reads-${++keys}`;
    const writer = store(key);
    const reader = store(key);
    await reader.templates.refresh();
    const writes = Array.from({ length: 10 }, (_, index) =>
      writer.templates
        .write({ ...TEMPLATE, name: `t${index}` }, { force: false })
        .then(() =>
          reader.templates.refresh().then(() => reader.templates.snapshot().index.get(`t${index}`)),
        ),
    );
    expect((await Promise.all(writes)).every((found) => found !== undefined)).toBe(true);
  });

  it("never shows the URL's password: not in its location, its errors or the service's config", async () => {
    const url = new URL(schema!.url);
    const password = url.password;
    expect(password.length).toBeGreaterThan(8);
    url.password = "wrong-Secret-123";
    const bad = store("x", url.toString());
    expect(bad.location).not.toContain("wrong-Secret-123");
    expect(bad.location).toContain("***");
    const error = (await bad.templates.list().catch((caught: unknown) => caught)) as Error;
    expect(error).toMatchObject({ code: "store_unavailable" });
    expect(error.message).not.toContain("wrong-Secret-123");
    expect((await bad.check()).ready).toBe(false);
    expect(JSON.stringify(await bad.check())).not.toContain("wrong-Secret-123");
    const config = structuredClone(DEFAULT_CONFIG);
    config.store = { url: schema!.url, workspace: "redacted" };
    const folder = await mkdtemp(path.join(os.tmpdir(), "lackpy-pg-config-"));
    folders.push(folder);
    const service = new LackpyService({ workspace: folder, config });
    closing.push(service);
    expect(JSON.stringify(service.config())).not.toContain(password);
    expect(service.config().store.url).toContain("***");
    expect((await service.status()).store).toEqual({
      backend: "postgres",
      location: expect.stringContaining("***"),
      workspace: "redacted",
    });
  });

  it("connects to a URL a workspace's config names only once that config is trusted; the environment's is the person's own", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "lackpy-pg-trust-"));
    folders.push(folder);
    await mkdir(path.join(folder, ".lackpy"));
    await writeFile(
      path.join(folder, ".lackpy", "config.toml"),
      `[store]\nurl = "${schema!.url}"\nworkspace = "cloned"\n`,
    );
    const untrusted = await LackpyService.open({ workspace: folder, env: {} });
    closing.push(untrusted);
    await expect(untrusted.templates()).rejects.toMatchObject({ code: "untrusted_config" });
    await untrusted.trust();
    expect(await untrusted.templates()).toEqual([]);
    await writeFile(path.join(folder, ".lackpy", "config.toml"), `[kit]\ndefault = "readonly"\n`);
    const fromEnv = await LackpyService.open({
      workspace: folder,
      env: { LACKPY_STORE_URL: schema!.url, LACKPY_STORE_WORKSPACE: "cloned" },
    });
    closing.push(fromEnv);
    expect(fromEnv.store.backend).toBe("postgres");
    expect(await fromEnv.templates()).toEqual([]);
  });
});

describe.skipIf(!schema)("two services on one Postgres store", () => {
  let stub: OllamaStub;
  beforeEach(async () => {
    stub = await startOllamaStub(() => '```js\n"capital of " + country\n```');
  });
  afterEach(() => stub.close());

  async function service(workspace: string): Promise<LackpyService> {
    const folder = await mkdtemp(path.join(os.tmpdir(), "lackpy-pg-service-"));
    folders.push(folder);
    await cp(EXAMPLE, folder, { recursive: true });
    const config: LackpyConfig = structuredClone(DEFAULT_CONFIG);
    config.run.mode = "in-process";
    config.inference.providers.ollama = { plugin: "ollama", host: stub.url, model: "stub" };
    config.ratchet.auto = true;
    config.store = { url: schema!.url, workspace };
    const lackpy = new LackpyService({ workspace: folder, config });
    closing.push(lackpy);
    return lackpy;
  }

  it("promote the same wording concurrently into one template, with exact counts, and each serves it on its next request", async () => {
    const key = `promote-${++keys}`;
    const [one, two] = [await service(key), await service(key)];
    const intent = "name the capital of the country";
    const runs = await Promise.all(
      [one, two].map(async (lackpy) => {
        const results = [];
        for (let run = 0; run < 5; run++)
          results.push(await lackpy.delegate(intent, { params: { country: "FR" } }));
        return results;
      }),
    );
    const results = runs.flat();
    expect(results.every((result) => result.success)).toBe(true);
    const fromModel = results.filter((result) => result.tier === "ollama").length;
    const fromTemplates = results.filter((result) => result.tier === "templates").length;
    expect(fromModel + fromTemplates).toBe(10);
    expect(results.filter((result) => result.promoted).length).toBeLessThanOrEqual(2);
    const templates = await one.templates();
    expect(templates).toHaveLength(1);
    expect(templates[0]).toMatchObject({
      name: templateNameFor(intent),
      origin: "ratchet",
      successCount: fromTemplates,
    });
    const [entry] = await one.store.history.entries();
    expect(entry).toMatchObject({ successes: fromModel, promoted: templateNameFor(intent) });
    expect(stub.chats).toBe(fromModel);
    // Each serves the template on its next request, without a model.
    for (const lackpy of [one, two])
      expect(await lackpy.delegate(intent, { params: { country: "DE" } })).toMatchObject({
        tier: "templates",
        output: "capital of DE",
      });
    expect(stub.chats).toBe(fromModel);
    expect((await two.template(templateNameFor(intent))).successCount).toBe(fromTemplates + 2);
  });

  it("serves on one instance a template the other promoted a moment ago", async () => {
    const key = `next-${++keys}`;
    const [one, two] = [await service(key), await service(key)];
    await two.templates();
    const intent = "name the capital city of the country";
    for (let run = 0; run < DEFAULT_CONFIG.ratchet.minSuccesses; run++)
      await one.delegate(intent, { params: { country: "FR" } });
    const chats = stub.chats;
    expect(await two.delegate(intent, { params: { country: "IT" } })).toMatchObject({
      tier: "templates",
      output: "capital of IT",
    });
    expect(stub.chats).toBe(chats);
  });
});
