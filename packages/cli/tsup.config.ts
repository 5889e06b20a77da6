import { cpSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "tsup";
import type { Plugin } from "esbuild";

const PACKAGES = fileURLToPath(new URL("../", import.meta.url));
/** The workspace packages the command's bundle holds (read from their sources). */
const BUNDLED = ["lang", "kit", "run", "infer", "service"];

/**
 * Resolves `@lackpy/<name>[/<entry>]` of a bundled package to its source entry, so the bundle
 * is split by source file (each command loads only the files it reaches) rather than by the
 * packages' own builds. Every bundled package declares `"sideEffects": false`, and says so here.
 */
const workspaceSources: Plugin = {
  name: "lackpy-workspace-sources",
  setup(build) {
    build.onResolve({ filter: /^@lackpy\// }, (args) => {
      const [, name, entry] = /^@lackpy\/([^/]+)(?:\/(.+))?$/.exec(args.path) ?? [];
      if (!name || !BUNDLED.includes(name)) return undefined;
      // The child pool's one import from lang is the error class: taken from its own file, the
      // pool's chunk does not import the parser, and the bin forks before loading it.
      const file =
        args.path === "@lackpy/lang" && args.importer.endsWith("/run/src/run-error.ts")
          ? "lackpy-error"
          : (entry ?? "index");
      return { path: `${PACKAGES}${name}/src/${file}.ts`, sideEffects: false };
    });
  },
};

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
  // The command the bin runs, bundled (decision 57): the workspace packages and the
  // dependencies every command may load, minified and split so that each command loads only
  // what it reaches. Optional peers stay outside (loaded when a command needs them, from the
  // install). `prewarm` is the child pool alone, for the bin to start the isolated child
  // before it loads the rest; `child-entry` is @lackpy/run's child, forked from beside the
  // bundle's pool.
  {
    entry: {
      cli: "src/cli.ts",
      prewarm: "src/prewarm.ts",
      "child-entry": "../run/src/child-entry.ts",
    },
    outDir: "dist/bin",
    format: ["esm"],
    platform: "node",
    target: "node20",
    clean: true,
    splitting: true,
    minify: true,
    sourcemap: true,
    noExternal: [
      /^@lackpy\/(lang|kit|run|infer|service)(\/|$)/,
      "acorn",
      "astring",
      "citty",
      "re2js",
      "smol-toml",
    ],
    external: [
      "@lackpy/mcp",
      "@anthropic-ai/sdk",
      "@modelcontextprotocol/client",
      "@opentelemetry/api",
      "ollama",
      // The Postgres store's driver, which the service loads only for a Postgres store.
      "pg",
    ],
    esbuildPlugins: [workspaceSources],
    // The kit's shipped tool docs, where the bundled kit looks for them (`../docs/`).
    onSuccess: async () => {
      rmSync("dist/docs", { recursive: true, force: true });
      cpSync(`${PACKAGES}kit/docs`, "dist/docs", { recursive: true });
    },
  },
]);
