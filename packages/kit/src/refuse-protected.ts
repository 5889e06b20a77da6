import { checkWorkspacePath, type PathProtection } from "./protected-paths.js";
import { ToolError } from "./tool-error.js";

const PROTECTED_HINT =
  "work with other files: .lackpy/, .git/, .mcp.json, .env, .env.*, .npmrc and the globs of [files] protected in the workspace config are off limits";

/**
 * Throws the `ToolError` for a workspace-relative path that `checkWorkspacePath` refuses;
 * `given` is the path as the program wrote it when `relative` is where a symlink led.
 */
export function refuseProtected(
  relative: string,
  given: string | null,
  protection: PathProtection,
): void {
  const problem = checkWorkspacePath(relative, protection);
  if (!problem) return;
  if (problem.code === "invalid_path")
    throw new ToolError(
      "invalid_path",
      `The path ${JSON.stringify(given ?? relative)} contains a control character.`,
      {
        retriable: true,
        hint: "use a file name without control characters such as newlines or tabs",
      },
    );
  const through =
    given !== null && given !== relative
      ? `'${given}' leads to '${relative}', which`
      : `'${relative}'`;
  throw new ToolError(
    "protected_path",
    `${through} is protected (${problem.reason}); the file tools never read, list or change it.`,
    { hint: PROTECTED_HINT },
  );
}
