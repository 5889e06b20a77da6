import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * The files of the workspace the rules' tests ground requests in: every file or name that a
 * rule's example phrasings mention exists here, plus hidden and protected files no rule may see.
 */
export const RULES_WORKSPACE_FILES: Readonly<Record<string, string>> = Object.freeze({
  "README.md": "# demo\n\nA demo package. TODO: write the docs.\n",
  "CHANGELOG.md": "# Changelog\n\n## 1.0.0\n\n- First release.\n",
  "package.json": `${JSON.stringify(
    {
      name: "demo",
      version: "1.2.3",
      description: "A demo package",
      scripts: { build: "tsc", test: "vitest" },
      dependencies: { "whatwg-fetch": "^3.6.20" },
      devDependencies: { typescript: "^6.0.3" },
      exports: {
        ".": { import: "./dist/index.js", require: "./dist/index.cjs" },
        "./locale": "./dist/locale.js",
        "./package.json": "./package.json",
      },
    },
    null,
    2,
  )}\n`,
  "config.json": '{ "port": "8080" }\n',
  "notes.md": "# Notes\n",
  "src/index.ts": [
    "import { formatHost } from './utils.js'",
    "import 'whatwg-fetch'",
    "",
    "// TODO: cache the host",
    "export class Ollama extends EventTarget {",
    "  host = formatHost('127.0.0.1')",
    "}",
    "export default new Ollama()",
    "export * from './utils.js'",
    "",
  ].join("\n"),
  "src/utils.ts": [
    "export const formatHost = (host: string): string => host.trim()",
    "",
    "export function stop(controller: AbortController) {",
    "  // FIXME: also stop the stream",
    "  controller.abort()",
    "}",
    "",
    "export async function get(url: string) {",
    "  return fetch(url)",
    "}",
    "",
  ].join("\n"),
  "src/tools/run.js": "const { formatHost } = require('../utils')\nmodule.exports = formatHost\n",
  "src/app.py": "import os\n\ndef main():\n    print(os.getcwd())  # TODO: log\n",
  "tests/index.test.ts": "import { formatHost } from '../src/utils.js'\n// FIXME: a real test\n",
  "docs/guide.md": "# Guide\n\nSee README.md.\n",
  ".env": "TOKEN=secret TODO\n",
  ".git/config": "[core] # TODO\n",
  ".lackpy/config.toml": '[kit]\ndefault = "readonly" # TODO\n',
});

/** A temporary copy of the rules' workspace. */
export async function createRulesWorkspace(): Promise<{ root: string; remove(): Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-rules-"));
  for (const [file, content] of Object.entries(RULES_WORKSPACE_FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
