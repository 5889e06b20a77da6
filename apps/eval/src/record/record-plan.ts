/**
 * Which cells a recording sends: the intents filter and limit, the cells already in the file,
 * and the cells whose first prompt is byte-identical to an earlier variant's for the same wording
 * and trial (e.g. `examples` when no example was retrieved). Those are sent once: replay finds the
 * earlier recording by prompt hash, so sending them again would only pay for a duplicate.
 */
import {
  promptHash,
  type GenerationContext,
  type MessageProvider,
  type Provider,
  type ProviderAnswer,
} from "@lackpy/infer";
import { cellKey, type CellSpec } from "../inputs/cell-specs.js";
import { openEvalService } from "../workspace/eval-service.js";
import type { Intent } from "../inputs/types.js";

/** Keeps the intents whose id is listed (`*` at the end matches a prefix), then the first `limit`. */
export function filterIntents(
  intents: readonly Intent[],
  options: { ids?: readonly string[]; limit?: number },
): Intent[] {
  const ids = options.ids ?? [];
  const chosen =
    ids.length === 0
      ? [...intents]
      : intents.filter((intent) =>
          ids.some((id) =>
            id.endsWith("*") ? intent.id.startsWith(id.slice(0, -1)) : intent.id === id,
          ),
        );
  return options.limit === undefined ? chosen : chosen.slice(0, options.limit);
}

/** Answers nothing; remembers the hash of the first prompt it was shown. */
class PromptProbe implements Provider {
  readonly name = "model";
  readonly retries = false;
  readonly tier: Provider["tier"];
  last: string | null = null;

  constructor(private readonly inner: MessageProvider) {
    this.tier = inner.tier;
  }

  async available(): Promise<boolean> {
    return true;
  }

  async generate(intent: string, context: GenerationContext): Promise<ProviderAnswer | null> {
    this.last = promptHash(this.inner.messages(intent, context));
    return null;
  }
}

/** The plan of a recording. */
export interface RecordPlan {
  /** Cells to send, in order. */
  pending: CellSpec[];
  /** Cells already in the file. */
  done: number;
  /** Cells whose first prompt repeats an earlier variant's: not sent. */
  identical: CellSpec[];
}

/** Splits the cells into done, identical-prompt and pending ones, building each cell's first prompt through the service. */
export async function planRecording(
  workspace: string,
  provider: MessageProvider,
  cells: readonly CellSpec[],
  recorded: ReadonlySet<string>,
): Promise<RecordPlan> {
  const probe = new PromptProbe(provider);
  const service = await openEvalService(workspace, {
    providers: { model: probe },
    order: ["model"],
  });
  const seen = new Set<string>();
  const plan: RecordPlan = { pending: [], done: 0, identical: [] };
  try {
    for (const cell of cells) {
      probe.last = null;
      await service.generate(cell.text, {
        kit: cell.intent.kit,
        params: cell.intent.params,
        generation: { variant: cell.variant, intentId: cell.intentId },
      });
      const key = `${cell.text}\u0000${cell.trial}\u0000${probe.last}`;
      const repeat = probe.last !== null && seen.has(key);
      seen.add(key);
      if (repeat) plan.identical.push(cell);
      else if (recorded.has(cellKey(cell.intentId, cell.variant, cell.trial))) plan.done += 1;
      else plan.pending.push(cell);
    }
  } finally {
    await service.close();
  }
  return plan;
}
