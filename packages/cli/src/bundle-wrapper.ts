/**
 * How the build writes the bin's bundles that `loadCommand` compiles (`command.cjs`,
 * `child.cjs`): each file is one function expression with a CommonJS module's parameters and
 * `__import` (the build's stand-in for `import()`, `import-calls.ts`). The loader compiles the
 * file's text as it is: wrapping it at load time made V8 copy the whole bundle (about 1 MB) into
 * a new string before it could compile it.
 */
export const BUNDLE_WRAPPER = {
  open: "(function (exports, require, module, __filename, __dirname, __import) {",
  close: "\n})",
} as const;
