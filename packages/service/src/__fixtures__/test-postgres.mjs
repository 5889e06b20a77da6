/**
 * The Postgres server the store's tests run against: `LACKPY_TEST_PG_URL` (CI starts one with
 * `scripts/pg-throwaway.sh`). Each test file gets a schema of its own (the URL's `search_path`),
 * so files never see each other's rows, and migrations run on an empty schema. Without a
 * reachable server the tests skip with one line; with `LACKPY_REQUIRE_PG=1` (CI) they fail.
 * JavaScript (with its types beside it), so the CLI's tests can use it too.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

/** Why Postgres tests cannot run here, or null when they can. */
async function unreachable(url) {
  if (!url) return "LACKPY_TEST_PG_URL is not set";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return null;
  } catch (error) {
    return `cannot reach it (${error.message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A fresh schema on the test server, or null (after one line on stderr) when there is none;
 * throws instead when `LACKPY_REQUIRE_PG=1`.
 */
export async function testSchema(label) {
  const base = process.env.LACKPY_TEST_PG_URL;
  const reason = await unreachable(base);
  if (reason) {
    const line = `Postgres store tests skipped (${label}): ${reason}; start one with: eval "$(scripts/pg-throwaway.sh start)"`;
    if (process.env.LACKPY_REQUIRE_PG === "1")
      throw new Error(`${line} — LACKPY_REQUIRE_PG=1 requires them`);
    process.stderr.write(`${line}\n`);
    return null;
  }
  const schema = `lackpy_test_${label.replace(/\W/g, "_")}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: url.toString(),
    schema,
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}
