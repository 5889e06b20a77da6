import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * One root config for every test in the monorepo. Workspace packages resolve to their
 * TypeScript sources, so a test never runs against a stale build.
 */
export default defineConfig({
  resolve: {
    alias: [
      {
        find: /^@lackpy\/(lang|kit|run|infer|service|cli|mcp)\/(node|agent)$/,
        replacement: `${root}packages/$1/src/$2.ts`,
      },
      {
        find: /^@lackpy\/(lang|kit|run|infer|service|cli|mcp)$/,
        replacement: `${root}packages/$1/src/index.ts`,
      },
    ],
  },
  test: {
    include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.test.ts", "bench/src/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "threads",
    // One worker per core, not vitest's default of one fewer: most tests wait on the processes,
    // servers and children they start, so two workers on this 2-core machine take 413 s where
    // one took 606 s, every test passing in both.
    maxWorkers: os.availableParallelism(),
    // lackpy's trust store lives in the user's state folder: tests never write the real one.
    env: { XDG_STATE_HOME: path.join(os.tmpdir(), `lackpy-test-state-${process.pid}`) },
    reporters: ["default", "./scripts/summary-reporter.ts"],
  },
});
