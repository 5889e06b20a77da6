import { afterAll, describe, expect, it } from "vitest";
import { testSchema } from "../../__fixtures__/test-postgres.mjs";
import { PostgresWorkspaceStore } from "./pg-workspace-store.js";

const schema = await testSchema("rate-buckets");
const stores: PostgresWorkspaceStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
  await schema?.drop();
});

function instance(): PostgresWorkspaceStore {
  const store = new PostgresWorkspaceStore({ url: schema!.url, workspace: "rates" });
  stores.push(store);
  return store;
}

describe.skipIf(!schema)("PostgresRateBuckets", () => {
  it("counts a caller's requests once across instances taking at the same time", async () => {
    const [first, second] = [instance(), instance()];
    const limit = { perMinute: 1, burst: 5 };
    const decisions = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (index % 2 ? first : second).rates.take("tok_a", limit),
      ),
    );
    expect(decisions.filter((decision) => decision.ok)).toHaveLength(5);
    expect(decisions.find((decision) => !decision.ok)).toEqual({
      ok: false,
      retryAfterSeconds: expect.any(Number),
    });
    const refused = decisions.find((decision) => !decision.ok) as { retryAfterSeconds: number };
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another caller has a bucket of its own.
    expect(await first.rates.take("tok_b", limit)).toEqual({ ok: true });
  });

  it("takes up to `most` whole requests at once, never more than the bucket holds", async () => {
    const [first, second] = [instance(), instance()];
    const limit = { perMinute: 1, burst: 25 };
    const decisions = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 ? first : second).rates.take("tok_lease", limit, 10),
      ),
    );
    const granted = decisions.map((decision) => (decision.ok ? decision.granted! : 0));
    expect(granted.reduce((sum, count) => sum + count, 0)).toBe(25);
    expect(Math.max(...granted)).toBe(10);
    expect(decisions.some((decision) => !decision.ok)).toBe(true);
  });

  it("gives back requests with a take, in the same statement, never above the burst", async () => {
    const store = instance();
    const limit = { perMinute: 1, burst: 25 };
    expect(await store.rates.take("tok_back", limit, 10)).toEqual({ ok: true, granted: 10 });
    // 15 held, 4 given back: 19 to take.
    expect(await store.rates.take("tok_back", limit, 100, 4)).toEqual({ ok: true, granted: 19 });
    expect((await store.rates.take("tok_back", limit)).ok).toBe(false);
    // A full bucket stays at its burst whatever is given back.
    expect(await store.rates.take("tok_full", limit, 1)).toEqual({ ok: true });
    expect(await store.rates.take("tok_full", limit, 100, 50)).toEqual({ ok: true, granted: 25 });
  });
});
