import type { LimitDefaults } from "@lackpy/lang";
import type { LoweredLimit } from "../result/limit-notes.js";

/**
 * The limits a request asked for, each lowered to the workspace's maximum (`[run.maxima]`), and
 * the ones that were lowered. A caller (an MCP client, an agent tool, the service API acting for
 * one) can never raise a run past what the person running lackpy allows. Anything that is not a
 * finite number is passed on as it is, for the run to refuse as a caller mistake.
 */
export function clampLimits(
  requested: Readonly<Record<string, unknown>> | undefined,
  maxima: Readonly<LimitDefaults>,
): { limits: Record<string, unknown>; lowered: LoweredLimit[] } {
  const limits: Record<string, unknown> = {};
  const lowered: LoweredLimit[] = [];
  for (const [key, value] of Object.entries(requested ?? {})) {
    const maximum = Object.hasOwn(maxima, key) ? maxima[key as keyof LimitDefaults] : undefined;
    if (
      maximum !== undefined &&
      typeof value === "number" &&
      Number.isFinite(value) &&
      value > maximum
    ) {
      limits[key] = maximum;
      lowered.push({ limit: key as keyof LimitDefaults, requested: value, used: maximum });
    } else limits[key] = value;
  }
  return { limits, lowered };
}
