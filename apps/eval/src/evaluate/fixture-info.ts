/** What the report says about each fixture file: source, staleness, profile effects, model metadata. */
import path from "node:path";
import { PROMPT_BUILDER_VERSION } from "@lackpy/infer";
import type { Fixture } from "../inputs/fixtures.js";
import type { FixtureInfo } from "../results/report-types.js";
import type { Cell } from "../replay/score-cell.js";

function staleReasons(fixture: Fixture, hash: string): string[] {
  const reasons: string[] = [];
  if (fixture.meta.promptBuilderVersion !== PROMPT_BUILDER_VERSION)
    reasons.push(
      `recorded with prompt builder ${fixture.meta.promptBuilderVersion}, this is ${PROMPT_BUILDER_VERSION}`,
    );
  if (fixture.meta.workspaceHash !== hash)
    reasons.push(
      `recorded against workspace ${fixture.meta.workspaceHash.slice(0, 12)}, this is ${hash.slice(0, 12)}`,
    );
  return reasons;
}

/** The report entry of one fixture file; `hash` is today's workspace fixture hash. */
export function fixtureInfo(
  fixture: Fixture,
  cells: readonly Cell[],
  dir: string,
  hash: string,
): FixtureInfo {
  const own = cells.filter(
    (cell) => cell.provider === fixture.meta.provider && cell.model === fixture.meta.model,
  );
  const models = [
    ...new Set(
      fixture.records.flatMap((record) => {
        const id = (record as { modelId?: unknown }).modelId;
        return typeof id === "string" ? [id] : [];
      }),
    ),
  ];
  const modelInfo = {
    ...fixture.meta.modelInfo,
    ...(models.length ? { modelIdsReturned: models.join(", ") } : {}),
  };
  return {
    provider: fixture.meta.provider,
    model: fixture.meta.model,
    source: fixture.meta.source,
    path: path.relative(dir, fixture.path),
    records: fixture.records.length,
    promptBuilderVersion: fixture.meta.promptBuilderVersion,
    staleReasons: staleReasons(fixture, hash),
    staleCells: own.filter((cell) => cell.stale).length,
    missingCells: own.filter((cell) => cell.mode === "fixture_miss").length,
    ...(fixture.meta.description ? { description: fixture.meta.description } : {}),
    ...(fixture.meta.effects ? { effects: fixture.meta.effects } : {}),
    ...(Object.keys(modelInfo).length ? { modelInfo } : {}),
  };
}
