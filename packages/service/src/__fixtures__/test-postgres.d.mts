/** A schema for one test file: its URL, and a function that drops it. */
export interface TestSchema {
  url: string;
  schema: string;
  drop(): Promise<void>;
}

/**
 * A fresh schema on the test server (`LACKPY_TEST_PG_URL`), or null (after one line on stderr)
 * when there is none; throws instead when `LACKPY_REQUIRE_PG=1`.
 */
export function testSchema(label: string): Promise<TestSchema | null>;
