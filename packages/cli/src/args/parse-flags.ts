import { UsageError } from "./usage-error.js";

/** Every value of a repeatable flag (`--param a=1 --param b=2`, also `--param=a=1`). */
export function repeatedFlag(rawArgs: readonly string[], flag: string): string[] {
  const values: string[] = [];
  for (let index = 0; index < rawArgs.length; index++) {
    const arg = rawArgs[index];
    if (arg === "--") break;
    if (arg === flag) {
      const value = rawArgs[index + 1];
      if (value === undefined) throw new UsageError(`${flag} needs a value.`);
      values.push(value);
      index++;
    } else if (arg.startsWith(`${flag}=`)) {
      values.push(arg.slice(flag.length + 1));
    }
  }
  return values;
}

const PARAM_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Parses `--param name=value` flags: the value is JSON when it parses, else the plain string. */
export function parseParams(values: readonly string[]): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const text of values) {
    const equals = text.indexOf("=");
    if (equals <= 0)
      throw new UsageError(
        `--param '${text}' must look like name=value.`,
        "e.g. --param path=src/app.ts or --param limit=10",
      );
    const name = text.slice(0, equals);
    if (!PARAM_NAME.test(name))
      throw new UsageError(
        `--param name '${name}' is not a valid identifier.`,
        "use letters, digits and _ , starting with a letter",
      );
    if (Object.hasOwn(params, name)) throw new UsageError(`--param ${name} is given twice.`);
    params[name] = parseValue(text.slice(equals + 1));
  }
  return params;
}

function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Parses a positive whole-number flag value such as `--timeout-ms 500`. */
export function positiveInteger(flag: string, value: unknown): number | undefined {
  if (value === undefined || value === "") return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number <= 0)
    throw new UsageError(`${flag} must be a positive whole number, not '${String(value)}'.`);
  return number;
}
