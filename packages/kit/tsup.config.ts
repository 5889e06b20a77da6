import { defineConfig } from "tsup";

export default defineConfig({
  // child-read-file is the module an isolated child loads to read files: it must be in dist.
  entry: {
    index: "src/index.ts",
    node: "src/node.ts",
    "child-read-file": "src/files/child-read-file.ts",
  },
  format: ["esm"],
  dts: true,
  clean: true,
  target: "node20",
  sourcemap: true,
});
