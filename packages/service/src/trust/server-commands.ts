/** The table of commands that start MCP servers: interpreters, package runners, project runners, and how their words read. */
import path from "node:path";

/** How an interpreter's command line reads: its subcommands, options with values, and those that load code. */
export interface Interpreter {
  family: "js" | "python" | "shell" | "other";
  /** Words skipped before the options (`deno run`). */
  subcommands?: readonly string[];
  valueOptions: readonly string[];
  /** Options whose value is a module or script to load. */
  codeOptions?: readonly string[];
  /** Options whose value is the program itself: no script follows. */
  inlineOptions?: readonly string[];
  /** Options whose value is a file that changes what is loaded (`--env-file` can set `NODE_OPTIONS`). */
  settingOptions?: readonly string[];
  manifests?: readonly string[];
}

/** Setting files of JS runtimes: an env file (it can set `NODE_OPTIONS`), a tsconfig, a config or import map. */
const JS_SETTING_OPTIONS = [
  "--env-file",
  "--env-file-if-exists",
  "--tsconfig",
  "--tsconfig-override",
  "-P",
  "--project",
  "-c",
  "--config",
  "--import-map",
];

const NODE_VALUE_OPTIONS = [
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader",
  "-C",
  "--conditions",
  "--input-type",
  "--env-file",
  "--env-file-if-exists",
  "--title",
  "--inspect-port",
  "--disable-warning",
  "--redirect-warnings",
  "--watch-path",
  "--tsconfig",
];

/** Node options whose value is a module to load first. */
export const NODE_CODE_OPTIONS = [
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader",
];

const NODE_INLINE_OPTIONS = ["-e", "--eval", "-p", "--print"];

const NODE: Interpreter = {
  family: "js",
  valueOptions: NODE_VALUE_OPTIONS,
  codeOptions: NODE_CODE_OPTIONS,
  inlineOptions: NODE_INLINE_OPTIONS,
  settingOptions: JS_SETTING_OPTIONS,
  manifests: ["package.json"],
};

const TSX: Interpreter = { ...NODE, manifests: ["package.json", "tsconfig.json"] };

/** Python: `-m` and `-c` are read apart, as they can cluster with other flags. */
export const PYTHON: Interpreter = {
  family: "python",
  valueOptions: ["-W", "-X"],
  inlineOptions: ["-c"],
};

const SHELL: Interpreter = { family: "shell", valueOptions: ["-o"], inlineOptions: ["-c"] };

/** Interpreters by command name (without `.exe`, lower case). */
export const INTERPRETERS: Readonly<Record<string, Interpreter>> = {
  node: NODE,
  nodejs: NODE,
  tsx: TSX,
  "ts-node": {
    ...TSX,
    valueOptions: ["-r", "--require", "-P", "--project", "-C", "--compiler", "-O"],
  },
  bun: {
    family: "js",
    subcommands: ["run"],
    valueOptions: ["-r", "--preload", "--config", "-c", "--env-file", "--tsconfig-override"],
    codeOptions: ["-r", "--preload"],
    inlineOptions: ["-e", "--eval", "-p", "--print"],
    settingOptions: JS_SETTING_OPTIONS,
    manifests: ["package.json", "tsconfig.json", "bunfig.toml"],
  },
  deno: {
    family: "js",
    subcommands: ["run", "serve"],
    valueOptions: [
      "-c",
      "--config",
      "--import-map",
      "--env-file",
      "--lock",
      "--cert",
      "--location",
      "--seed",
      "--v8-flags",
      "--preload",
    ],
    codeOptions: ["--preload"],
    settingOptions: JS_SETTING_OPTIONS,
    manifests: ["deno.json", "deno.jsonc", "package.json"],
  },
  sh: SHELL,
  bash: SHELL,
  zsh: SHELL,
  dash: SHELL,
  ksh: SHELL,
  ruby: { family: "other", valueOptions: ["-r", "-I", "-C", "-E"], inlineOptions: ["-e"] },
  perl: { family: "other", valueOptions: ["-I"], inlineOptions: ["-e", "-E"] },
  php: { family: "other", valueOptions: ["-c", "-d", "-z"], inlineOptions: ["-r"] },
};

/** `python`, `python3`, `python3.12`, `pypy3`, `py`. */
export const PYTHON_NAME = /^(?:python|pypy)(?:\d+(?:\.\d+)?)?$|^py$/;

/** Commands that fetch and run a package: the name the runner is known by. */
export const RUNNERS: Readonly<Record<string, string>> = {
  npx: "npx",
  pnpx: "pnpx",
  bunx: "bunx",
  uvx: "uvx",
};

/** `<command> <subcommand>` forms that are package runners. */
export const RUNNER_SUBCOMMANDS: Readonly<Record<string, readonly string[]>> = {
  npm: ["exec", "x"],
  pnpm: ["dlx"],
  yarn: ["dlx"],
  bun: ["x"],
  pipx: ["run"],
};

/** Options of package runners that take a value; `-p`/`--package`/`--from`/`--spec`/`--with` name packages. */
export const RUNNER_VALUE_OPTIONS = [
  "-p",
  "--package",
  "--from",
  "--spec",
  "--with",
  "-c",
  "--call",
  "--registry",
  "--cache",
  "--userconfig",
  "--globalconfig",
  "--config-file",
  "--with-requirements",
  "--with-editable",
  "--prefix",
  "-w",
  "--workspace",
  "--python",
  "--index",
  "--index-url",
  "--extra-index-url",
  "--default-index",
  "--pip-args",
];

/** Runner options whose value is a package spec. */
export const RUNNER_PACKAGE_OPTIONS = [
  "-p",
  "--package",
  "--from",
  "--spec",
  "--with",
  "--with-editable",
];

/** Runner options whose value is a file that changes what runs (an npmrc's `node-options`, a uv config, a requirements file): fingerprinted. */
export const RUNNER_SETTING_OPTIONS = [
  "--userconfig",
  "--globalconfig",
  "--config-file",
  "--with-requirements",
];

/** Commands that run the project in their working folder (its scripts, build or bins). */
export const PROJECT_RUNNERS = new Set([
  "npm",
  "pnpm",
  "yarn",
  "make",
  "just",
  "cargo",
  "go",
  "dotnet",
  "mvn",
  "gradle",
  "rake",
  "poetry",
  "pipenv",
  "hatch",
]);

/** What `uv run` reads from a project folder to install it before running. */
export const PYTHON_PROJECT_MANIFESTS = [
  "pyproject.toml",
  "uv.toml",
  "uv.lock",
  "setup.py",
  "setup.cfg",
];

/** An option and its `=value` (`--import=./x.mjs`), or the option alone. */
export function splitOption(arg: string): [string, string | undefined] {
  const equals = arg.indexOf("=");
  return equals > 0 && arg.startsWith("--")
    ? [arg.slice(0, equals), arg.slice(equals + 1)]
    : [arg, undefined];
}

/** A module given by path (`./hook.cjs`, `/abs/x.mjs`), not a package (`dotenv/config`). */
export function isModulePath(value: string): boolean {
  return value.startsWith(".") || path.isAbsolute(value) || /^[A-Za-z]:[\\/]/.test(value);
}

/** `./x`, `a/b` or an absolute path. */
function isPathLike(value: string): boolean {
  return /[\\/]/.test(value) || value.startsWith(".");
}

/** A path, or a name with a script's extension (`server.py`, `main.ts`). */
export function looksLikeScript(value: string): boolean {
  return isPathLike(value) || /\.(?:[cm]?[jt]sx?|py|pyw|sh|rb|pl|php)$/i.test(value);
}
