/**
 * The unit of a workspace config's `[files] allow_read` and `allow_write` globs: they open hidden
 * paths (`.vscode/`, `.idea/`, `.husky/`, …) to programs, for reading and writing. A person may
 * open them; a cloned repository's config is not a person, so the globs count only once trusted,
 * like the code a config names.
 */
import type { LackpyConfig } from "../config/config-types.js";
import { CONFIG_FILE, type CodeUnit } from "./code-unit.js";

/** The name of the one opening unit a config has. */
export const OPENING_UNIT_NAME = "files";

/** The config's opening unit when it has opening globs, else null. */
export function openingUnit(
  files: Pick<LackpyConfig["files"], "allowRead" | "allowWrite"> | undefined,
): CodeUnit | null {
  const read = files?.allowRead ?? [];
  const write = files?.allowWrite ?? [];
  if (read.length === 0 && write.length === 0) return null;
  const parts = [
    read.length > 0 ? `allow_read ${JSON.stringify(read)}` : "",
    write.length > 0 ? `allow_write ${JSON.stringify(write)}` : "",
  ].filter(Boolean);
  return {
    kind: "file_opening",
    name: OPENING_UNIT_NAME,
    where: `[files] in ${CONFIG_FILE}`,
    summary: parts.join(", "),
    paths: [],
  };
}
