/**
 * Whether `eval record` may append to an existing fixture file, which cells it already holds, and
 * what it was asked to hold (its plan), which `--resume` records the rest of.
 */
import { readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { PROMPT_VARIANTS } from "@lackpy/infer";
import { cellKey } from "../inputs/cell-specs.js";
import {
  FixtureError,
  loadFixture,
  metaLine,
  type Fixture,
  type FixtureMeta,
  type RecordingPlan,
} from "../inputs/fixtures.js";

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

const variantOrder = (variant: string) => {
  const index = (PROMPT_VARIANTS as readonly string[]).indexOf(variant);
  return index === -1 ? PROMPT_VARIANTS.length : index;
};

/** Variants in the prompt builder's order, each once. */
function orderedVariants(variants: Iterable<string>): string[] {
  return [...new Set(variants)].sort(
    (a, b) => variantOrder(a) - variantOrder(b) || a.localeCompare(b),
  );
}

/**
 * What a fixture file was asked to hold: its header's plan, or for a file written before plans
 * were kept, what its records show (their variants and most trials, paraphrases on, the first
 * attempts' temperature).
 */
export function recordingPlanOf(fixture: Fixture): RecordingPlan {
  if (fixture.meta.plan) return fixture.meta.plan;
  const records = fixture.records;
  const variants = orderedVariants(records.flatMap((record) => record.promptVariant ?? []));
  const first = records.find((record) => record.attempt === 1 && record.temperature !== null);
  return {
    variants: variants.length > 0 ? variants : [...PROMPT_VARIANTS],
    trials: Math.max(1, ...records.map((record) => record.trial ?? 1)),
    paraphrases: true,
    temperature: typeof first?.temperature === "number" ? first.temperature : 0.7,
  };
}

/** The plan that holds both: every variant of either, the most trials, paraphrases if either has them, the newer temperature. */
export function widenPlan(before: RecordingPlan, now: RecordingPlan): RecordingPlan {
  return {
    variants: orderedVariants([...before.variants, ...now.variants]),
    trials: Math.max(before.trials, now.trials),
    paraphrases: before.paraphrases || now.paraphrases,
    temperature: now.temperature,
  };
}

/** Rewrites a fixture file's header line with another plan (written aside, then renamed over it). */
export async function writePlan(file: string, meta: FixtureMeta): Promise<void> {
  const text = await readFile(file, "utf8");
  const rest = text.slice(text.indexOf("\n") + 1);
  const aside = `${file}.plan-${process.pid}`;
  await writeFile(aside, metaLine(meta) + rest);
  await rename(aside, file);
}

/** The file `eval record --resume` continues: its plan, or a FixtureError when there is no such file. */
export async function planToResume(file: string): Promise<RecordingPlan> {
  if (!(await exists(file)))
    throw new FixtureError(
      "no_fixture",
      `There is no recording to resume at ${file}.`,
      "start it without --resume (check --provider, --model and --out)",
    );
  return recordingPlanOf(await loadFixture(file));
}

/** The cells an existing fixture file holds and its header, when recording appends to it. */
export interface Resumed {
  cells: Set<string>;
  meta: FixtureMeta;
  plan: RecordingPlan;
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
): Promise<Resumed | null> {
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
  return {
    cells: new Set(
      existing.records.map((record) =>
        cellKey(record.intentId ?? "", record.promptVariant ?? "", record.trial ?? 1),
      ),
    ),
    meta: existing.meta,
    plan: recordingPlanOf(existing),
  };
}
