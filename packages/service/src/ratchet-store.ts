import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { atomicWrite, KeyedLock } from "./atomic-write.js";
import { normaliseIntent } from "./generalise-program.js";

/** Successes of one model-generated program for one normalised intent. */
export interface RatchetEntry {
  intent: string;
  program: string;
  kit: string;
  successes: number;
  lastSuccessAt: string;
  promoted?: string;
}

/** What `recordSuccess` returns: the program's entry, and whether recent answers to the intent agree. */
export interface RatchetRecord {
  entry: RatchetEntry;
  /**
   * True when the intent's last `window` successful model answers (any program) all had this
   * run's output. A model that answers the same request differently is not trusted to be right.
   */
  agreed: boolean;
}

/** `.lackpy/ratchet.json`, version 2 (version 1 was the bare `programs` map). */
interface RatchetFile {
  version: 2;
  programs: Record<string, RatchetEntry>;
  /** Per normalised intent and kit, the output hashes of the latest successful model answers, oldest first. */
  answers: Record<string, string[]>;
}

/** Answers kept per intent; the agreement window never needs more. */
const MAX_ANSWERS = 16;

const LOCK = new KeyedLock();

/** Hash of a run's output, for comparing answers (JSON text; `undefined` as null). */
export function outputHash(output: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(output ?? null) ?? "null")
    .digest("hex")
    .slice(0, 16);
}

/**
 * Counts successful model-generated programs per normalised intent in `.lackpy/ratchet.json`,
 * and remembers the outputs of the latest answers to each intent, so promotion can require that
 * the model agrees with itself.
 */
export class RatchetStore {
  readonly file: string;

  constructor(workspace: string) {
    this.file = path.join(workspace, ".lackpy", "ratchet.json");
  }

  /** Records one success of `program` with `output`; `window` is how many latest answers must agree. */
  async recordSuccess(
    intent: string,
    program: string,
    kit: string,
    output: unknown,
    window: number,
  ): Promise<RatchetRecord> {
    return LOCK.run(this.file, async () => {
      const store = await this.read();
      const key = entryKey(intent, program, kit);
      const entry = store.programs[key] ?? {
        intent: normaliseIntent(intent),
        program,
        kit,
        successes: 0,
        lastSuccessAt: "",
      };
      entry.successes += 1;
      entry.lastSuccessAt = new Date().toISOString();
      store.programs[key] = entry;
      const hash = outputHash(output);
      const answersKey = intentKey(intent, kit);
      const answers = [...(store.answers[answersKey] ?? []), hash].slice(-MAX_ANSWERS);
      store.answers[answersKey] = answers;
      await this.write(store);
      const recent = answers.slice(-Math.max(1, window));
      return { entry, agreed: recent.every((answer) => answer === hash) };
    });
  }

  /** Marks an entry as promoted to the named template. */
  async markPromoted(
    intent: string,
    program: string,
    kit: string,
    template: string,
  ): Promise<void> {
    await LOCK.run(this.file, async () => {
      const store = await this.read();
      const entry = store.programs[entryKey(intent, program, kit)];
      if (!entry) return;
      entry.promoted = template;
      await this.write(store);
    });
  }

  private write(store: RatchetFile): Promise<void> {
    return atomicWrite(this.file, `${JSON.stringify(store, null, 2)}\n`);
  }

  private async read(): Promise<RatchetFile> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(this.file, "utf8")) as unknown;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptyStore();
      // A damaged store is set aside, never silently overwritten.
      if (error instanceof SyntaxError) {
        await atomicWrite(`${this.file}.damaged-${Date.now()}`, await readFile(this.file, "utf8"));
        return emptyStore();
      }
      throw error;
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return emptyStore();
    const record = parsed as Partial<RatchetFile>;
    if (record.version === 2)
      return { version: 2, programs: record.programs ?? {}, answers: record.answers ?? {} };
    // Version 1 kept the program entries at the top level and no answers.
    return { version: 2, programs: parsed as Record<string, RatchetEntry>, answers: {} };
  }
}

function emptyStore(): RatchetFile {
  return { version: 2, programs: {}, answers: {} };
}

function intentKey(intent: string, kit: string): string {
  return `${kit}\u0000${normaliseIntent(intent)}`;
}

function entryKey(intent: string, program: string, kit: string): string {
  return createHash("sha256")
    .update(`${normaliseIntent(intent)}\u0000${kit}\u0000${program.trim()}`)
    .digest("hex")
    .slice(0, 16);
}
