import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWorkerPool } from "@lackpy/run/node";
import { answerCleanly, writeWorkspace } from "../__fixtures__/rule-answers.js";

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
  // jose's layout: dist/browser beside dist/node/{cjs,esm}, and a source folder of the same shape.
  "jose/dist/browser/jwt/verify.js": "export async function jwtVerify() {}\n",
  "jose/dist/node/cjs/jwt/verify.js":
    "async function jwtVerify() {}\nexports.jwtVerify = jwtVerify;\n",
  "jose/dist/node/esm/jwt/verify.js": "export async function jwtVerify() {}\n",
  "src/browser/fs.ts": "export function readText() {}\n",
  "src/node/fs.ts": "export function readText() {}\n",
};

let root: string;

beforeAll(async () => {
  root = await writeWorkspace("build-copies", FILES);
});

afterAll(async () => {
  await closeWorkerPool();
  await rm(root, { recursive: true, force: true });
});

async function where(request: string) {
  const { built, output } = await answerCleanly(root, request);
  if (built.rule === null) throw new Error(built.reason);
  return (output as { file: string; line: number }[]).map(({ file, line }) => ({ file, line }));
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

describe("definitions in a package built for the browser and for Node", () => {
  it("are the Node ESM build's, as the plain build is where there is one", async () => {
    expect(await where("where is jwtVerify defined")).toEqual([
      { file: "jose/dist/node/esm/jwt/verify.js", line: 1 },
    ]);
  });

  it("keep both of a source's platform folders: each is its own implementation", async () => {
    expect(await where("where is readText defined")).toEqual([
      { file: "src/browser/fs.ts", line: 1 },
      { file: "src/node/fs.ts", line: 1 },
    ]);
  });
});
