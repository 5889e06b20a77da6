/** Argument helpers of the eval command line. */
import path from "node:path";

/** A mistake in the command line: printed with a hint to `eval help`, exit code 2. */
export class UsageError extends Error {}

/** A comma-separated list, or the fallback. */
export function list(value: string | undefined, fallback: readonly string[]): string[] {
  return value
    ? value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean)
    : [...fallback];
}

/** A whole number of at least `min` (default 1), or the fallback when absent. */
export function wholeNumber(
  value: string | undefined,
  fallback: number,
  name: string,
  min = 1,
): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min)
    throw new UsageError(`--${name} must be a whole number of at least ${min}, got '${value}'.`);
  return parsed;
}

/** A share in [0, 1], or null when absent. */
export function share(value: string | undefined, name: string): number | null {
  if (value === undefined) return null;
  const parsed = Number(value);
  if (!(parsed >= 0 && parsed <= 1))
    throw new UsageError(`--${name} must be a share between 0 and 1, got '${value}'.`);
  return parsed;
}

/**
 * A path given on the command line, resolved against the folder the command was started in:
 * `pnpm --filter` runs scripts in the package folder, so that folder is `INIT_CWD`.
 */
export function fromStartFolder(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** A path as a user would type it from the folder the command was started in. */
export function shown(file: string): string {
  return path.relative(process.env.INIT_CWD ?? process.cwd(), file) || ".";
}
