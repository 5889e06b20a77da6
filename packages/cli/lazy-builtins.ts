/**
 * A build step of the bin's bundles (`tsup.config.ts`): the named imports of some of Node's own
 * modules become functions that load the module on their first call. A bundle's imports all run
 * when it loads, and a one-shot command pays for a module it may never call: Node's `crypto`
 * loads some twenty internal modules (about 4 ms and a hundred fresh pages here), and a
 * rule-answered `delegate` hashes nothing (decision 192).
 *
 * Only the module's functions whose names start with a small letter are forwarded (`createHash`,
 * `randomBytes`); an import of anything else (a class, a constant, the default or the namespace)
 * has no export to bind to, and esbuild refuses to build it, so nothing is made lazy by halves.
 * `import()` and `require()` of the module are left as they are.
 */
import { createRequire } from "node:module";
import type { Options } from "tsup";

/** An esbuild plugin, as tsup takes it. */
type Plugin = NonNullable<Options["esbuildPlugins"]>[number];

const NAMESPACE = "lackpy-lazy-builtin";
/** Where the stand-ins' own `require` of the real module resolves from (a builtin: anywhere). */
const PACKAGE_ROOT = new URL(".", import.meta.url).pathname;

/** The source of the module that stands for Node's module `name` in a bundle. */
export function lazyBuiltinSource(name: string): string {
  const real = createRequire(import.meta.url)(`node:${name}`) as Record<string, unknown>;
  const functions = Object.keys(real).filter(
    (key) => /^[a-z][A-Za-z0-9]*$/.test(key) && typeof real[key] === "function",
  );
  const lines = [
    "let loaded;",
    `const load = () => (loaded ??= require(${JSON.stringify(`node:${name}`)}));`,
    ...functions.map((key) => `export function ${key}(...args) { return load().${key}(...args); }`),
  ];
  return `${lines.join("\n")}\n`;
}

/** The plugin that makes the named imports of Node's modules `names` (`crypto`) lazy. */
export function lazyBuiltins(names: readonly string[]): Plugin {
  const filter = new RegExp(`^(?:node:)?(?:${names.join("|")})$`);
  return {
    name: "lackpy-lazy-builtins",
    setup(build) {
      build.onResolve({ filter }, (args) =>
        args.kind === "import-statement"
          ? { path: args.path.replace(/^node:/, ""), namespace: NAMESPACE }
          : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: lazyBuiltinSource(args.path),
        loader: "js",
        resolveDir: PACKAGE_ROOT,
      }));
    },
  };
}
