/** Whether `eval record` may append to an existing fixture file, and which cells it already holds. */
import { rename, stat } from "node:fs/promises";
import path from "node:path";
import { cellKey } from "../inputs/cell-specs.js";
import { FixtureError, loadFixture, type FixtureMeta } from "../inputs/fixtures.js";

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Checks an existing file can be appended to and returns the cells it already has, or null when
 * recording starts a new file (none yet, or the old one set aside with `replace`). A file of
 * another workspace fixture, prompt builder, model or model digest is refused.
 */
export async function resumeFrom(
  file: string,
  meta: FixtureMeta,
  replace: boolean,
): Promise<Set<string> | null> {
  if (!(await exists(file))) return null;
  if (replace) {
    await rename(file, `${file}.replaced-${Date.now()}`);
    return null;
  }
  const existing = await loadFixture(file);
  const hint = `record into another file with --out, or pass --replace to set ${path.basename(file)} aside and start over`;
  if (existing.meta.workspaceHash !== meta.workspaceHash)
    throw new FixtureError(
      "workspace_changed",
      `${file} was recorded against workspace ${existing.meta.workspaceHash.slice(0, 12)}, but the workspace fixture is now ${meta.workspaceHash.slice(0, 12)}; its answers would not match.`,
      hint,
    );
  if (existing.meta.promptBuilderVersion !== meta.promptBuilderVersion)
    throw new FixtureError(
      "prompt_changed",
      `${file} was recorded with prompt builder ${existing.meta.promptBuilderVersion}, this is ${meta.promptBuilderVersion}.`,
      hint,
    );
  if (existing.meta.model !== meta.model || existing.meta.provider !== meta.provider)
    throw new FixtureError(
      "fixture_invalid",
      `${file} holds ${existing.meta.provider}/${existing.meta.model}, not ${meta.provider}/${meta.model}.`,
      hint,
    );
  const before = existing.meta.modelInfo?.digest;
  const now = meta.modelInfo?.digest;
  if (before && now && before !== now)
    throw new FixtureError(
      "model_changed",
      `${file} was recorded with ${meta.model} digest ${before.slice(0, 12)}, the server now has ${now.slice(0, 12)} (the model was pulled again).`,
      hint,
    );
  return new Set(
    existing.records.map((record) =>
      cellKey(record.intentId ?? "", record.promptVariant ?? "", record.trial ?? 1),
    ),
  );
}
