import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, defineConfig, type Options } from "tsup";
import type { Plugin } from "esbuild";
import { rewriteImportCalls } from "./import-calls.js";
import { lazyBuiltins } from "./lazy-builtins.js";
import { BUNDLE_WRAPPER } from "./src/bundle-wrapper.js";

const PACKAGES = fileURLToPath(new URL("../", import.meta.url));
/** The workspace packages the command's bundle holds (read from their sources). */
const BUNDLED = ["lang", "kit", "run", "infer", "service"];

/**
 * Resolves `@lackpy/<name>[/<entry>]` of a bundled package to its source entry, so the bundles
 * are built from source files (the split child entries load only the files they reach) rather
 * than from the packages' own builds. Every bundled package declares `"sideEffects": false`,
 * and says so here.
 */
const workspaceSources: Plugin = {
  name: "lackpy-workspace-sources",
  setup(build) {
    build.onResolve({ filter: /^@lackpy\// }, (args) => {
      const [, name, entry] = /^@lackpy\/([^/]+)(?:\/(.+))?$/.exec(args.path) ?? [];
      if (!name || !BUNDLED.includes(name)) return undefined;
      // The child pool's one import from lang is the error class: taken from its own file, the
      // isolated child's chunks do not import the parser.
      const file =
        args.path === "@lackpy/lang" && args.importer.endsWith("/run/src/run-error.ts")
          ? "lackpy-error"
          : (entry ?? "index");
      return { path: `${PACKAGES}${name}/src/${file}.ts`, sideEffects: false };
    });
  },
};

/** Optional peers and drivers the command loads from the install when it needs them. */
const OPTIONAL = [
  "@lackpy/mcp",
  "@anthropic-ai/sdk",
  "@modelcontextprotocol/client",
  "@opentelemetry/api",
  "ollama",
  // The Postgres store's driver, which the service loads only for a Postgres store.
  "pg",
];

/** The child the pool forks (`start-child.ts`): CommonJS, so Node starts it without its ES module loader. */
const CHILD_ENTRY_NAME = { __LACKPY_CHILD_ENTRY__: '"child-entry.cjs"' };

/** The bundles' own URL, for `import.meta.url` (defined as `__bundleUrl` below). */
const BUNDLE_URL = 'var __bundleUrl=require("node:url").pathToFileURL(__filename).href;';

/** What the bundle holds besides Node's builtins. */
const BUNDLED_DEPENDENCIES = [
  /^@lackpy\/(lang|kit|run|infer|service)(\/|$)/,
  "acorn",
  "astring",
  "citty",
  "re2js",
  "smol-toml",
];

/**
 * The command the bin runs (decisions 59 and 112): one CommonJS file, so that a V8 code cache
 * of it can be kept (`load-command.ts`). Modules a command imports lazily stay lazy (esbuild
 * runs them on first import); the optional packages stay real `import()`s of ES modules, and
 * `import.meta.url` is the bundle's own file, so what sits beside it is found as before.
 */
const COMMAND: Options = {
  entry: { command: "src/command.ts" },
  outDir: "dist/bin",
  format: ["cjs"],
  outExtension: () => ({ js: ".cjs" }),
  platform: "node",
  target: "node20",
  clean: false,
  splitting: false,
  minify: true,
  sourcemap: true,
  noExternal: BUNDLED_DEPENDENCIES,
  external: OPTIONAL,
  // Node's `crypto` loads on its first call (`lazy-builtins.ts`); tsup's own plugin would take
  // every `node:` import first (Node 20 knows the prefix).
  esbuildPlugins: [workspaceSources, lazyBuiltins(["crypto"])],
  removeNodeProtocol: false,
  define: { "import.meta.url": "__bundleUrl", ...CHILD_ENTRY_NAME },
  // One function expression, compiled as the file is (`bundle-wrapper.ts`).
  banner: { js: `${BUNDLE_WRAPPER.open}${BUNDLE_URL}` },
  footer: { js: BUNDLE_WRAPPER.close },
  esbuildOptions: (options) => {
    options.supported = { ...options.supported, "dynamic-import": true };
  },
  silent: true,
  // Not this file again: `build` would run every config above, this one's caller included.
  config: false,
};

/**
 * The isolated child the command's pool forks (`src/child-entry.ts` loads it with its own code
 * cache): run's `serveHost` alone, one CommonJS file like the command, without the CLI.
 */
const CHILD: Options = {
  ...COMMAND,
  entry: { child: "../run/src/isolated/serve-host.ts" },
};

/**
 * The small files around the bundles, CommonJS too, so that Node runs the bin and the child
 * without its ES module loader: what the pool forks (`src/child-entry.ts`, the loader of
 * `child.cjs`), and the bin's two first requires, run's start of the child (which the bin calls
 * first of all) and the loader of `command.cjs`.
 */
const SMALL_FILES: Options = {
  ...COMMAND,
  entry: {
    "child-entry": "src/child-entry.ts",
    "start-child": "../run/src/isolated/start-child.ts",
    "load-command": "src/load-command.ts",
  },
  // Required as they are: plain CommonJS files.
  banner: { js: BUNDLE_URL },
  footer: undefined,
};

/**
 * The bundle's first code cache, made by a rules delegate on a copy of the example workspace (an
 * isolated run), so that it holds the functions a one-shot command compiles, not only the
 * bundle's top level. The bin makes it again when V8 refuses it (another Node version).
 */
function keepFirstCodeCache(): void {
  rmSync("dist/bin/command.cjs.cache", { force: true });
  rmSync("dist/bin/child.cjs.cache", { force: true });
  const workspace = mkdtempSync(path.join(os.tmpdir(), "lackpy-code-cache-"));
  try {
    cpSync(`${PACKAGES}../examples/workspace`, workspace, { recursive: true });
    execFileSync(
      process.execPath,
      ["bin/lackpy.js", "delegate", "list all typescript files", "--workspace", workspace],
      { stdio: "ignore" },
    );
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

export default defineConfig([
  // The library entry (`main`, `createRootCommand`, …): the other packages stay dependencies,
  // so a host that imports them too shares one copy (one `LackpyError`, one child pool).
  {
    entry: ["src/index.ts"],
    format: ["esm"],
    dts: true,
    // dist/bin and dist/docs are the other build's.
    clean: ["!bin/**", "!docs/**"],
    target: "node20",
    sourcemap: true,
  },
  // The kit's read_file that the isolated child answers itself (decision 65), an ES module
  // loaded from beside the bundled kit, split from what it reaches. The command (`command.cjs`,
  // see `COMMAND` above), the isolated child (`child-entry.cjs` loading `child.cjs`) and the
  // bin's first requires (`SMALL_FILES`) are CommonJS files built after it.
  {
    entry: { "child-read-file": "../kit/src/files/child-read-file.ts" },
    outDir: "dist/bin",
    format: ["esm"],
    platform: "node",
    target: "node20",
    clean: true,
    splitting: true,
    minify: true,
    sourcemap: true,
    noExternal: BUNDLED_DEPENDENCIES,
    external: OPTIONAL,
    esbuildPlugins: [workspaceSources],
    define: CHILD_ENTRY_NAME,
    // The kit's shipped tool docs, where the bundled kit looks for them (`../docs/`); then the
    // command, and a first code cache of it (the bin makes one again under another Node).
    onSuccess: async () => {
      rmSync("dist/docs", { recursive: true, force: true });
      cpSync(`${PACKAGES}kit/docs`, "dist/docs", { recursive: true });
      await build(COMMAND);
      rewriteImportCalls("dist/bin/command.cjs");
      await build(CHILD);
      rewriteImportCalls("dist/bin/child.cjs");
      await build(SMALL_FILES);
      keepFirstCodeCache();
    },
  },
]);
