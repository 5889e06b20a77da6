import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * `.lackpy/.gitignore`: what lackpy keeps in `.lackpy/` that is this machine's state, not the
 * team's. A team commits `config.toml`, `kits/` and `templates/`; the ratchet's history, the run
 * records undo restores from, side files, locks, the template index and temporary files stay
 * local. Written by `lackpy init`, and by the first write of state into a workspace that has no
 * such file yet; a file that is there (edited by a person) is never changed.
 */
export const STATE_GITIGNORE = `# lackpy's local state: commit config.toml, kits/ and templates/, not these.
/ratchet.json
/ratchet.json.damaged-*
/runs/
/unmerged/
/write.lock
/templates.index
/templates/*.demoted-*
*.tmp
`;

/** The `.lackpy` folders this process has already checked. */
const CHECKED = new Set<string>();

/**
 * Writes `.lackpy/.gitignore` when the folder has none, before lackpy writes state there; once
 * per folder and process. Best effort: a folder that cannot take the file still takes the state.
 */
export function ensureStateIgnored(lackpyDirectory: string): void {
  if (CHECKED.has(lackpyDirectory)) return;
  const file = path.join(lackpyDirectory, ".gitignore");
  try {
    if (existsSync(lackpyDirectory) && !existsSync(file))
      writeFileSync(file, STATE_GITIGNORE, { flag: "wx" });
    CHECKED.add(lackpyDirectory);
  } catch {
    // Written by another process meanwhile, or a read-only folder: the state is written anyway.
  }
}
