import { realpath } from "node:fs/promises";
import path from "node:path";
import { KitError } from "../kit-error.js";
import { readRegularFile } from "../files/read-regular-file.js";

/**
 * The text of a `.kit` file, read only when the file it really is (symlinks followed) is a `.kit`
 * file too. A kit file's lines are echoed in its parse errors, which reach the person and, through
 * MCP, the model: a `.kit` link that a cloned repository points at `~/.git-credentials` would
 * otherwise show that file's first line. A link to a shared `.kit` file still works. Rejects like
 * `readRegularFile` when the file cannot be read (or is a FIFO or a device).
 */
export async function readKitText(file: string): Promise<string> {
  const real = await realpath(file);
  if (path.extname(real).toLowerCase() !== ".kit")
    throw new KitError(
      "invalid_kit_file",
      `${file} is a link to ${path.basename(real)}, which is not a .kit file; lackpy reads kits only from .kit files.`,
      { hint: "point the link at a .kit file, or replace it with the kit itself" },
    );
  return (await readRegularFile(real)).toString("utf8");
}
