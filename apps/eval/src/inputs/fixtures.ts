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
export const FIXTURES_DIR = fileURLToPath(new URL("../../fixtures", import.meta.url));

/** What a recording was asked to hold: `eval record --resume` fills in what the file lacks of it. */
export interface RecordingPlan {
  /** Prompt variants, in the prompt builder's order. */
  variants: string[];
  /** Samples per cell. */
  trials: number;
  /** Whether each paraphrase is recorded too (under the first variant). */
  paraphrases: boolean;
  /** Temperature of the first attempt (Ollama sends it; the Anthropic provider sends none). */
  temperature: number;
}

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
  /** Synthetic fixtures: the rates the profile's code uses, in words. */
  effects?: string[];
  /** Recorded Ollama fixtures: digest, quantisation, parameter size and server version, as the server reported them. */
  modelInfo?: Record<string, string>;
  /** What the recording was asked to hold, widened by later runs that asked for more (absent in older files). */
  plan?: RecordingPlan;
}

/**
 * A model call as `eval record` writes it: infer's record with the temperature actually sent
 * (null when the request carried none), the request's other parameters, and the model id the
 * server answered with.
 */
export type RecordedCall = Omit<ModelCallRecord, "temperature"> & {
  temperature: number | null;
  /** The request body's parameters besides the messages (model, temperature, max_tokens, ...), as sent. */
  sent?: Record<string, unknown> | null;
  /** The model id in the server's answer. */
  modelId?: string | null;
  /** Retries before this answer (HTTP 429/5xx or no answer). */
  retries?: number;
};

/** A loaded fixture file. */
export interface Fixture {
  path: string;
  meta: FixtureMeta;
  records: ModelCallRecord[];
}

/** Why fixtures cannot be used. */
export class FixtureError extends Error {
  constructor(
    readonly code:
      | "fixture_invalid"
      | "workspace_changed"
      | "prompt_changed"
      | "model_changed"
      | "invalid_intents"
      | "invalid_prices"
      | "invalid_baseline"
      | "no_fixture"
      | "partial_fixture"
      | "no_model_server",
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = "FixtureError";
  }
}

const RESERVED_NAMES = /^(?:con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * A model name as a file name every OS accepts: letters, digits, `.`, `_`, `-`, `+` and `@` kept,
 * anything else (`:` and `/` included) turned into `_`, no trailing dots, no Windows device names.
 */
export function safeFileName(name: string): string {
  const safe = name
    .replace(/[^\w.@+-]/g, "_")
    .replace(/[. ]+$/, "")
    .slice(0, 120);
  if (safe === "" || RESERVED_NAMES.test(safe.split(".")[0])) return `_${safe}`;
  return safe;
}

/** File of a model's fixtures: `<dir>/<provider>/<safe model name>.jsonl`. */
export function fixturePath(provider: string, model: string, dir = FIXTURES_DIR): string {
  return path.join(dir, safeFileName(provider), `${safeFileName(model)}.jsonl`);
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
