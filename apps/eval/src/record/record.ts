/**
 * `eval record`: runs the real Ollama or Anthropic provider over the intents through the real
 * dispatcher and appends every model call to the model's fixture file. A cell (intent × variant
 * × trial) is written only once complete, so an interrupted recording resumes where it stopped;
 * a file recorded against another workspace fixture, prompt builder or model digest is never
 * mixed with. Each record stores what went over the wire (through the fetch tap): the
 * temperature and other parameters sent, the model id returned, the HTTP round trip.
 */
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  AnthropicProvider,
  OllamaProvider,
  PROMPT_BUILDER_VERSION,
  RecordingProvider,
  type MessageProvider,
} from "@lackpy/infer";
import { cellKey, cellSpecs, type CellSpec } from "../inputs/cell-specs.js";
import { openEvalService } from "../workspace/eval-service.js";
import { currentTapScope, installFetchTap, runInTapScope, type TapScope } from "./fetch-tap.js";
import {
  FixtureError,
  metaLine,
  type FixtureMeta,
  type RecordedCall,
  type RecordingPlan,
} from "../inputs/fixtures.js";
import { fromWire } from "./wire-record.js";
import { ollamaModelInfo } from "./model-info.js";
import { costUsd, type PriceTable } from "../inputs/prices.js";
import { resumeFrom, widenPlan, writePlan } from "./record-resume.js";
import { planRecording } from "./record-plan.js";
import { DEFAULT_RETRY, RetryingProvider, type RetrySettings } from "./retrying-provider.js";
import type { Intent } from "../inputs/types.js";
import { prepareWorkspace, workspaceHash } from "../workspace/workspace.js";

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
  /** Also record each paraphrase (for the ratchet simulation). */
  paraphrases: boolean;
  /** Temperature of the first attempt (Ollama sends it; the Anthropic provider sends none). */
  temperature: number;
  file: string;
  source: "recorded" | "synthetic";
  /** Set an existing file aside (renamed, never deleted) and start over. */
  replace?: boolean;
  description?: string;
  effects?: readonly string[];
  recorder?: string;
  /** Cells in flight at once (default 1). */
  concurrency?: number;
  retry?: Partial<RetrySettings>;
  /** Prices for the cost of an Anthropic recording. */
  prices?: PriceTable;
  onProgress?: (done: number, total: number, cell: CellSpec) => void;
  signal?: AbortSignal;
}

/** What a recording did. */
export interface RecordSummary {
  file: string;
  cells: number;
  recorded: number;
  /** Cells already in the file. */
  skipped: number;
  /** Cells not sent because their first prompt repeats an earlier variant's (recorded once). */
  identical: number;
  failed: { cell: string; reason: string }[];
  calls: number;
  retries: number;
  tokensIn: number;
  tokensOut: number;
  /** USD at the price table's rate (Anthropic recordings with a known price), else null. */
  costUsd: number | null;
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

/** The scope of one cell: its HTTP exchanges, the records made from them, and why it failed. */
interface CellScope extends TapScope {
  records: RecordedCall[];
  /** Exchanges already turned into records (or counted as their retries). */
  consumed: number;
  /** Set when the provider gave up (network, HTTP error after the retries): the cell stays unwritten. */
  failure: string | null;
}

/** Records (or resumes recording) one model's fixtures. */
export async function recordFixtures(options: RecordOptions): Promise<RecordSummary> {
  // Installed first: the Anthropic client keeps the fetch it finds when it is made.
  const removeTap = installFetchTap();
  try {
    return await record(options);
  } finally {
    removeTap();
  }
}

async function record(options: RecordOptions): Promise<RecordSummary> {
  const inner = innerProvider(options);
  const host = options.host ?? "http://127.0.0.1:11434";
  if (!(await inner.available()))
    throw new FixtureError(
      "no_model_server",
      options.provider === "ollama"
        ? `No Ollama server answers at ${host}.`
        : "No Anthropic API key.",
      options.provider === "ollama"
        ? `start it with \`ollama serve\` and pull the model with \`ollama pull ${options.model}\``
        : "set ANTHROPIC_API_KEY",
    );
  const modelInfo =
    options.provider === "ollama" ? await ollamaModelInfo(host, options.model) : undefined;
  const plan: RecordingPlan = {
    variants: [...options.variants],
    trials: options.trials,
    paraphrases: options.paraphrases,
    temperature: options.temperature,
  };
  const meta: FixtureMeta = {
    provider: options.provider,
    model: options.model,
    source: options.source,
    workspaceHash: await workspaceHash(),
    promptBuilderVersion: PROMPT_BUILDER_VERSION,
    createdAt: new Date().toISOString(),
    recorder: options.recorder ?? "eval record",
    ...(options.description ? { description: options.description } : {}),
    ...(options.effects ? { effects: [...options.effects] } : {}),
    ...(modelInfo && Object.keys(modelInfo).length ? { modelInfo } : {}),
    plan,
  };
  const resumed = await resumeFrom(options.file, meta, options.replace ?? false);
  if (resumed === null) {
    await mkdir(path.dirname(options.file), { recursive: true });
    await writeFile(options.file, metaLine(meta));
  } else {
    // A run that asks for more (another variant, more trials) widens the file's plan, so
    // `--resume` later fills in all of it.
    const widened = widenPlan(resumed.plan, plan);
    if (JSON.stringify(widened) !== JSON.stringify(resumed.meta.plan))
      await writePlan(options.file, { ...resumed.meta, plan: widened });
  }
  const cells = cellSpecs(options.intents, options);
  const workspace = await prepareWorkspace();
  const retrying = new RetryingProvider(inner, {
    ...DEFAULT_RETRY,
    ...options.retry,
    onGiveUp: (error) => {
      const scope = currentTapScope() as CellScope | undefined;
      if (scope) scope.failure = error instanceof Error ? error.message : String(error);
    },
  });
  const recording = new RecordingProvider(retrying, (made) => {
    const scope = currentTapScope() as CellScope;
    const retries = Math.max(0, scope.exchanges.length - scope.consumed - 1);
    scope.consumed = scope.exchanges.length;
    scope.records.push(fromWire(made, scope.exchanges.at(-1), retries));
  });
  const summary: RecordSummary = {
    file: options.file,
    cells: cells.length,
    recorded: 0,
    skipped: 0,
    identical: 0,
    failed: [],
    calls: 0,
    retries: 0,
    tokensIn: 0,
    tokensOut: 0,
    costUsd: null,
  };
  try {
    const sending = await planRecording(workspace.dir, inner, cells, resumed?.cells ?? new Set());
    summary.skipped = sending.done;
    summary.identical = sending.identical.length;
    const service = await openEvalService(workspace.dir, {
      providers: { model: recording },
      order: ["model"],
    });
    let writing = Promise.resolve();
    let next = 0;
    let done = 0;
    const recordCell = async (cell: CellSpec) => {
      const scope: CellScope = { exchanges: [], records: [], consumed: 0, failure: null };
      const outcome = await runInTapScope(scope, () =>
        service.generate(cell.text, {
          kit: cell.intent.kit,
          params: cell.intent.params,
          generation: {
            variant: cell.variant,
            intentId: cell.intentId,
            temperature: options.temperature,
          },
        }),
      );
      // A provider that gave up leaves the cell unwritten, for the next run; a program accepted,
      // or the correction chain run out, completes it.
      if (!outcome.success && scope.records.length === 0)
        scope.failure ??= outcome.error.tiers[0]?.reason ?? "no answer";
      if (scope.failure === null) {
        const lines = scope.records.map((made) =>
          JSON.stringify({ ...made, trial: cell.trial, source: options.source }),
        );
        writing = writing.then(() =>
          lines.length ? appendFile(options.file, `${lines.join("\n")}\n`) : undefined,
        );
        await writing;
        summary.recorded += 1;
        summary.calls += lines.length;
        summary.tokensIn += scope.records.reduce((sum, made) => sum + (made.tokensIn ?? 0), 0);
        summary.tokensOut += scope.records.reduce((sum, made) => sum + (made.tokensOut ?? 0), 0);
      } else
        summary.failed.push({
          cell: cellKey(cell.intentId, cell.variant, cell.trial),
          reason: scope.failure,
        });
      options.onProgress?.(++done, sending.pending.length, cell);
    };
    const worker = async () => {
      while (next < sending.pending.length && !options.signal?.aborted)
        await recordCell(sending.pending[next++]);
    };
    await Promise.all(
      Array.from({ length: Math.max(1, options.concurrency ?? 1) }, () => worker()),
    );
    await service.close();
  } finally {
    summary.retries = retrying.retried;
    await workspace.dispose();
  }
  if (options.provider === "anthropic")
    summary.costUsd = costUsd(options.model, summary, options.prices);
  return summary;
}
