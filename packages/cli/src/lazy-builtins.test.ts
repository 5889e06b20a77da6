import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { realpathSync } from "node:fs";
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lazyBuiltinSource } from "../lazy-builtins.js";

const execFileAsync = promisify(execFile);
const BIN = fileURLToPath(new URL("../bin/lackpy.js", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));

/** What the stand-in of `crypto` exports that these tests call. */
interface CryptoStandIn {
  createHash: typeof createHash;
  randomBytes: typeof randomBytes;
}

/** The stand-in's exports, run as the bundle runs it (its `export function`s as properties). */
function standIn(name: string, load: (id: string) => unknown): CryptoStandIn {
  const exports = {} as CryptoStandIn;
  const body = lazyBuiltinSource(name).replace(
    /^export function (\w+)/gm,
    "exports.$1 = function $1",
  );
  new Function("require", "exports", body)(load, exports);
  return exports;
}

describe("lazyBuiltinSource", () => {
  it("forwards the module's functions and loads it once, on the first call", () => {
    const loads: string[] = [];
    const crypto = standIn("crypto", (id) => {
      loads.push(id);
      return { createHash, randomBytes };
    });
    expect(loads).toEqual([]);
    const digest = crypto.createHash("sha256").update("lackpy").digest("hex");
    expect(digest).toBe(createHash("sha256").update("lackpy").digest("hex"));
    expect(crypto.randomBytes(6)).toHaveLength(6);
    expect(loads).toEqual(["node:crypto"]);
  });

  it("has no export for a class, a constant or the default, so importing one fails the build", () => {
    const source = lazyBuiltinSource("crypto");
    expect(source).toMatch(/^export function createHash\(/m);
    expect(source).toMatch(/^export function timingSafeEqual\(/m);
    expect(source).not.toMatch(/function (Hash|KeyObject|constants|webcrypto|default)\(/);
    expect(source).not.toMatch(/export (default|const|let|\{)/);
  });
});

describe("the bin's bundle", () => {
  let root: string;
  let state: string;
  let preload: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "lackpy-lazy-builtins-"));
    state = await mkdtemp(path.join(os.tmpdir(), "lackpy-lazy-builtins-state-"));
    await cp(EXAMPLE, root, { recursive: true });
    // Notes, when the bin exits, whether Node's crypto was loaded.
    preload = path.join(state, "note-crypto.cjs");
    await writeFile(
      preload,
      `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(`${preload}.txt`)}, ` +
        `String(process.moduleLoadList.includes("NativeModule crypto"))));\n`,
    );
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(state, { recursive: true, force: true });
  });

  async function bin(args: string[]): Promise<{ stdout: string; crypto: string }> {
    const { stdout } = await execFileAsync(process.execPath, ["--require", preload, BIN, ...args], {
      env: { ...process.env, XDG_STATE_HOME: state },
    });
    return { stdout, crypto: await readFile(`${preload}.txt`, "utf8") };
  }

  it("answers a rule-served delegate without loading Node's crypto", async () => {
    for (const json of [["--json"], []]) {
      const { stdout, crypto } = await bin([
        "delegate",
        "list all typescript files",
        "--workspace",
        root,
        ...json,
      ]);
      expect(stdout).toContain("src/inventory.ts");
      expect(crypto).toBe("false");
    }
  });

  it("loads it for a command that hashes, which works as before", async () => {
    const { stdout, crypto } = await bin(["trust", "--workspace", root]);
    expect(stdout).toContain("trusted");
    expect(crypto).toBe("true");
    const records = await readdir(path.join(state, "lackpy", "trust"));
    const real = realpathSync(root);
    const key = createHash("sha256").update(real).digest("hex").slice(0, 32);
    expect(records).toEqual([`${path.basename(real)}-${key}.json`]);
  });
});
