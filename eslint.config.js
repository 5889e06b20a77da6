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
      // Two copies of a package (the CLI's bundle and @lackpy/mcp's dependencies) make two error
      // classes: lackpy's errors are recognised by their brand (decision 94).
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "BinaryExpression[operator='instanceof'][right.name=/^(Lackpy|Lang|Kit|Tool|Run|Infer|Service|Adapter|McpServe|Usage)Error$/]",
          message:
            "Recognise lackpy's errors with their brand, `ServiceError.is(error)`: instanceof fails across two copies of a package.",
        },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
  // The CLI's bin is CommonJS (its folder's package.json), so Node runs it without its ES module loader.
  {
    files: ["packages/cli/bin/**/*.js"],
    languageOptions: {
      sourceType: "commonjs",
      globals: { require: "readonly", __dirname: "readonly" },
    },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
