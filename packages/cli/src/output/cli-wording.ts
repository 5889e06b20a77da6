import path from "node:path";
import { LackpyError } from "@lackpy/lang";

const EXISTS = new Set(["template_exists", "kit_exists"]);

/** The hint for a tool of another kit, as typed on the command line (`{kit}` is the kit's name). */
export const KIT_HINT = "pass --kit {kit}";

/** Rethrows an "already exists" error with a hint naming the flag as typed (`--force`), not the API option. */
export function withForceHint(error: unknown): never {
  if (LackpyError.is(error) && EXISTS.has(error.code))
    throw new LackpyError(error.code, error.message, {
      hint: "choose another name, or add --force to replace it",
    });
  throw error;
}

/** Text with the workspace's absolute path shortened to workspace-relative paths. */
export function relativeTo(workspace: string, text: string): string {
  return text.split(`${workspace}${path.sep}`).join("");
}
