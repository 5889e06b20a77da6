/**
 * `eval record`: runs the real Ollama or Anthropic provider over the intents through the real
 * dispatcher and appends every model call to the model's fixture file. A cell (intent × variant
 * × trial) is written only once complete, so an interrupted recording resumes where it stopped;
 * a file recorded against another workspace fixture or prompt builder is never mixed with.
 */
import { appendFile, mkdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  AnthropicProvider,
  OllamaProvider,
  PROMPT_BUILDER_VERSION,
  RecordingProvider,
  type MessageProvider,
  type ModelCallRecord,
} from "@lackpy/infer";
import { cellKey, cellSpecs, type CellSpec } from "./cell-specs.js";
import { openEvalService } from "./eval-service.js";
import { FixtureError, loadFixture, metaLine, type FixtureMeta } from "./fixtures.js";
import type { Intent } from "./types.js";
import { prepareWorkspace, workspaceHash } from "./workspace.js";

/** What to record. */
export interface RecordOptions {
  provider: "ollama" | "anthropic";
  model: string;
  /** Ollama host (default http://127.0.0.1:11434). */
  host?: string;
  /** Anthropic base URL (default the SDK's). */
  baseUrl?: string;
  apiKey?: string;
  intents: readonly Intent[];
  variants: readonly string[];
  trials: number;
  /** Also record each paraphrase once (for the ratchet simulation). */
  paraphrases: boolean;
  /** Base temperature of the first attempt. */
  temperature: number;
  file: string;
  source: "recorded" | "synthetic";
  /** Set an existing file aside (renamed, never deleted) and start over. */
  replace?: boolean;
  description?: string;
  recorder?: string;
  onProgress?: (done: number, total: number, cell: CellSpec) => void;
  signal?: AbortSignal;
}

/** What a recording did. */
export interface RecordSummary {
  file: string;
  cells: number;
  recorded: number;
  skipped: number;
  failed: { cell: string; reason: string }[];
  calls: number;
}

function innerProvider(options: RecordOptions): MessageProvider {
  if (options.provider === "ollama")
    return new OllamaProvider({
      name: "ollama",
      host: options.host,
      model: options.model,
      temperature: options.temperature,
    });
  return new AnthropicProvider({
    name: "anthropic",
    model: options.model,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
  });
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Checks an existing file can be appended to and returns the cells it already has, or null when
 * recording starts a new file (none yet, or the old one set aside with `replace`).
 */
async function resumeFrom(
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
  return new Set(
    existing.records.map((record) =>
      cellKey(record.intentId ?? "", record.promptVariant ?? "", record.trial ?? 1),
    ),
  );
}

/** Records (or resumes recording) one model's fixtures. */
export async function recordFixtures(options: RecordOptions): Promise<RecordSummary> {
  const inner = innerProvider(options);
  if (!(await inner.available()))
    throw new FixtureError(
      "fixture_invalid",
      options.provider === "ollama"
        ? `No Ollama server answers at ${options.host ?? "http://127.0.0.1:11434"}.`
        : "No Anthropic API key.",
      options.provider === "ollama"
        ? `start it with \`ollama serve\` and pull the model with \`ollama pull ${options.model}\``
        : "set ANTHROPIC_API_KEY",
    );
  const meta: FixtureMeta = {
    provider: options.provider,
    model: options.model,
    source: options.source,
    workspaceHash: await workspaceHash(),
    promptBuilderVersion: PROMPT_BUILDER_VERSION,
    createdAt: new Date().toISOString(),
    recorder: options.recorder ?? "eval record",
    ...(options.description ? { description: options.description } : {}),
  };
  const resumed = await resumeFrom(options.file, meta, options.replace ?? false);
  const done = resumed ?? new Set<string>();
  if (resumed === null) {
    await mkdir(path.dirname(options.file), { recursive: true });
    await writeFile(options.file, metaLine(meta));
  }
  const cells = cellSpecs(options.intents, options);
  const pending = cells.filter(
    (cell) => !done.has(cellKey(cell.intentId, cell.variant, cell.trial)),
  );
  let buffer: ModelCallRecord[] = [];
  const recording = new RecordingProvider(inner, (record) => void buffer.push(record));
  const workspace = await prepareWorkspace();
  const summary: RecordSummary = {
    file: options.file,
    cells: cells.length,
    recorded: 0,
    skipped: cells.length - pending.length,
    failed: [],
    calls: 0,
  };
  try {
    const service = await openEvalService(workspace.dir, {
      providers: { model: recording },
      order: ["model"],
    });
    for (const [index, cell] of pending.entries()) {
      if (options.signal?.aborted) break;
      buffer = [];
      const outcome = await service.generate(cell.text, {
        kit: cell.intent.kit,
        params: cell.intent.params,
        generation: {
          variant: cell.variant,
          intentId: cell.intentId,
          temperature: options.temperature,
        },
      });
      const reason = outcome.success ? null : (outcome.error.tiers[0]?.reason ?? "");
      // A cell is complete when a program was accepted or the correction chain ran out; a
      // network error or timeout leaves it unwritten, for the next run to retry.
      if (outcome.success || reason?.startsWith("invalid after")) {
        const lines = buffer.map((record) =>
          JSON.stringify({ ...record, trial: cell.trial, source: options.source }),
        );
        if (lines.length > 0) await appendFile(options.file, `${lines.join("\n")}\n`);
        summary.recorded += 1;
        summary.calls += lines.length;
      } else {
        summary.failed.push({
          cell: cellKey(cell.intentId, cell.variant, cell.trial),
          reason: reason ?? "",
        });
      }
      options.onProgress?.(index + 1, pending.length, cell);
    }
  } finally {
    await workspace.dispose();
  }
  return summary;
}
