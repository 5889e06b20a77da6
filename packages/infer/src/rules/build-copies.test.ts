import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHIPPED_KITS } from "@lackpy/kit";
import { createFileTools, createWorkspaceView } from "@lackpy/kit/node";
import { closeWorkerPool, run } from "@lackpy/run/node";
import { matchRules } from "./match-rules.js";

/**
 * A package built four ways (uuid's dist/{cjs,cjs-browser,esm,esm-browser}), each copy compiled
 * by TypeScript: a definition is the plain ESM build's, never a subset of the copies.
 */
const CJS = [
  '"use strict";',
  'Object.defineProperty(exports, "__esModule", { value: true });',
  "exports.parse = exports.v35 = void 0;",
  "function v35(version) {",
  "  return version;",
  "}",
  "exports.v35 = v35;",
].join("\n");
const ESM = "export default function v35(version) {\n  return version;\n}\n";
const FILES: Readonly<Record<string, string>> = {
  "package.json": '{ "name": "ids" }\n',
  "dist/cjs/v35.js": CJS,
  "dist/cjs-browser/v35.js": CJS,
  "dist/esm/v35.js": ESM,
  "dist/esm-browser/v35.js": ESM,
  "lib/only.js": CJS,
  "dist/esm/index.js": "export { default as MAX } from './max.js';\n",
  "dist/esm/max.js": "export default 'ffffffff';\n",
};

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-build-copies-"));
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
});

afterAll(async () => {
  await closeWorkerPool();
  await rm(root, { recursive: true, force: true });
});

const TOOLS = Object.keys(SHIPPED_KITS.readonly!.tools);

async function where(request: string, glob?: string) {
  const built = await matchRules(request, {
    tools: new Set(TOOLS),
    workspace: createWorkspaceView(root),
  });
  if (built.rule === null) throw new Error(built.reason);
  const files = createFileTools(root);
  const result = await run(built.program, {
    tools: Object.fromEntries(TOOLS.map((name) => [name, files[name as keyof typeof files]])),
    params: glob ? { ...built.params, glob } : built.params,
    mode: "in-process",
  });
  expect(result.error).toBeNull();
  return (result.output as { file: string; line: number }[]).map(({ file, line }) => ({
    file,
    line,
  }));
}

describe("definitions in a package built several ways", () => {
  it("are the plain ESM build's: CommonJS and browser copies only when it has none", async () => {
    // lib/only.js is no build's copy: it stays.
    expect(await where("where's the v35 function defined")).toEqual([
      { file: "dist/esm/v35.js", line: 1 },
      { file: "lib/only.js", line: 4 },
    ]);
  });

  it("are never an alias of another module's default export alone", async () => {
    // The definition is max.js's default export; the alias in index.js would be a wrong answer,
    // and finding nothing else is no answer (noneIsUnknown), not "defined nowhere".
    expect(await where("where is MAX defined")).toEqual([]);
  });

  it("never include TypeScript's `exports.x = void 0` prelude", async () => {
    expect(await where("where is v35 defined in lib")).toEqual([{ file: "lib/only.js", line: 4 }]);
  });
});
