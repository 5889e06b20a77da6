import { appendFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { ModelCallRecord } from "./record-replay.js";

/** A sink that appends each record as one JSON line to `file`. */
export function jsonlSink(file: string): (record: ModelCallRecord) => Promise<void> {
  return async (record) => {
    await mkdir(path.dirname(file), { recursive: true });
    await appendFile(file, `${JSON.stringify(record)}\n`);
  };
}

/** Reads the records of a fixtures JSONL file (lines starting with `{"_meta"` are headers and skipped); bad lines are reported with their number. */
export async function readJsonl(file: string): Promise<{
  meta: Record<string, unknown> | null;
  records: ModelCallRecord[];
  problems: string[];
}> {
  const lines = (await readFile(file, "utf8")).split("\n");
  let meta: Record<string, unknown> | null = null;
  const records: ModelCallRecord[] = [];
  const problems: string[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    try {
      const value = JSON.parse(line) as Record<string, unknown>;
      if ("_meta" in value) meta = value._meta as Record<string, unknown>;
      else records.push(value as unknown as ModelCallRecord);
    } catch {
      problems.push(`${file}:${index + 1}: not valid JSON`);
    }
  });
  return { meta, records, problems };
}
