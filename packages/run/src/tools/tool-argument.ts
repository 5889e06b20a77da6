/**
 * The boundary from programs to tools: an argument is a deep copy of plain data (shared and
 * cyclic parts copied once). A tool sees the argument expanded (it may walk it or turn it into
 * JSON), so before copying, the argument's expanded size (every value reached, a shared one each
 * time) is counted under the work meter and must stay within the size limit. A secret marker
 * is accepted only as a whole argument: the host's vault reveals its value (copied, so the tool
 * cannot change the vault's), or, in an isolated child, which has no vault, the marker goes to
 * the host as it is. A secret inside other data is `secret_access`.
 */
import { ProgramFault } from "../run-error.js";
import { SecretValue, secretFault } from "../secrets/secret-value.js";
import { Namespace, RangeValue, isCallable } from "../values/values.js";
import { WALK_UNIT, type WorkMeter } from "../values/work-meter.js";

/** Counts the values reached from `value`, each shared one each time it is reached, and refuses past the size limit. */
function checkExpandedSize(value: unknown, tool: string, meter: WorkMeter): void {
  const limit = meter.limits.maxSize;
  let reached = 0;
  const path = new Set<object>();
  const visit = (item: unknown): void => {
    reached++;
    meter.chargeWork(WALK_UNIT);
    if (reached > limit) meter.checkSize(reached, `an argument for tool ${tool}`);
    if (typeof item !== "object" || item === null || path.has(item) || item instanceof SecretValue)
      return;
    if (item instanceof RangeValue) {
      reached += item.length;
      if (reached > limit) meter.checkSize(reached, `an argument for tool ${tool}`);
      return;
    }
    path.add(item);
    if (Array.isArray(item) || item instanceof Set) for (const child of item) visit(child);
    else if (item instanceof Map)
      for (const [key, child] of item) {
        visit(key);
        visit(child);
      }
    else if (!(item instanceof RegExp) && !(item instanceof Namespace) && !isCallable(item))
      for (const key of Object.keys(item)) visit((item as Record<string, unknown>)[key]);
    path.delete(item);
  };
  visit(value);
}

/** Reveals the value behind a secret marker (the host's vault), or returns what is sent in its place. */
export type RevealSecret = (secret: SecretValue) => unknown;

/**
 * Converts a program value into an argument for a tool: a deep copy of plain data within the
 * size limit; functions are refused; a secret marker becomes what `reveal` gives (the marker
 * itself when there is no `reveal`).
 */
export function toToolArgument(
  value: unknown,
  tool: string,
  meter: WorkMeter,
  reveal?: RevealSecret,
): unknown {
  if (value instanceof SecretValue) return reveal ? copy(reveal(value), tool, new Map()) : value;
  checkExpandedSize(value, tool, meter);
  return copy(value, tool, new Map());
}

function copy(value: unknown, tool: string, seen: Map<object, unknown>): unknown {
  if (value instanceof SecretValue)
    throw secretFault(
      value,
      `put inside data passed to ${tool} (only a whole argument can be a secret)`,
    );
  if (isCallable(value)) {
    throw new ProgramFault("runtime_error", `Tool ${tool} takes plain data, not a function.`, {
      tool,
      hint: "call the function first and pass its result",
    });
  }
  if (value instanceof Namespace)
    throw new ProgramFault("runtime_error", `Tool ${tool} takes plain data, not ${value.name}.`, {
      tool,
    });
  if (typeof value !== "object" || value === null) return value;
  if (seen.has(value)) return seen.get(value);
  if (value instanceof RangeValue) return value.toArray();
  if (value instanceof RegExp) return new RegExp(value.source, value.flags);
  if (Array.isArray(value)) {
    const result: unknown[] = [];
    seen.set(value, result);
    for (const item of value) result.push(copy(item, tool, seen));
    return result;
  }
  if (value instanceof Set) {
    const result = new Set<unknown>();
    seen.set(value, result);
    for (const item of value) result.add(copy(item, tool, seen));
    return result;
  }
  if (value instanceof Map) {
    const result = new Map<unknown, unknown>();
    seen.set(value, result);
    for (const [key, item] of value) result.set(copy(key, tool, seen), copy(item, tool, seen));
    return result;
  }
  const result: Record<string, unknown> = {};
  seen.set(value, result);
  for (const key of Object.keys(value))
    Object.defineProperty(result, key, {
      value: copy((value as Record<string, unknown>)[key], tool, seen),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return result;
}
