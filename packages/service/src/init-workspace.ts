import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_CONFIG } from "./config-types.js";

const { ollama, anthropic } = DEFAULT_CONFIG.inference.providers;

/** The config `lackpy init` writes: every section, with the defaults, commented. */
export const CONFIG_TEMPLATE = `# lackpy workspace config. Every key is optional; these are the defaults.

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
timeout_ms = 5000
max_steps = 1000000
max_tool_calls = 1000

[ratchet]
# Promote a model-generated program to a template after this many successes for the same intent,
# once the last 2 × this many answers to that intent all gave the same output.
auto = false
min_successes = 3

[policy]
# Refuse kits whose world-coupling grade is above this (0 pure … 3 writes files).
max_grade_w = 3
`;

/** Creates `.lackpy/` with `config.toml`, `kits/` and `templates/`; existing files are never overwritten. */
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
  const config = path.join(root, "config.toml");
  try {
    await writeFile(config, CONFIG_TEMPLATE, { flag: "wx" });
    created.push(path.relative(workspace, config));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    existing.push(path.relative(workspace, config));
  }
  return { created, existing };
}
