/**
 * The texts of a run's secrets, for finding them in what tools return and say. Every string and
 * number inside a secret parameter is a text, labelled with the parameter and field it came from.
 * A text is found ignoring case, also upper- or lower-cased as a whole (`ß` as `SS`, and with
 * Turkish rules) and reversed, anywhere inside a longer string; a text shorter than `MIN_SECRET_MATCH_CHARS` is
 * found only as a whole string (surrounding spaces ignored), since as part of other text it would
 * hide most data. The search is one linear pass of a literal alternation (no program regex, and
 * nothing that can backtrack badly).
 */

/** Secret texts shorter than this are found only as a whole string, not inside longer text. */
export const MIN_SECRET_MATCH_CHARS = 4;

/** Where a secret text came from: the parameter and the field path inside it. */
export interface SecretOrigin {
  readonly name: string;
  readonly origin: readonly string[];
}

interface SecretText extends SecretOrigin {
  readonly text: string;
}

const SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

function escape(text: string): string {
  return text.replace(SYNTAX, "\\$&");
}

/**
 * The forms a text is searched in: as it is, cased as a whole, and reversed by code point. Cased
 * with Turkish rules too (`i` → `İ`, `I` → `ı`), which no case-insensitive match follows: a tool
 * that runs in a Turkish or Azeri locale upper-cases an echo that way.
 */
function forms(text: string, reversed: boolean): string[] {
  const all = [
    text,
    text.toUpperCase(),
    text.toLowerCase(),
    text.toLocaleUpperCase("tr"),
    text.toLocaleLowerCase("tr"),
  ];
  if (reversed) all.push([...text].reverse().join(""));
  return [...new Set(all)];
}

function collect(
  value: unknown,
  name: string,
  origin: string[],
  texts: SecretText[],
  seen: Set<object>,
): void {
  if (typeof value === "string" || typeof value === "number") {
    const text = String(value);
    if (text.length > 0) texts.push({ text, name, origin });
    return;
  }
  if (typeof value !== "object" || value === null || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value))
    value.forEach((item, index) => collect(item, name, [...origin, String(index)], texts, seen));
  else if (value instanceof Set) for (const item of value) collect(item, name, origin, texts, seen);
  else if (value instanceof Map)
    for (const [key, item] of value) {
      collect(key, name, origin, texts, seen);
      collect(item, name, [...origin, String(key)], texts, seen);
    }
  else
    for (const key of Object.keys(value))
      collect((value as Record<string, unknown>)[key], name, [...origin, key], texts, seen);
}

/** One alternation with a group per text, and the origin of each group. */
function alternation(
  texts: readonly SecretText[],
  reversed: boolean,
  flags: string,
): { pattern: RegExp; origins: SecretOrigin[] } | null {
  if (texts.length === 0) return null;
  const groups = texts.map((entry) => `(${forms(entry.text, reversed).map(escape).join("|")})`);
  return { pattern: new RegExp(groups.join("|"), flags), origins: [...texts] };
}

function groupOrigin(match: RegExpExecArray, origins: readonly SecretOrigin[]): SecretOrigin {
  for (let index = 1; index < match.length; index++)
    if (match[index] !== undefined) return origins[index - 1];
  return origins[0];
}

/** The label a redacted text is shown with: `creds.key`. */
export function originLabel(origin: SecretOrigin): string {
  return [origin.name, ...origin.origin].join(".");
}

/** The searchable texts of a run's secrets. */
export class SecretTexts {
  readonly #find: { pattern: RegExp; origins: SecretOrigin[] } | null;
  readonly #short = new Map<string, SecretOrigin>();
  readonly #redact: { pattern: RegExp; origins: SecretOrigin[] } | null;

  constructor(values: ReadonlyMap<string, unknown>) {
    const texts: SecretText[] = [];
    for (const [name, value] of values) collect(value, name, [], texts, new Set());
    // Longer texts first, so the longest secret inside a text names it; each text once.
    texts.sort((a, b) => b.text.length - a.text.length);
    const unique = [...new Map(texts.map((entry) => [entry.text, entry])).values()];
    const long = unique.filter((entry) => [...entry.text].length >= MIN_SECRET_MATCH_CHARS);
    for (const entry of unique)
      if ([...entry.text].length < MIN_SECRET_MATCH_CHARS) {
        const key = entry.text.trim().toLowerCase();
        if (key.length > 0 && !this.#short.has(key)) this.#short.set(key, entry);
      }
    this.#find = alternation(long, true, "iu");
    this.#redact = alternation(unique, false, "giu");
  }

  /** True when the run has no secret texts at all (nothing to look for). */
  get empty(): boolean {
    return this.#redact === null;
  }

  /** The secret whose text `text` contains (see the file comment), or null. */
  find(text: string): SecretOrigin | null {
    if (this.#find) {
      const match = this.#find.pattern.exec(text);
      if (match) return groupOrigin(match, this.#find.origins);
    }
    if (this.#short.size > 0 && text.length <= 64) {
      const found = this.#short.get(text.trim().toLowerCase());
      if (found) return found;
    }
    return null;
  }

  /** `text` with every secret text (any length, ignoring case) replaced by its marker, `[secret:creds.key]`. */
  redact(text: string): string {
    if (!this.#redact) return text;
    const { pattern, origins } = this.#redact;
    return text.replace(pattern, (...match) => {
      const groups = match.slice(0, origins.length + 1) as unknown as RegExpExecArray;
      return `[secret:${originLabel(groupOrigin(groups, origins))}]`;
    });
  }
}
