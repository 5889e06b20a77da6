import {
  checkWorkspacePath,
  PROTECTED_FILES,
  PROTECTED_FOLDERS,
  WRITE_PROTECTED_FOLDERS,
  type PathAccess,
  type PathProtection,
} from "./protected-paths.js";
import { ToolError } from "../tool-error.js";

/** The hint of every refusal: the protected names, from the tables. */
const PROTECTED_HINT = `work with other files: ${[
  ...Object.keys(PROTECTED_FOLDERS).map((name) => `${name}/`),
  ".mcp.json",
  ".env",
  ".env.*",
  ...Object.keys(PROTECTED_FILES).filter((name) => name !== ".mcp.json" && name !== ".env"),
].join(
  ", ",
)}, the files lackpy loads (module tools, MCP server scripts) and the globs of [files] protected in the workspace config are off limits; ${Object.keys(
  WRITE_PROTECTED_FOLDERS,
)
  .map((name) => `${name}/`)
  .join(", ")} is read-only`;

/**
 * Throws the `ToolError` for a workspace-relative path that `checkWorkspacePath` refuses for
 * `access` (reading by default); `given` is the path as the program wrote it when `relative`
 * is where a symlink led.
 */
export function refuseProtected(
  relative: string,
  given: string | null,
  protection: PathProtection,
  access: PathAccess = "read",
): void {
  const problem = checkWorkspacePath(relative, protection, { access });
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
    problem.writeOnly
      ? `${through} is read-only (${problem.reason}); the file tools never create, change or delete anything there.`
      : `${through} is protected (${problem.reason}); the file tools never read, list or change it.`,
    { hint: PROTECTED_HINT },
  );
}
