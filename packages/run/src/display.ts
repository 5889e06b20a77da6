/**
 * JavaScript's `String(x)` and `Number(x)` for program values, without ever calling a method of
 * the value. Displaying an array joins its items, recursively, so a shared substructure is
 * written each time it is reached: a doubling tree of 30 levels displays as 2^30 items. The
 * walk therefore charges one unit of work per value it reaches and stops with `limit_size` as
 * soon as the text passes the size limit, instead of building it first.
 */
import { Closure, Namespace, NativeCallable, RangeValue, isPlainObject } from "./values.js";
import { CapReached, cappedMeter, type WorkMeter } from "./work-meter.js";

/** Display of a value that is not an array (no walk needed). */
function displayAtom(value: unknown): string {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "boolean":
    case "undefined":
    case "bigint":
    case "symbol":
      return String(value);
  }
  if (value === null) return "null";
  if (value instanceof RegExp) return `/${value.source}/${value.flags}`;
  if (value instanceof Set) return "[object Set]";
  if (value instanceof Map) return "[object Map]";
  if (value instanceof RangeValue) return `range(${value.start}, ${value.stop}, ${value.step})`;
  if (value instanceof Closure || value instanceof NativeCallable) return "[function]";
  if (value instanceof Namespace) return `[object ${value.name}]`;
  if (isPlainObject(value)) return "[object Object]";
  return "[object]";
}

/** Collects the pieces of a display text, checking its length against the size limit as it grows. */
class DisplayBuilder {
  readonly parts: string[] = [];
  length = 0;
  private pendingCommas = 0;

  constructor(
    private readonly meter: WorkMeter,
    private readonly what: string,
  ) {}

  comma(): void {
    this.pendingCommas++;
    this.grow(1);
  }

  push(text: string): void {
    if (text.length === 0) return;
    this.flush();
    this.parts.push(text);
    this.grow(text.length);
  }

  text(): string {
    this.flush();
    return this.parts.join("");
  }

  private flush(): void {
    if (this.pendingCommas === 0) return;
    this.parts.push(this.pendingCommas === 1 ? "," : ",".repeat(this.pendingCommas));
    this.pendingCommas = 0;
  }

  private grow(units: number): void {
    this.length += units;
    if (this.length > this.meter.limits.maxSize) this.meter.checkSize(this.length, this.what);
  }
}

function appendItems(
  items: readonly unknown[],
  separator: string | null,
  builder: DisplayBuilder,
  meter: WorkMeter,
  path: Set<unknown>,
): void {
  for (let index = 0; index < items.length; index++) {
    if (index > 0) {
      if (separator === null) builder.comma();
      else builder.push(separator);
    }
    const item = items[index];
    if (item !== null && item !== undefined) appendDisplay(item, builder, meter, path);
  }
}

function appendDisplay(
  value: unknown,
  builder: DisplayBuilder,
  meter: WorkMeter,
  path: Set<unknown>,
): void {
  meter.chargeWork(1);
  if (!Array.isArray(value)) {
    builder.push(displayAtom(value));
    return;
  }
  // As Array.prototype.join: an array inside itself displays as "".
  if (path.has(value)) return;
  path.add(value);
  appendItems(value, null, builder, meter, path);
  path.delete(value);
}

/** `String(x)` for program values: bounded by the meter (work per value reached, `limit_size` past the size limit). */
export function toDisplayString(value: unknown, meter: WorkMeter, what = "a string"): string {
  if (!Array.isArray(value)) return displayAtom(value);
  const builder = new DisplayBuilder(meter, what);
  appendDisplay(value, builder, meter, new Set());
  return builder.text();
}

/** `xs.join(separator)` for program arrays, bounded like `toDisplayString`. */
export function joinDisplay(
  items: readonly unknown[],
  separator: string,
  meter: WorkMeter,
  what = "a string",
): string {
  const builder = new DisplayBuilder(meter, what);
  appendItems(items, separator, builder, meter, new Set([items]));
  return builder.text();
}

/** A short display for keys and messages: never throws, cut to `maxLength` characters. */
export function displayShort(value: unknown, maxLength = 200): string {
  try {
    return toDisplayString(value, cappedMeter(maxLength));
  } catch (error) {
    if (error instanceof CapReached || error instanceof RangeError) return "[long value]";
    throw error;
  }
}

/**
 * `Number(x)` for program values, computed without building the display text: an array of two
 * or more items displays with a comma and is NaN, an empty one is 0, and a one-item array is the
 * number of its item's display.
 */
export function toNumber(value: unknown): number {
  const path = new Set<unknown>();
  let current = value;
  let nested = false;
  for (;;) {
    if (typeof current === "number") return nested ? Number(String(current)) : current;
    if (typeof current === "string") return Number(current);
    if (current === null || current === undefined)
      return nested ? 0 : current === null ? 0 : Number.NaN;
    if (typeof current === "boolean") return nested ? Number.NaN : Number(current);
    if (!Array.isArray(current)) return Number(displayAtom(current));
    if (current.length === 0 || path.has(current)) return 0;
    if (current.length > 1) return Number.NaN;
    path.add(current);
    current = current[0];
    nested = true;
  }
}

/** JavaScript truthiness. */
export function truthy(value: unknown): boolean {
  return Boolean(value);
}
