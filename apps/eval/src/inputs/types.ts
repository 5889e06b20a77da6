/** How an intent's answer is checked: against the run's `output`, or against a file's text after the run when `file` is set. */
export interface Check {
  /**
   * - `equals`: deep equality (JSON-like values; object key order ignored).
   * - `set_equals`: both arrays hold the same elements, in any order, duplicates ignored (elements compared deeply).
   * - `contains`: a string includes `value` (a string); an array includes an element deeply equal to `value`,
   *   or, when `value` is an array, every one of its elements.
   * - `matches`: the answer (a string, or JSON text of any other value) matches the regular expression `value`.
   * - `locates`: `value` lists workspace files (`"src/a.ts"`) or file and line (`"src/a.ts:12"`); the answer's
   *   text names every one of them (a line number within a few characters after its file) and no other
   *   workspace file, so listing every file or dumping every file's text fails.
   */
  kind: "equals" | "set_equals" | "contains" | "matches" | "locates";
  value: unknown;
  /** Longest answer text (a string, or JSON text of any other value) that can pass, in characters. */
  maxLength?: number;
  /** Workspace-relative file whose text after the run is checked instead of the output (editing intents). */
  file?: string;
}

/** A kit an intent runs with: the two shipped kits or the eval kit (read-only tools plus find_definitions and find_callers). */
export type IntentKit = "readonly" | "files" | "eval";

/** One eval intent, as stored in `apps/eval/intents/*.json` (each file is a JSON array of intents). */
export interface Intent {
  /** Unique, kebab-case, e.g. `count-todos`. */
  id: string;
  text: string;
  kit: IntentKit;
  /** Parameters the program reads by name (plain JSON values). */
  params?: Record<string, unknown>;
  difficulty: "core" | "stretch";
  tags: string[];
  /** One or more programs that answer the intent; each must pass `check`. */
  gold: string[];
  check: Check;
  /** Other wordings of the same request, used by the ratchet simulation. */
  paraphrases?: string[];
  /** Set by `loadIntents`, not written in the files: the file the intent comes from (`code`, `edit`, `files`, `read`). */
  category?: string;
}
