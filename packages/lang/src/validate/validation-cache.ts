/**
 * A least-recently-used cache of validation results. The key holds everything a result depends
 * on: the source, the tools (names, arities and grades, which the effect summary reports, and
 * whether each takes secrets), the extra callable names, the parameter names, which of them are
 * secret, and the rules by name. Results are deeply frozen before they are stored, so a caller
 * cannot change what the next caller gets.
 */
import type { ToolSpec, ValidationResult } from "../types.js";

/** Most results kept at once. */
export const VALIDATION_CACHE_ENTRIES = 256;

/** Most source characters kept at once, over all entries (a 1 MiB program does not evict everything). */
export const VALIDATION_CACHE_SOURCE_CHARS = 4_000_000;

/** An LRU of frozen validation results, bounded by entry count and total source length. */
export class ValidationCache {
  private readonly entries = new Map<string, { result: ValidationResult; chars: number }>();
  private chars = 0;

  constructor(
    private readonly maxEntries = VALIDATION_CACHE_ENTRIES,
    private readonly maxChars = VALIDATION_CACHE_SOURCE_CHARS,
  ) {}

  /** The stored result for a key, which becomes the most recently used. */
  get(key: string): ValidationResult | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.result;
  }

  /** Stores a frozen result, evicting the least recently used ones past the bounds. */
  set(key: string, result: ValidationResult): void {
    if (key.length > this.maxChars) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.chars -= previous.chars;
    }
    this.entries.set(key, { result, chars: key.length });
    this.chars += key.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= entry.chars;
    }
  }

  /** Number of stored results. */
  get size(): number {
    return this.entries.size;
  }

  /** Forgets every result. */
  clear(): void {
    this.entries.clear();
    this.chars = 0;
  }
}

/**
 * The cache key of a validation, or null when it cannot be cached (custom rule functions or
 * objects, which a name does not identify). Tool argument names and types count (`bad_arity` and `bad_argument_type` hints show them), and whether a tool takes secrets.
 */
export function validationCacheKey(
  source: string,
  tools: readonly ToolSpec[],
  allowedNames: readonly string[],
  params: readonly string[],
  secretParams: readonly string[],
  rules: readonly unknown[],
  otherKits?: { kits: Readonly<Record<string, readonly string[]>>; hint: string },
): string | null {
  for (const rule of rules) if (typeof rule !== "string") return null;
  const toolKeys = tools.map((tool) => [
    tool.name,
    tool.args?.map((arg) => [arg.optional ? 1 : 0, arg.name, arg.type]) ?? null,
    tool.gradeW ?? null,
    tool.effectsCeiling ?? null,
    tool.acceptsSecrets === false ? 0 : 1,
  ]);
  const kits = otherKits ? [otherKits.hint, Object.entries(otherKits.kits)] : null;
  return `${JSON.stringify([rules, toolKeys, allowedNames, params, secretParams, kits])}\n${source}`;
}

const NOTHING: readonly never[] = Object.freeze([]);

/** Freezes a validation result and everything in it (its effect summary comes frozen; empty lists become one shared frozen list). */
export function freezeValidation(result: ValidationResult): ValidationResult {
  for (let index = 0; index < result.errors.length; index++) Object.freeze(result.errors[index]);
  return Object.freeze({
    valid: result.valid,
    errors: frozenList(result.errors),
    calls: frozenList(result.calls),
    variables: frozenList(result.variables),
    effects: result.effects,
  });
}

function frozenList<T>(list: readonly T[]): readonly T[] {
  return list.length === 0 ? NOTHING : Object.freeze(list);
}
