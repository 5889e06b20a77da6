import { InferError } from "../infer-error.js";

/**
 * Imports a module by specifier from somewhere other than lackpy's own install (the service
 * passes one that resolves from the workspace's `node_modules`); rejects like `import()` when the
 * module is not there.
 */
export type ModuleImporter = (specifier: string) => Promise<unknown>;

/** What `importOptional` loads, and where else it may look. */
export interface OptionalImport<T> {
  /** The package to install, as the hint names it (`ollama`). */
  packageName: string;
  /** The specifier imported (`ollama/browser`). */
  specifier: string;
  /** lackpy's own `import()` of the specifier (written out, so bundlers see it). */
  load: () => Promise<T>;
  /** Who needs it, for the message (`'ollama' provider (Ollama)`). */
  neededBy: string;
  /** Where to look when lackpy's own install lacks it. */
  fallback?: ModuleImporter;
}

/**
 * Loads an optional peer dependency (`ollama`, `@anthropic-ai/sdk`) on first use: from lackpy's
 * own install, then through `fallback` (the workspace's `node_modules`, where `npm i ollama` puts
 * it for a user who runs lackpy through `npx`). When neither has it, throws `InferError`
 * `missing_package` naming the package to install.
 */
export async function importOptional<T>(options: OptionalImport<T>): Promise<T> {
  const { packageName, specifier } = options;
  try {
    return await options.load();
  } catch (error) {
    if (!isMissingPackage(error, packageName, specifier)) throw error;
  }
  if (options.fallback) {
    try {
      return (await options.fallback(specifier)) as T;
    } catch (error) {
      if (!isMissingPackage(error, packageName, specifier)) throw error;
    }
  }
  throw new InferError(
    "missing_package",
    `The ${options.neededBy} needs the '${packageName}' package, which is not installed.`,
    { hint: `install it in the workspace or next to lackpy: npm i ${packageName}` },
  );
}

function isMissingPackage(error: unknown, packageName: string, specifier: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    (message.includes(`'${packageName}'`) || message.includes(`'${specifier}'`))
  );
}
