import { validateProgram, type ToolSpec, type ValidatedProgram } from "@lackpy/lang";
import { cacheValidation, cachedValidation, validationKey } from "./compile/program-cache.js";
import { failedResult } from "./failed-result.js";
import type { RunOptions, SecretHolder } from "./run-options.js";
import type { RunResult } from "./run-result.js";
import { runProgramTree } from "./run-tree.js";
import { toParamData } from "./tools/plain-data.js";
import { SecretVault } from "./secrets/secret-vault.js";

export type { RunOptions, SecretHolder } from "./run-options.js";
export { failedResult } from "./failed-result.js";
export { toErrorValue } from "./run-tree.js";

function isValidated(program: unknown): program is ValidatedProgram {
  return (
    typeof program === "object" &&
    program !== null &&
    (program as ValidatedProgram).kind === "lackpy.validated"
  );
}

/**
 * Validates a source (or takes a validated program) with the tools and params the run will have.
 * Valid sources are cached: the same source with the same tools, specs, params and rules is
 * validated once.
 */
export function prepareProgram(
  program: string | ValidatedProgram,
  options: RunOptions,
): { program: ValidatedProgram } | { result: RunResult } {
  if (isValidated(program)) return { program };
  const toolNames = Object.keys(options.tools ?? {});
  const secrets = new Set(options.secretParams ?? []);
  const paramNames = [...new Set([...Object.keys(options.params ?? {}), ...secrets])];
  const key =
    typeof program === "string"
      ? validationKey(program, {
          toolNames,
          toolSpecs: options.toolSpecs,
          // A secret param validates differently from a plain one of the same name.
          paramNames: paramNames.map((name) => (secrets.has(name) ? `${name}\u0002secret` : name)),
          rules: options.rules,
        })
      : null;
  const cached = key === null ? undefined : cachedValidation(key);
  if (cached) return { program: cached };
  const specs = new Map((options.toolSpecs ?? []).map((spec) => [spec.name, spec]));
  const tools: ToolSpec[] = toolNames.map((name) => specs.get(name) ?? { name });
  const { validation, program: validated } = validateProgram(program, {
    tools,
    params: Object.fromEntries(
      paramNames.map((name) => [name, secrets.has(name) ? { secret: true } : null]),
    ),
    rules: options.rules ?? [],
  });
  if (validated) {
    if (key !== null) cacheValidation(key, validated);
    return { program: validated };
  }
  const first = validation.errors[0];
  const more = validation.errors.length > 1 ? ` (and ${validation.errors.length - 1} more)` : "";
  return {
    result: failedResult({
      code: "invalid_program",
      message: `${first?.message ?? "The program is invalid."}${more}`,
      errors: [...validation.errors],
    }),
  };
}

/** The secret params' values as plain data (a value that is not plain data is a caller mistake). */
export function secretValues(options: RunOptions): Record<string, unknown> {
  const params = options.params ?? {};
  const values: Record<string, unknown> = {};
  for (const name of options.secretParams ?? [])
    if (Object.hasOwn(params, name)) values[name] = toParamData(params[name], name);
  return values;
}

/**
 * Runs a program in this thread: validated (or taken validated) and compiled, both cached, then
 * run with every limit checked as steps are taken (`runProgramTree`). Never throws for a
 * program's fault. Secret params are bound as markers; with `secretHolder` `here` their values
 * wait in a vault for the tool boundary, with `host` the markers themselves go to the tools.
 */
export async function runInProcess(
  source: string | ValidatedProgram,
  options: RunOptions = {},
  secretHolder: SecretHolder = "here",
  elapsedMs = 0,
): Promise<RunResult> {
  const vault =
    secretHolder === "here"
      ? new SecretVault(secretValues(options), [...new Set(options.secretParams ?? [])])
      : null;
  const prepared = prepareProgram(source, options);
  if ("result" in prepared) return prepared.result;
  return runProgramTree(prepared.program, options, vault, elapsedMs);
}
