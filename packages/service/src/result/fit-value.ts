/**
 * Cuts a JSON value down to about `maxChars` characters of JSON text while keeping its shape: a
 * long string keeps its start and ends with a marker giving its full length, an array or object
 * keeps its first items and ends with a marker counting the rest. Values that fit are returned
 * as they are (the same object), so a small answer costs one measurement.
 */

/** A value cut to fit, with the size of the whole. */
export interface FittedValue {
  value: unknown;
  /** True when anything was cut. */
  truncated: boolean;
  /** Characters of the whole value as JSON text (a string counts its own length). */
  totalChars: number;
}

interface Budget {
  left: number;
}

/** Characters of a value as the caller shows it: a string's own length, anything else its JSON text. */
export function shownLength(value: unknown): number {
  if (typeof value === "string") return value.length;
  return (JSON.stringify(value) ?? "null").length;
}

/** `value` cut to about `maxChars` characters, with markers where it was cut. */
export function fitValue(value: unknown, maxChars: number): FittedValue {
  if (typeof value === "string") return fitText(value, maxChars);
  const totalChars = shownLength(value);
  if (totalChars <= maxChars) return { value, truncated: false, totalChars };
  return { value: fit(value, { left: maxChars }), truncated: true, totalChars };
}

/** A string cut to `maxChars`, ending with a marker that gives its full length. */
export function fitText(text: string, maxChars: number): FittedValue {
  if (text.length <= maxChars) return { value: text, truncated: false, totalChars: text.length };
  return { value: cutString(text, maxChars), truncated: true, totalChars: text.length };
}

function cutString(text: string, keep: number): string {
  return `${text.slice(0, Math.max(0, keep))}…[truncated: ${text.length} chars in full]`;
}

function fit(value: unknown, budget: Budget): unknown {
  if (typeof value === "string") {
    if (value.length + 2 <= budget.left) {
      budget.left -= value.length + 2;
      return value;
    }
    const kept = Math.max(0, budget.left - 2);
    budget.left = 0;
    return cutString(value, kept);
  }
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    budget.left -= 2;
    for (let index = 0; index < value.length; index++) {
      if (budget.left <= 0) {
        items.push(`…[truncated: ${value.length - index} more of ${value.length} items]`);
        break;
      }
      items.push(fit(value[index], budget));
      budget.left -= 1;
    }
    return items;
  }
  if (typeof value === "object" && value !== null) {
    const object: Record<string, unknown> = {};
    const keys = Object.keys(value);
    budget.left -= 2;
    for (let index = 0; index < keys.length; index++) {
      if (budget.left <= 0) {
        object["…"] = `…[truncated: ${keys.length - index} more of ${keys.length} keys]`;
        break;
      }
      const key = keys[index];
      budget.left -= key.length + 4;
      object[key] = fit((value as Record<string, unknown>)[key], budget);
    }
    return object;
  }
  budget.left -= (JSON.stringify(value) ?? "null").length;
  return value;
}
