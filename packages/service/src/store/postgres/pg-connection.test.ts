import { afterAll, describe, expect, it } from "vitest";
import { testSchema } from "../../__fixtures__/test-postgres.mjs";
import { PgConnection } from "./pg-connection.js";
import { preparedName } from "./prepared-name.js";

const schema = await testSchema("connection");
const connections: PgConnection[] = [];
afterAll(async () => {
  for (const connection of connections) await connection.close();
  await schema?.drop();
});

describe("preparedName", () => {
  it("gives one text one name, and two texts two", () => {
    const first = preparedName("SELECT $1::int AS n");
    expect(first).toMatch(/^lackpy_[0-9a-f]{24}$/);
    expect(preparedName("SELECT $1::int AS n")).toBe(first);
    expect(preparedName("SELECT $1::int AS m")).not.toBe(first);
  });
});

describe.skipIf(!schema)("PgConnection.query", () => {
  it("prepares a statement with values once per connection and runs it again by name", async () => {
    const connection = new PgConnection({ url: schema!.url, workspace: "w", maxConnections: 1 });
    connections.push(connection);
    const text = "SELECT $1::int + 1 AS n";
    expect(await connection.query(text, [1])).toEqual([{ n: 2 }]);
    expect(await connection.query(text, [41])).toEqual([{ n: 42 }]);
    const prepared = await connection.query<{ name: string }>(
      "SELECT name FROM pg_prepared_statements WHERE statement = $1",
      [text],
    );
    expect(prepared).toEqual([{ name: preparedName(text) }]);
    // A statement without values runs unprepared, as before.
    expect(await connection.query("SELECT 7 AS n")).toEqual([{ n: 7 }]);
  });
});
