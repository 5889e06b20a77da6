import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_CONFIG } from "./config-types.js";
import { STATE_GITIGNORE } from "./state-gitignore.js";

const { ollama, anthropic } = DEFAULT_CONFIG.inference.providers;

/** The config `lackpy init` writes: every section, with the defaults, commented. */
export const CONFIG_TEMPLATE = `# lackpy workspace config. Every key is optional; these are the defaults, except
# [ratchet] auto, which is off in a workspace without this file.

[inference]
# Tiers are tried in this order; a template or rule that answers means no model call at all.
order = ["templates", "rules", "ollama"]

[inference.providers.ollama]
plugin = "ollama"
model = "${ollama.model}"
host = "${ollama.host}"
temperature = 0.2

# [inference.providers.anthropic]
# plugin = "anthropic"
# model = "${anthropic.model}"
# max_tokens = 1024

[kit]
default = "readonly"

[run]
mode = "isolated"
# The whole run's time, tool calls included.
timeout_ms = 30000
max_steps = 1000000
max_tool_calls = 1000
# Most isolated child processes at once (default: one per core, at least two).
# max_children = 4

# [run.maxima]
# The most a request (an MCP client, an agent tool) may ask for; higher asks are lowered.
# timeout_ms = 60000
# max_steps = 10000000
# max_tool_calls = 10000

[ratchet]
# The ratchet: a program a model wrote that keeps working becomes a template (tier 0), and the
# same request is then answered from it with no model call. It is promoted once the same request
# (intent, kit, --param values) got the same output at least min_successes times in a row, with
# no other output among its last 2 × min_successes answers (the agreement gate).
# A template the ratchet promoted that fails demote_after_failures times, more often than it
# succeeded, is renamed aside (lackpy template restore NAME brings it back). Templates you wrote
# are never demoted, and a failure on a file the request named counts against no template.
auto = true
min_successes = 3
demote_after_failures = 5

[policy]
# Refuse kits whose world-coupling grade is above this (0 pure … 3 writes files).
max_grade_w = 3

[files]
# Programs never read or write .git/, .lackpy/, .env* or credential files (.netrc, .npmrc, …).
# Other names starting with "." are closed, and so is writing files other tools run commands
# from (lefthook.yml, opencode.json, …), unless a glob here opens them: allow_read for reading,
# allow_write for reading and writing. .gitignore, .editorconfig and .github/ are readable anyway.
# allow_read = [".vscode/settings.json"]
# allow_write = [".github/**"]
# protected = ["secrets/**"]  # refused on top of the builtin rules, whatever opens them
`;

/**
 * Creates `.lackpy/` with `config.toml`, `kits/`, `templates/` and the `.gitignore` that keeps
 * lackpy's state out of the team's commits; existing files are never overwritten.
 */
export async function initWorkspace(
  workspace: string,
): Promise<{ created: string[]; existing: string[] }> {
  const root = path.join(workspace, ".lackpy");
  const created: string[] = [];
  const existing: string[] = [];
  for (const directory of [root, path.join(root, "kits"), path.join(root, "templates")]) {
    const made = await mkdir(directory, { recursive: true });
    (made ? created : existing).push(path.relative(workspace, directory) + "/");
  }
  for (const [file, text] of [
    [path.join(root, "config.toml"), CONFIG_TEMPLATE],
    [path.join(root, ".gitignore"), STATE_GITIGNORE],
  ]) {
    try {
      await writeFile(file, text, { flag: "wx" });
      created.push(path.relative(workspace, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      existing.push(path.relative(workspace, file));
    }
  }
  return { created, existing };
}
