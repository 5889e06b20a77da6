import { chmod, chown, mkdtemp, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Script } from "node:vm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUNDLE_WRAPPER } from "./bundle-wrapper.js";
import { loadCommand } from "./load-command.js";

let folder: string;
let bundle: string;

/** A small bundle as the build writes it (a module's function, `__import` for `import()`), with functions to compile. */
const SOURCE = [
  BUNDLE_WRAPPER.open,
  `const path = require("node:path");`,
  `exports.name = path.basename(__filename);`,
  `exports.twice = (x) => x * 2;`,
  `exports.load = () => __import("node:os").then((os) => typeof os.cpus);`,
  BUNDLE_WRAPPER.close,
].join("\n");

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "lackpy-load-command-"));
  bundle = path.join(folder, "command.cjs");
  await writeFile(bundle, SOURCE);
});

afterEach(() => rm(folder, { recursive: true, force: true }));

type Bundle = { name: string; twice(x: number): number; load(): Promise<string> };

describe("loadCommand", () => {
  it("runs the bundle as a CommonJS module with the loader's import, then keeps a cache it uses next time", async () => {
    const first = loadCommand<Bundle>(bundle);
    expect(first.cache).toBe("none");
    expect(first.exports.name).toBe("command.cjs");
    expect(first.exports.twice(4)).toBe(8);
    expect(await first.exports.load()).toBe("function");
    expect(first.keepCache()).toBe(true);
    expect(((await stat(`${bundle}.cache`)).mode & 0o022) === 0).toBe(true);
    const second = loadCommand<Bundle>(bundle);
    expect(second.cache).toBe("used");
    // Code from the cache still imports (Node 20 loses `import()`'s callback for cached code).
    expect(await second.exports.load()).toBe("function");
    expect(second.keepCache()).toBe(false);
  });

  it.each([
    ["is not a cache at all", () => Buffer.from("not a code cache")],
    [
      "names this bundle file but holds data V8 refuses (made from another source)",
      async () => {
        const info = await stat(bundle, { bigint: true });
        const line = `lackpy code cache 1 ${info.dev} ${info.ino} ${info.size} ${info.ctimeNs} ${info.mtimeNs}\n`;
        const other = new Script(`(function () { return ${JSON.stringify(folder)}; })`);
        return Buffer.concat([Buffer.from(line, "latin1"), other.createCachedData()]);
      },
    ],
  ])("compiles the bundle when its cache %s, and makes it again", async (name, made) => {
    // A bundle this process has not compiled yet, so V8 cannot answer from its own memory.
    await rm(bundle);
    await writeFile(bundle, `${SOURCE}\n// ${name}`);
    await writeFile(`${bundle}.cache`, await made(), { mode: 0o644 });
    const loaded = loadCommand<Bundle>(bundle);
    expect(loaded.cache).toBe("rejected");
    expect(loaded.exports.twice(2)).toBe(4);
    expect(loaded.keepCache()).toBe(true);
    expect(loadCommand<Bundle>(bundle).cache).toBe("used");
  });

  it("takes no cache made from another bundle file, even one of the same length", async () => {
    const first = loadCommand<Bundle>(bundle);
    expect(first.exports.twice(2)).toBe(4);
    first.keepCache();
    // V8 checks a cache's source by its length alone: the same length, other code.
    await rm(bundle);
    await writeFile(bundle, SOURCE.replace("x * 2", "x * 3"));
    const loaded = loadCommand<Bundle>(bundle);
    expect(loaded.cache).toBe("rejected");
    expect(loaded.exports.twice(2)).toBe(6);
    expect(loaded.keepCache()).toBe(true);
    const again = loadCommand<Bundle>(bundle);
    expect(again.cache).toBe("used");
    expect(again.exports.twice(2)).toBe(6);
  });

  it("refuses a file that is not a bundle of this build (a plain CommonJS module)", async () => {
    await writeFile(bundle, "exports.twice = (x) => x * 2;");
    expect(() => loadCommand<Bundle>(bundle)).toThrow(/not a bundle of this build/);
  });

  it.each([0o664, 0o646, 0o666])(
    "leaves unread and in place a cache with mode %o (writable by others)",
    async (mode) => {
      loadCommand<Bundle>(bundle).keepCache();
      await chmod(`${bundle}.cache`, mode);
      const loaded = loadCommand<Bundle>(bundle);
      expect(loaded.cache).toBe("untrusted");
      expect(loaded.keepCache()).toBe(false);
      expect((await stat(`${bundle}.cache`)).mode & 0o777).toBe(mode);
    },
  );

  it("leaves unread a cache that is a link, even to a good cache", async () => {
    loadCommand<Bundle>(bundle).keepCache();
    const elsewhere = path.join(folder, "elsewhere.cache");
    await rename(`${bundle}.cache`, elsewhere);
    await symlink(elsewhere, `${bundle}.cache`);
    const loaded = loadCommand<Bundle>(bundle);
    expect(loaded.cache).toBe("untrusted");
    // An untrusted file is never replaced either: whoever put it there decides.
    expect(loaded.keepCache()).toBe(false);
  });

  it.skipIf(typeof process.getuid !== "function" || process.getuid() !== 0)(
    "leaves unread a cache another user owns (run as root)",
    async () => {
      loadCommand<Bundle>(bundle).keepCache();
      await chown(`${bundle}.cache`, 65534, 65534);
      const loaded = loadCommand<Bundle>(bundle);
      expect(loaded.cache).toBe("untrusted");
      expect(loaded.keepCache()).toBe(false);
      // A bundle another user owns: its cache is theirs to write, not this process's.
      await rm(`${bundle}.cache`);
      await chown(bundle, 65534, 65534);
      const theirs = loadCommand<Bundle>(bundle);
      expect(theirs.cache).toBe("none");
      expect(theirs.keepCache()).toBe(false);
      await expect(stat(`${bundle}.cache`)).rejects.toThrow(/ENOENT/);
    },
  );
});
