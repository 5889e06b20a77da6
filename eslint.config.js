import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "**/.turbo/**",
      "**/__fixtures__/**",
      "apps/eval/fixtures/**",
      "apps/eval/reports/**",
      "bench/results/**",
      // lackpy programs, not modules: their tools and helpers are the language's globals.
      "bench/scale/**",
      "apps/eval/workspace/**",
      // Frozen request corpora and the scripts their writers computed gold with.
      "apps/eval/corpora/*/**",
      ".corpus-trees/**",
      "examples/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
