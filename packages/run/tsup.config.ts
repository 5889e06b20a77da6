import { defineConfig } from "tsup";

export default defineConfig({
  // child-entry is the file isolated mode forks: it must be in the published dist.
  entry: ["src/index.ts", "src/node.ts", "src/child-entry.ts"],
  format: ["esm"],
  dts: true,
  clean: true,
  target: "node20",
  sourcemap: true,
});
