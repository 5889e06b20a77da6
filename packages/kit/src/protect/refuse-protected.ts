import { checkWorkspacePath, type PathAccess, type PathProtection } from "./protected-paths.js";
import { SEALED_NAMES, WRITE_PROTECTED_FOLDERS } from "./name-rules.js";
import { ToolError } from "../tool-error.js";

/** Sealed names the hint spells out by themselves, and as a folder or a prefix. */
const SPELLED_OUT: Readonly<Record<string, string>> = {
  ".lackpy": ".lackpy/",
  ".git": ".git/",
  ".env": ".env*",
};

/** The hint of every `protected_path` refusal: what is never opened, from the tables. */
const PROTECTED_HINT =
  "work with other files: " +
  [
    ...Object.values(SPELLED_OUT),
    ...Object.keys(SEALED_NAMES).filter((name) => !(name in SPELLED_OUT) && name !== ".envrc"),
  ].join(", ") +
  ", the files lackpy loads (module tools, MCP server scripts) and the globs of [files] protected in the workspace config are never opened; " +
  Object.keys(WRITE_PROTECTED_FOLDERS)
    .map((name) => `${name}/`)
    .join(", ") +
  ' is read-only; other names starting with "." are closed unless [files] allow_read or allow_write in .lackpy/config.toml opens them';

/**
 * Throws the `ToolError` for a workspace-relative path that `checkWorkspacePath` refuses for
 * `access` (reading by default); `given` is the path as the program wrote it when `relative`
 * is where a symlink led. With `folder`, the path is a folder to look into (`find_files`).
 */
export function refuseProtected(
  relative: string,
  given: string | null,
  protection: PathProtection,
  access: PathAccess = "read",
  options: { folder?: boolean } = {},
): void {
  const problem = checkWorkspacePath(relative, protection, { access, folder: options.folder });
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
  if (problem.code === "closed_path")
    throw new ToolError("closed_path", closedMessage(through, problem), {
      hint: protection.openingsAwaitTrust
        ? UNTRUSTED_OPENINGS_HINT
        : closedHint(options.folder ? `${relative}/**` : relative, access),
    });
  throw new ToolError(
    "protected_path",
    problem.writeOnly
      ? `${through} is read-only (${problem.reason}); the file tools never create, change or delete anything there.`
      : `${through} is protected (${problem.reason}); the file tools never read, list or change it.`,
    { hint: PROTECTED_HINT },
  );
}

/** The message of a `closed_path` refusal. */
function closedMessage(
  through: string,
  problem: { reason: string; writeOnly?: true; hidden?: true },
): string {
  if (!problem.hidden)
    return `${through} is closed for writing (${problem.reason}); programs may read it, but the file tools change files other tools run commands from or load as code only where the workspace config allows it.`;
  return problem.writeOnly
    ? `${through} is hidden (${problem.reason}); programs may read it, but the file tools write names starting with "." only where the workspace config allows it.`
    : `${through} is hidden (${problem.reason}); the file tools open names starting with "." only where the workspace config allows it.`;
}

/** The hint of a `closed_path` refusal while the config's opening globs wait for a person's trust. */
const UNTRUSTED_OPENINGS_HINT =
  "work with other files, or ask the user: the workspace config's [files] allow_read and allow_write open hidden paths only once a person has trusted that config (lackpy trust)";

/** The hint of a `closed_path` refusal: work elsewhere, or the config line a person can add. */
function closedHint(glob: string, access: PathAccess): string {
  const line = (key: string) => `[files] ${key} = [${JSON.stringify(glob)}]`;
  const opening =
    access === "write"
      ? line("allow_write")
      : `${line("allow_read")} (or allow_write, to change it too)`;
  return `work with other files, or ask the user to open this one: a person can add ${opening} to .lackpy/config.toml, which programs can never write`;
}
