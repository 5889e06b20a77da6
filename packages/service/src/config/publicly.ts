import { publicView } from "./public-config.js";

/**
 * Runs an introspection and returns its public view (`publicView`); an error it throws has the
 * secrets replaced in its message and hint too (a server's error may echo its environment).
 */
export async function publicly<T>(
  secrets: readonly string[],
  work: () => T | Promise<T>,
): Promise<T> {
  try {
    return publicView(await work(), secrets);
  } catch (error) {
    if (error instanceof Error && secrets.length > 0) {
      error.message = publicView(error.message, secrets);
      const withHint = error as Error & { hint?: unknown };
      if (typeof withHint.hint === "string") withHint.hint = publicView(withHint.hint, secrets);
    }
    throw error;
  }
}
