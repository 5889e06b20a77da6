/**
 * Reads what a tool threw without trusting it: a tool may throw anything (a string, a Proxy, an
 * object whose `message` getter or `toString` throws), and reading it must never throw again.
 */
import { ProgramFault } from "../run-error.js";

/** What a run keeps of a thrown value. */
export interface DescribedError {
  message: string;
  retriable: boolean;
  hint?: string;
  /** The error's own `code` when it is a snake_case word (a kit tool's `edit_not_found`, `not_found`, …). */
  code?: string;
}

/** What a tool's own error code may look like to be passed on. */
const TOOL_CODE = /^[a-z][a-z0-9_]{0,63}$/;

function attempt<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** The message, `retriable` flag, `hint` and `code` of anything a tool threw; never throws. */
export function describeError(error: unknown): DescribedError {
  const message = attempt(() => {
    if (typeof error === "string") return error;
    if (error instanceof Error && typeof error.message === "string") return error.message;
    if (error === null || (typeof error !== "object" && typeof error !== "function"))
      return String(error);
    const own = (error as { message?: unknown }).message;
    return typeof own === "string" ? own : "a value that is not an Error";
  }, "a value that could not be read");
  const retriable = attempt(() => (error as { retriable?: unknown })?.retriable === true, false);
  const hint = attempt(() => {
    const value = (error as { hint?: unknown })?.hint;
    return typeof value === "string" ? value : undefined;
  }, undefined);
  const code = attempt(() => {
    const value = (error as { code?: unknown })?.code;
    return typeof value === "string" && TOOL_CODE.test(value) ? value : undefined;
  }, undefined);
  return {
    message,
    retriable,
    ...(hint !== undefined ? { hint } : {}),
    ...(code !== undefined ? { code } : {}),
  };
}

/** `error instanceof ProgramFault`, without trusting `error` (a Proxy's prototype trap may throw). */
export function isProgramFault(error: unknown): error is ProgramFault {
  try {
    return error instanceof ProgramFault;
  } catch {
    return false;
  }
}
