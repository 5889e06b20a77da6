import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { validate } from "@lackpy/lang";
import type { BenchSuite } from "./harness.js";

const BIN = fileURLToPath(new URL("../../packages/cli/bin/lackpy.js", import.meta.url));
const ACORN = fileURLToPath(new URL("../node_modules/acorn/dist/acorn.mjs", import.meta.url));
const SOURCE = `const files = find_files("src/**/*.ts")\nconst hits = []\nfor (const f of files) {\n  const text = read_file(f)\n  if (text.includes("TODO")) hits.push({ file: f })\n}\nhits`;
const directory = mkdtempSync(path.join(os.tmpdir(), "lackpy-bench-cli-"));
const FILE = path.join(directory, "program.js");
writeFileSync(FILE, SOURCE);

/** CLI cold start: `lackpy validate file.js` as a child process, against the process floor (node running acorn.parse) and in-process validation. */
export const suite: BenchSuite = {
  name: "cli",
  timeMs: 3000,
  // A process takes a few hundred ms: ten samples (not tinybench's 64) keep the suite near 15 s.
  iterations: 10,
  tasks: () => [
    {
      name: "node -e acorn.parse (process floor)",
      fn: () =>
        execFileSync(process.execPath, [
          "--input-type=module",
          "-e",
          `import { parse } from ${JSON.stringify(ACORN)}; import { readFileSync } from "node:fs"; parse(readFileSync(${JSON.stringify(FILE)}, "utf8"), { ecmaVersion: 2022 })`,
        ]),
    },
    {
      name: "lackpy validate file.js (cold process)",
      fn: () =>
        execFileSync(process.execPath, [BIN, "validate", FILE, "--kit", "readonly"], {
          cwd: directory,
        }),
    },
    { name: "validate in-process", fn: () => validate(SOURCE) },
  ],
  ratios: [
    {
      name: "CLI cold start / process floor",
      task: "lackpy validate file.js (cold process)",
      baseline: "node -e acorn.parse (process floor)",
    },
  ],
};
