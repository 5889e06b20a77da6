// Run with: node --test tests/
// FIXME: test the real module once src/ has a build step.
import assert from "node:assert/strict";
import { test } from "node:test";

const total = (items) => items.reduce((sum, item) => sum + item.count, 0);

test("total adds the counts", () => {
  assert.equal(total([{ name: "tea", count: 2 }, { name: "mugs", count: 3 }]), 5);
});
