/** A report table as data, so the markdown and HTML pages show the same numbers from one definition. */

/** How a column's cells are shown: `num` right-aligned, `source` as a badge, `tier` with its colour, `code` in monospace, `prose` wrapped. */
export type ColumnKind = "text" | "num" | "source" | "tier" | "code" | "prose";

/** One column. */
export interface TableColumn {
  label: string;
  kind: ColumnKind;
}

/** One table of the report, with the sentences that explain it. */
export interface ReportTable {
  id: string;
  title: string;
  /** The section's point in one sentence, shown first and plainly (the verdict). */
  lead?: string;
  /** Sentences shown before the table. */
  intro: string[];
  columns: TableColumn[];
  /**
   * Cells are plain text; `className` marks rows (e.g. by number source) in HTML; `remarks` adds a
   * word to a cell by column index (a partial recording's coverage next to the model).
   */
  rows: { cells: string[]; className?: string; remarks?: Record<number, string> }[];
  /** A totals row. */
  footer?: string[];
  /** Sentences shown after the table. */
  notes: string[];
  /** Shown instead of the table when it has no rows. */
  empty: string;
}

/** A text column. */
export const text = (label: string): TableColumn => ({ label, kind: "text" });
/** A number column. */
export const num = (label: string): TableColumn => ({ label, kind: "num" });
/** A source-badge column. */
export const source = (label = "source"): TableColumn => ({ label, kind: "source" });
/** A tier column. */
export const tier = (label = "tier"): TableColumn => ({ label, kind: "tier" });
/** A monospace column (models, programs). */
export const code = (label: string): TableColumn => ({ label, kind: "code" });
/** A column of sentences, wrapped to the table's width. */
export const prose = (label: string): TableColumn => ({ label, kind: "prose" });
