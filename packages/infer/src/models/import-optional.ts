import { InferError } from "../infer-error.js";

/**
 * Loads an optional peer dependency (`ollama`, `@anthropic-ai/sdk`) on first use; when it is not
 * installed, throws `InferError` `missing_package` naming the package to install.
 */
export async function importOptional<T>(
  packageName: string,
  load: () => Promise<T>,
  neededBy: string,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isMissingPackage(error, packageName)) throw error;
    throw new InferError(
      "missing_package",
      `The ${neededBy} needs the '${packageName}' package, which is not installed.`,
      { hint: `install it next to lackpy: npm i ${packageName}` },
    );
  }
}

function isMissingPackage(error: unknown, packageName: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    message.includes(`'${packageName}'`)
  );
}
