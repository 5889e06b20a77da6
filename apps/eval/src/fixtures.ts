/**
 * Fixture files: `fixtures/<provider>/<model>.jsonl`, a `_meta` header line, then one line per
 * model call (ModelCallRecord). The header pins the workspace fixture and the prompt builder the
 * calls were recorded against.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ModelCallRecord } from "@lackpy/infer";
import { readJsonl } from "@lackpy/infer/node";

/** The committed fixtures. */
export const FIXTURES_DIR = fileURLToPath(new URL("../fixtures", import.meta.url));

/** The header of a fixture file. */
export interface FixtureMeta {
  provider: "ollama" | "anthropic";
  model: string;
  source: "recorded" | "synthetic";
  workspaceHash: string;
  promptBuilderVersion: string;
  createdAt: string;
  /** What recorded it, e.g. `lackpy eval record` or `lackpy eval synth`. */
  recorder?: string;
  /** The behaviour profile of synthetic fixtures. */
  description?: string;
}

/** A loaded fixture file. */
export interface Fixture {
  path: string;
  meta: FixtureMeta;
  records: ModelCallRecord[];
}

/** Why fixtures cannot be used. */
export class FixtureError extends Error {
  constructor(
    readonly code: "fixture_invalid" | "workspace_changed" | "prompt_changed" | "invalid_intents",
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = "FixtureError";
  }
}

/** File name of a model's fixtures: the model name with characters unsafe in file names replaced. */
export function fixturePath(provider: string, model: string, dir = FIXTURES_DIR): string {
  return path.join(dir, provider, `${model.replace(/[^\w.:@+-]/g, "_")}.jsonl`);
}

const isText = (value: unknown): value is string => typeof value === "string" && value !== "";

/** Reads one fixture file; a missing or malformed header or a bad line is a FixtureError naming the file. */
export async function loadFixture(file: string): Promise<Fixture> {
  const { meta, records, problems } = await readJsonl(file);
  if (problems.length > 0)
    throw new FixtureError("fixture_invalid", problems[0], "fix or delete the line");
  const header = meta as Partial<FixtureMeta> | null;
  if (
    !header ||
    !isText(header.provider) ||
    !isText(header.model) ||
    !isText(header.workspaceHash) ||
    !isText(header.promptBuilderVersion) ||
    (header.source !== "recorded" && header.source !== "synthetic")
  )
    throw new FixtureError(
      "fixture_invalid",
      `${file}: the first line must be {"_meta": {provider, model, source, workspaceHash, promptBuilderVersion, createdAt}}.`,
      "record the file again with `pnpm --filter @lackpy/eval eval record`",
    );
  records.forEach((record, index) => {
    if (!isText(record.promptHash) || typeof record.raw !== "string" || !(record.attempt >= 1))
      throw new FixtureError(
        "fixture_invalid",
        `${file}: record ${index + 1} needs promptHash, attempt and raw.`,
        "fix or delete the line",
      );
  });
  return { path: file, meta: header as FixtureMeta, records };
}

/** Every fixture file under `dir` (`<provider>/<model>.jsonl`), sorted. */
export async function listFixtures(dir = FIXTURES_DIR): Promise<string[]> {
  const found: string[] = [];
  const providers = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const provider of providers.filter((entry) => entry.isDirectory())) {
    const files = await readdir(path.join(dir, provider.name));
    for (const file of files.filter((name) => name.endsWith(".jsonl")))
      found.push(path.join(dir, provider.name, file));
  }
  return found.sort();
}

/** The JSONL header line for a fixture file. */
export function metaLine(meta: FixtureMeta): string {
  return `${JSON.stringify({ _meta: meta })}\n`;
}
