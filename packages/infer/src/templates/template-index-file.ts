/**
 * The template folder's index file (`.lackpy/templates.index`): what each `.tmpl` file held
 * when it was read, with the file's signature then, so that a new process reads and parses only
 * the files that changed since. It is a cache and nothing more: a row is used only when the
 * file's signature now is the one recorded, and an index that is not exactly what this code
 * wrote is not used at all. The file is a header line (format, version, folder, and the SHA-256
 * of the rest), then the rows as one JSON array: a digest that does not match means damage, and
 * checking it costs far less than checking thousands of rows field by field.
 */
import { createHash, randomBytes } from "node:crypto";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { readRegularFileSync } from "@lackpy/kit/node";
import type { PatternWords } from "./template-index.js";
import type { Template, TemplateProblem } from "./template.js";
import { isRecord } from "../is-record.js";

/**
 * The index's format. Bump it whenever `parseTemplate` reads a file differently (a new key, a
 * new check) or `patternWords` finds other words, so that no process serves what an older
 * version made of a file.
 */
export const TEMPLATE_INDEX_VERSION = 2;

/** A file's mtime, ctime (both in ms), size and inode: when any differs, the file changed. */
export type FileSignature = readonly [number, number, number, number];

/** One template file as the index remembers it. */
export interface IndexedTemplateFile {
  /** The file's name in the folder (`x.tmpl`). */
  name: string;
  /** Its signature when it was read. */
  signature: FileSignature;
  /** The line of its `name:` key (for duplicate names). */
  nameLine: number;
  /** The line its program starts on (0 for a file with a problem). */
  programLine: number;
  /** What it held: a template, or why it is not one. */
  template: Template | null;
  problem: TemplateProblem | null;
  /** The words of the template's pattern and its key, as `TemplateIndex` filed it (null without a pattern). */
  words: PatternWords | null;
}

/** A row of the file as it is stored and read: an `IndexedTemplateFile` by position (no object per row to make). */
export type IndexRow = readonly [
  name: string,
  signature: FileSignature,
  nameLine: number,
  programLine: number,
  template: Template | null,
  problem: TemplateProblem | null,
  words: readonly string[] | null,
  specificity: number | null,
  key: string | null,
];

const FORMAT = "template-index";

/** Reads an index written for `directory` (as templates name it), its rows by file name; null when it is missing, damaged or not one this version wrote. */
export function readTemplateIndex(file: string, directory: string): Map<string, IndexRow> | null {
  let rows: unknown;
  try {
    const bytes = readRegularFileSync(file);
    const headerEnd = bytes.indexOf(0x0a);
    if (headerEnd < 0) return null;
    const header: unknown = JSON.parse(bytes.subarray(0, headerEnd).toString("utf8"));
    const body = bytes.subarray(headerEnd + 1);
    if (!isRecord(header) || header.lackpy !== FORMAT) return null;
    if (header.version !== TEMPLATE_INDEX_VERSION || header.directory !== directory) return null;
    if (header.sha256 !== createHash("sha256").update(body).digest("hex")) return null;
    rows = JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(rows)) return null;
  const files = new Map<string, IndexRow>();
  for (const row of rows as IndexRow[]) {
    if (!Array.isArray(row) || row.length !== 9) return null;
    files.set(row[0], row);
  }
  return files;
}

/** The words of a row's pattern, as `TemplateIndex` filed them (null: no pattern, or a problem). */
export function rowWords(row: IndexRow): PatternWords | null {
  return row[6] === null ? null : { words: row[6], specificity: row[7]!, key: row[8] };
}

/**
 * Writes the index atomically (a file aside, renamed over): the rows written, or null when it
 * could not be written. Never throws: without an index, templates are read from their files.
 */
export function writeTemplateIndex(
  file: string,
  directory: string,
  files: readonly IndexedTemplateFile[],
): IndexRow[] | null {
  const rows = files.map((entry): IndexRow => [
    entry.name,
    entry.signature,
    entry.nameLine,
    entry.programLine,
    entry.template,
    entry.problem,
    entry.words?.words ?? null,
    entry.words?.specificity ?? null,
    entry.words?.key ?? null,
  ]);
  const body = JSON.stringify(rows);
  const sha256 = createHash("sha256").update(body).digest("hex");
  const header = JSON.stringify({
    lackpy: FORMAT,
    version: TEMPLATE_INDEX_VERSION,
    directory,
    sha256,
  });
  const text = `${header}\n${body}`;
  const aside = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  try {
    writeFileSync(aside, text);
    renameSync(aside, file);
    return rows;
  } catch {
    rmSync(aside, { force: true });
    return null;
  }
}
