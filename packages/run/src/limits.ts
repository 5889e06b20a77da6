import { DEFAULT_LIMITS, type LimitDefaults } from "@lackpy/lang";
import { RunError } from "./run-error.js";

/** Per-run limits (language spec section 6). */
export type Limits = LimitDefaults;

const DEFAULTS: Limits = Object.freeze({ ...DEFAULT_LIMITS });

/** Checks caller-given limits and fills in the defaults; an unknown key or a non-positive value throws `RunError`. */
export function resolveLimits(limits: Partial<Limits> | undefined): Limits {
  if (limits === undefined) return DEFAULTS;
  const resolved: Limits = { ...DEFAULT_LIMITS };
  for (const [key, value] of Object.entries(limits ?? {})) {
    if (!Object.hasOwn(DEFAULT_LIMITS, key)) {
      throw new RunError(
        `Unknown limit '${key}'.`,
        `limits are ${Object.keys(DEFAULT_LIMITS).join(", ")}`,
      );
    }
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
      throw new RunError(`Limit '${key}' must be a positive number, not ${JSON.stringify(value)}.`);
    }
    resolved[key as keyof Limits] = value;
  }
  return resolved;
}

/** The message of `limit_time`: the run's whole wall-clock time, tool calls included, passed `timeoutMs`. */
export function timeLimitMessage(timeoutMs: number, detail = ""): string {
  return `The run, tools included, took longer than ${timeoutMs} ms${detail}.`;
}

/** The hint of `limit_time`. */
export const TIME_LIMIT_HINT =
  "do less per run: fewer items, simpler loops, fewer or faster tool calls";
