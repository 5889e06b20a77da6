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

const LOCK = new KeyedLock();

/** Counts successful model-generated programs per normalised intent in `.lackpy/ratchet.json`. */
export class RatchetStore {
  readonly file: string;

  constructor(workspace: string) {
    this.file = path.join(workspace, ".lackpy", "ratchet.json");
  }

  /** Records one success and returns the updated entry. */
  async recordSuccess(intent: string, program: string, kit: string): Promise<RatchetEntry> {
    return LOCK.run(this.file, async () => {
      const entries = await this.read();
      const key = entryKey(intent, program, kit);
      const entry = entries[key] ?? {
        intent: normaliseIntent(intent),
        program,
        kit,
        successes: 0,
        lastSuccessAt: "",
      };
      entry.successes += 1;
      entry.lastSuccessAt = new Date().toISOString();
      entries[key] = entry;
      await atomicWrite(this.file, `${JSON.stringify(entries, null, 2)}\n`);
      return entry;
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
      const entries = await this.read();
      const entry = entries[entryKey(intent, program, kit)];
      if (!entry) return;
      entry.promoted = template;
      await atomicWrite(this.file, `${JSON.stringify(entries, null, 2)}\n`);
    });
  }

  private async read(): Promise<Record<string, RatchetEntry>> {
    try {
      const parsed = JSON.parse(await readFile(this.file, "utf8")) as unknown;
      return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
        ? (parsed as Record<string, RatchetEntry>)
        : {};
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
      // A damaged store is set aside, never silently overwritten.
      if (error instanceof SyntaxError) {
        await atomicWrite(`${this.file}.damaged-${Date.now()}`, await readFile(this.file, "utf8"));
        return {};
      }
      throw error;
    }
  }
}

function entryKey(intent: string, program: string, kit: string): string {
  return createHash("sha256")
    .update(`${normaliseIntent(intent)}\u0000${kit}\u0000${program.trim()}`)
    .digest("hex")
    .slice(0, 16);
}
