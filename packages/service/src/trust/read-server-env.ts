import path from "node:path";
import type { CommandCode } from "./read-server-command.js";
import { isModulePath, NODE_CODE_OPTIONS, splitOption } from "./server-commands.js";

/** Variables whose value names code to load: option lists, search paths, preloaded files. */
const CODE_VARIABLES: Readonly<Record<string, "node-options" | "search-path" | "files">> = {
  NODE_OPTIONS: "node-options",
  NODE_PATH: "search-path",
  PYTHONPATH: "search-path",
  PERL5LIB: "search-path",
  RUBYLIB: "search-path",
  PATH: "search-path",
  LD_PRELOAD: "files",
  DYLD_INSERT_LIBRARIES: "files",
  BASH_ENV: "files",
  ENV: "files",
  PYTHONSTARTUP: "files",
};

/**
 * Code a server's `env` names: `--require`/`--import` modules in `NODE_OPTIONS`, folders of
 * `PYTHONPATH`, `NODE_PATH` and the like (relative entries and those inside the workspace are
 * what matters: they are found from `cwd`), and preloaded files (`LD_PRELOAD`, `BASH_ENV`).
 */
export function readServerEnv(env: Readonly<Record<string, string>>, cwd: string): CommandCode[] {
  const code: CommandCode[] = [];
  for (const [name, value] of Object.entries(env)) {
    const kind = CODE_VARIABLES[name.toUpperCase()];
    if (!kind) continue;
    const why = `a path in its ${name}`;
    if (kind === "node-options") {
      const words = value.split(/\s+/).filter(Boolean);
      for (let index = 0; index < words.length; index++) {
        const [option, inlineValue] = splitOption(words[index]);
        if (!NODE_CODE_OPTIONS.includes(option)) continue;
        const target = inlineValue ?? words[++index];
        if (target !== undefined && isModulePath(target))
          code.push({ absolute: path.resolve(cwd, target), why });
      }
    } else {
      const separator =
        kind === "files" && name !== "LD_PRELOAD"
          ? null
          : kind === "files"
            ? /[\s:]+/
            : path.delimiter;
      for (const entry of separator === null ? [value] : value.split(separator))
        if (entry.trim() !== "")
          code.push({
            absolute: path.resolve(cwd, entry.trim()),
            why,
            ...(kind === "search-path" ? { folder: true } : {}),
          });
    }
  }
  return code;
}
