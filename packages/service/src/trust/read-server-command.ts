/**
 * What a stdio MCP server's command line runs, read from a table of the commands people use to
 * start servers: an interpreter runs its script argument (and `--require`/`--import` modules;
 * `python -m pkg` imports from the working folder), a package runner (`npx`, `bunx`,
 * `pnpm dlx`, `yarn dlx`, `npm exec`, `uvx`, `uv tool run`, `pipx run`) fetches a package (one
 * given by absolute path or `file:` URL is code on disk, like a script), a
 * project runner (`npm run`, `make`, `cargo`, …) runs the project in its working folder. A
 * command that is a path runs itself. Any other command is found on `PATH`: lackpy cannot know
 * what it loads, so only its command line is trusted, and its arguments are data.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  INTERPRETERS,
  isModulePath,
  looksLikeScript,
  PROJECT_RUNNERS,
  PYTHON,
  PYTHON_NAME,
  PYTHON_PROJECT_MANIFESTS,
  RUNNER_PACKAGE_OPTIONS,
  RUNNER_SETTING_OPTIONS,
  RUNNER_SUBCOMMANDS,
  RUNNER_VALUE_OPTIONS,
  RUNNERS,
  splitOption,
  type Interpreter,
} from "./server-commands.js";

/** Code a command line runs, as an absolute path, with what it is for messages. */
export interface CommandCode {
  absolute: string;
  why: string;
  /** True when the path is a folder whatever is there now (a working folder, a search path entry). */
  folder?: boolean;
}

/** What `readServerCommand` found. */
export interface CommandReading {
  /** Scripts, modules, the command file, and folders run as a module or project. */
  code: CommandCode[];
  /** A package runner and the package specs it resolves, as written. */
  runner?: { name: string; packages: string[] };
  /** The interpreter, when the command is one (`node`, `python`, …). */
  interpreter?: string;
  /** True for Python interpreters (lackpy keeps them from writing bytecode next to the code). */
  python: boolean;
  /** Files next to or above the code that change what the interpreter loads (`package.json`, `pyproject.toml`): fingerprinted, not protected. */
  manifests: readonly string[];
  /** Files the command line names that change what is loaded (`--env-file .env`, `--tsconfig`, `--import-map`): fingerprinted. */
  settingFiles?: string[];
}

/** The name a command is known by: its last path segment, lower case, without `.exe`/`.cmd`/`.bat`. */
export function commandName(command: string): string {
  return (command.trim().split(/[\\/]/).pop() ?? "")
    .toLowerCase()
    .replace(/\.(?:exe|cmd|bat)$/, "");
}

/** True when a command names a file by path rather than a program on `PATH`. */
export function isPathCommand(command: string): boolean {
  return /[\\/]/.test(command) || command.trim().startsWith(".");
}

/** Reads what a server's command line runs; `cwd` is the absolute folder it starts in. */
export function readServerCommand(
  command: string,
  args: readonly string[],
  cwd: string,
): CommandReading {
  const reading: CommandReading = { code: [], python: false, manifests: [] };
  if (isPathCommand(command))
    reading.code.push({ absolute: path.resolve(cwd, command.trim()), why: "the command" });
  const name = commandName(command);
  const first = args.find((arg) => !arg.startsWith("-"));
  if (name in RUNNERS) return readRunner(reading, RUNNERS[name], args);
  if (RUNNER_SUBCOMMANDS[name]?.includes(first ?? ""))
    return readRunner(reading, `${name} ${first}`, args.slice(args.indexOf(first!) + 1));
  if (name === "uv" && first === "tool" && args[args.indexOf(first) + 1] === "run")
    return readRunner(reading, "uv tool run", args.slice(args.indexOf(first) + 2));
  if (name === "uv" && first === "run") return readUvRun(reading, args, cwd);
  if (name === "bun" && first !== undefined && first !== "run" && !looksLikeScript(first))
    return project(reading, cwd, `bun ${first}`);
  if (name === "bun" && first === "run") {
    const script = args.slice(args.indexOf(first) + 1).find((arg) => !arg.startsWith("-"));
    if (script !== undefined && !looksLikeScript(script))
      return project(reading, cwd, `bun run ${script}`);
  }
  if (name === "deno" && (first === "task" || first === "eval"))
    return first === "task" ? project(reading, cwd, "deno task") : reading;
  if (PYTHON_NAME.test(name)) return readInterpreter(reading, name, PYTHON, args, cwd);
  const interpreter = INTERPRETERS[name];
  if (interpreter) return readInterpreter(reading, name, interpreter, args, cwd);
  if (PROJECT_RUNNERS.has(name)) return project(reading, cwd, name);
  return reading;
}

function readRunner(
  reading: CommandReading,
  name: string,
  args: readonly string[],
): CommandReading {
  const packages: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === "--") {
      if (args[index + 1] !== undefined && packages.length === 0) packages.push(args[index + 1]);
      break;
    }
    if (arg.startsWith("-")) {
      const [option, inline] = splitOption(arg);
      if (RUNNER_VALUE_OPTIONS.includes(option)) {
        const value = inline ?? args[++index];
        if (value !== undefined && RUNNER_PACKAGE_OPTIONS.includes(option)) packages.push(value);
        // Only an absolute one is a file lackpy can read: a relative one lies in the neutral folder.
        if (
          value !== undefined &&
          RUNNER_SETTING_OPTIONS.includes(option) &&
          path.isAbsolute(value)
        )
          (reading.settingFiles ??= []).push(path.resolve(value));
      }
      continue;
    }
    packages.push(arg);
    break;
  }
  // A package given by absolute path (or `file:` URL) is a folder of the disk, not a fetch: its
  // code is run as it is at each start, so it is code like a script (fingerprinted and, inside the
  // workspace, kept from programs). Relative specs resolve in the neutral folder, outside.
  for (const spec of packages) {
    const local = localPackagePath(spec);
    if (local !== null) reading.code.push({ absolute: local, why: "the local package" });
  }
  return { ...reading, runner: { name, packages } };
}

/** The absolute path a package spec names (`/abs/pkg`, `file:/abs/pkg`, `file:///abs/pkg.tgz`, `pkg@file:/abs`), or null for a registry, git or relative spec. */
function localPackagePath(spec: string): string | null {
  const at = spec.indexOf("@file:", 1);
  let target = at > 0 ? spec.slice(at + 1) : spec;
  if (/^file:/i.test(target)) {
    try {
      target = target.startsWith("file://") ? fileURLToPath(target) : target.slice("file:".length);
    } catch {
      return null;
    }
  }
  return path.isAbsolute(target) || /^[A-Za-z]:[\\/]/.test(target) ? path.resolve(target) : null;
}

function readUvRun(reading: CommandReading, args: readonly string[], cwd: string): CommandReading {
  const rest = args.slice(args.indexOf("run") + 1);
  const isolated = rest.some((arg) =>
    ["--no-project", "--script", "--isolated", "--no-sync"].includes(arg),
  );
  const result: CommandReading = {
    ...reading,
    interpreter: "uv run",
    python: true,
    manifests: isolated ? [] : PYTHON_PROJECT_MANIFESTS,
  };
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index];
    if (arg === "--") break;
    if (arg.startsWith("-")) {
      const [option, inline] = splitOption(arg);
      if (option === "--directory" || option === "--project") {
        const value = inline ?? rest[++index];
        if (value !== undefined)
          result.code.push({
            absolute: path.resolve(cwd, value),
            why: `the project of uv run ${option}`,
            folder: true,
          });
      } else if (option === "--env-file" || option === "--with-requirements") {
        const value = inline ?? rest[++index];
        if (value !== undefined) (result.settingFiles ??= []).push(path.resolve(cwd, value));
      } else if (
        [
          "--with",
          "--python",
          "-p",
          "--package",
          "--extra",
          "--group",
          "--index",
          "--index-url",
        ].includes(option) &&
        inline === undefined
      ) {
        index++;
      } else if (option === "-m" || option === "--module") {
        result.code.push({ absolute: cwd, why: "the folder uv run -m imports from", folder: true });
        return result;
      }
      continue;
    }
    if (looksLikeScript(arg))
      result.code.push({ absolute: path.resolve(cwd, arg), why: "the script" });
    else
      result.code.push({
        absolute: cwd,
        why: `the project uv run starts ${arg} from`,
        folder: true,
      });
    return result;
  }
  return result;
}

function readInterpreter(
  reading: CommandReading,
  name: string,
  interpreter: Interpreter,
  args: readonly string[],
  cwd: string,
): CommandReading {
  const result: CommandReading = {
    ...reading,
    interpreter: name,
    python: interpreter.family === "python",
    manifests: interpreter.manifests ?? [],
  };
  let index = 0;
  while (index < args.length && interpreter.subcommands?.includes(args[index])) index++;
  for (; index < args.length; index++) {
    const arg = args[index];
    if (arg === "--") {
      const script = args[index + 1];
      if (script !== undefined)
        result.code.push({ absolute: path.resolve(cwd, script), why: "the script" });
      return result;
    }
    if (!arg.startsWith("-") || arg === "-") {
      if (arg !== "-") result.code.push({ absolute: path.resolve(cwd, arg), why: "the script" });
      return result;
    }
    const [option, inline] = splitOption(arg);
    if (interpreter.family === "python") {
      // Short flags cluster: `-Bm pkg`, `-uc "…"`.
      const cluster = /^-[A-Za-z]+$/.test(option) ? option.slice(1) : "";
      if (option === "-m" || (cluster.length > 1 && cluster.endsWith("m"))) {
        result.code.push({
          absolute: cwd,
          why: `the folder ${name} -m imports from`,
          folder: true,
        });
        return result;
      }
      if (option === "-c" || (cluster.length > 1 && cluster.endsWith("c")))
        return inlineCode(result, cwd, `${name} -c`);
    }
    if (interpreter.inlineOptions?.includes(option))
      return inlineCode(result, cwd, `${name} ${option}`);
    if (interpreter.valueOptions.includes(option)) {
      const value = inline ?? args[++index];
      if (value !== undefined && interpreter.codeOptions?.includes(option) && isModulePath(value))
        result.code.push({ absolute: path.resolve(cwd, value), why: `the ${option} module` });
      else if (value !== undefined && interpreter.settingOptions?.includes(option))
        (result.settingFiles ??= []).push(path.resolve(cwd, value));
    }
  }
  return result;
}

/** Inline code (`node -e`, `python -c`, `sh -c`) loads what it names from its working folder (Python puts it first on `sys.path`). */
function inlineCode(reading: CommandReading, cwd: string, form: string): CommandReading {
  reading.code.push({
    absolute: cwd,
    why: `the folder the inline code of ${form} runs in`,
    folder: true,
  });
  return reading;
}

function project(reading: CommandReading, cwd: string, runner: string): CommandReading {
  reading.code.push({ absolute: cwd, why: `the project ${runner} runs`, folder: true });
  return reading;
}
