/**
 * Files other tools load as code on their own (issue 35, threat model a): each row is a path a
 * program might create or edit, the loader that would run it, and a piece of the reason a
 * refusal gives. Every file tool refuses to write each with `closed_path` and a hint naming the
 * `[files] allow_write` line that opens it; the tables in the CLI and MCP run these rows too.
 */
export const CODE_LOADING_CONFIGS = [
  ["eslint.config.js", "ESLint and its editor extension", "a tool's config that is code"],
  ["eslint.config.mjs", "ESLint", "a tool's config that is code"],
  ["prettier.config.cjs", "Prettier and its editor extension", "a tool's config that is code"],
  ["vite.config.ts", "Vite", "a tool's config that is code"],
  ["vitest.config.mts", "Vitest", "a tool's config that is code"],
  ["packages/web/next.config.js", "Next.js, in a nested package", "a tool's config that is code"],
  ["ESLint.Config.JS", "ESLint, on a file system that ignores case", "a tool's config that is code"],
  [".eslintrc.js", "ESLint's older settings", "a tool's settings that are code"],
  [".prettierrc.cjs", "Prettier's settings", "a tool's settings that are code"],
  ["babel.config.json", "Babel's plugins", "names modules for the tool to load"],
  ["jest.config.yaml", "Jest's transforms", "names modules for the tool to load"],
  ["tsconfig.json", "TypeScript's language-service plugins", "compilerOptions.plugins"],
  ["tsconfig.build.json", "TypeScript, another project file", "compilerOptions.plugins"],
  ["jsconfig.json", "the editors' JavaScript service", "compilerOptions.plugins"],
];

/** Names like those above that no loader runs: the file tools write them (control rows). */
export const ORDINARY_NAMES = [
  "src/config.ts",
  "docs/eslint.config.md",
  "my-tsconfig.json",
  "config.js",
  "src/app.configure.js",
];
