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

/** How long a tool call may wait for a person's answer when an approver is given (10 minutes; decision 56). */
export const APPROVAL_TOOL_TIMEOUT_MS = 600_000;

/**
 * The limits a run with a person to ask (`approve`) uses: a call that needs approval waits for the
 * answer inside its tool time, so the tool time limit is at least `APPROVAL_TOOL_TIMEOUT_MS` by
 * default and may be asked up to it whatever `[run.maxima]` says. Only an app can pass an approver
 * (a function); an MCP client or an agent tool cannot, so no caller raises a limit this way.
 */
export function approvalLimits(
  defaults: Readonly<LimitDefaults>,
  maxima: Readonly<LimitDefaults>,
): { defaults: LimitDefaults; maxima: LimitDefaults } {
  const toolTimeoutMs = Math.max(APPROVAL_TOOL_TIMEOUT_MS, defaults.toolTimeoutMs);
  return {
    defaults: { ...defaults, toolTimeoutMs },
    maxima: { ...maxima, toolTimeoutMs: Math.max(toolTimeoutMs, maxima.toolTimeoutMs) },
  };
}
