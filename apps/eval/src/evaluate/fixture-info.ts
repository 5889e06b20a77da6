/** What the report says about each fixture file: source, coverage, staleness, profile effects, model metadata. */
import path from "node:path";
import { PROMPT_BUILDER_VERSION } from "@lackpy/infer";
import { fixtureCoverage } from "../inputs/fixture-coverage.js";
import type { Fixture } from "../inputs/fixtures.js";
import type { Intent } from "../inputs/types.js";
import type { FixtureInfo } from "../results/report-types.js";
import { fixtureVariants } from "../replay/replay.js";
import type { Cell } from "../replay/score-cell.js";

/** Stale means recorded against an older prompt: another prompt-builder version. */
function staleReasons(fixture: Fixture): string[] {
  return fixture.meta.promptBuilderVersion === PROMPT_BUILDER_VERSION
    ? []
    : [
        `recorded with prompt builder ${fixture.meta.promptBuilderVersion}, this is ${PROMPT_BUILDER_VERSION}`,
      ];
}

/** The report entry of one fixture file, given its replayed cells among `cells` and today's workspace fixture hash. */
export function fixtureInfo(
  fixture: Fixture,
  cells: readonly Cell[],
  options: { dir: string; hash: string; intents: readonly Intent[] },
): FixtureInfo {
  const own = cells.filter(
    (cell) => cell.provider === fixture.meta.provider && cell.model === fixture.meta.model,
  );
  const coverage = fixtureCoverage(fixture.records, options.intents);
  const trials = new Set(fixture.records.map((record) => record.trial ?? 1)).size;
  const grid = coverage.intents.size * fixtureVariants(fixture).length * trials;
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
    path: path.relative(options.dir, fixture.path),
    records: fixture.records.length,
    promptBuilderVersion: fixture.meta.promptBuilderVersion,
    recordedIntents: coverage.intents.size,
    partial: coverage.missing.length > 0,
    unrecordedCells: Math.max(0, grid - own.length),
    staleReasons: staleReasons(fixture),
    staleCells: own.filter((cell) => cell.stale).length,
    missingCells: own.filter((cell) => cell.mode === "fixture_miss").length,
    workspaceChanged:
      fixture.meta.workspaceHash === options.hash
        ? null
        : `recorded against workspace ${fixture.meta.workspaceHash.slice(0, 12)}, this is ${options.hash.slice(0, 12)}`,
    ...(fixture.meta.description ? { description: fixture.meta.description } : {}),
    ...(fixture.meta.effects ? { effects: fixture.meta.effects } : {}),
    ...(Object.keys(modelInfo).length ? { modelInfo } : {}),
  };
}
