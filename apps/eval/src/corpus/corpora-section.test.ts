import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatCorporaSection, scoreCorpora } from "./corpora-section.js";
import { scorecard } from "./scorecard.js";
import type { ScoredRequest } from "./corpus-types.js";

const row = (id: string, verdict: ScoredRequest["verdict"]): ScoredRequest => ({
  id,
  tree: "t",
  category: "count-files",
  request: `request ${id}`,
  verdict,
  tier: verdict === "none" ? null : "rules",
  reading: verdict === "none" ? null : `reading of ${id}`,
  output: 1,
  error: null,
});

describe("the rules on strangers' requests in pnpm bench", () => {
  it("says how to build the trees when none is built", async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), "lackpy-no-trees-"));
    try {
      const scores = await scoreCorpora(empty);
      expect(scores).toBeNull();
      expect(formatCorporaSection(scores)).toContain("node scripts/corpus-trees.mjs");
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it("counts wrong answers beside right and none, with how far the rules were tuned, and lists each wrong one", () => {
    const card = scorecard([row("x-1", "right"), row("x-2", "wrong"), row("x-3", "none")]);
    const text = formatCorporaSection([
      { name: "x", written: "today, 3 requests", tuned: "no", note: "a gold convention", card },
    ]);
    expect(text).toContain("| x | today, 3 requests | no | 3 | 1 | 1 | 1 | 50.0% | 33.3% |");
    expect(text).toContain("Corpus x: a gold convention.");
    expect(text).toContain("- wrong, corpus x, x-2 “request x-2” → reading of x-2");
  });
});
