import { appendFile, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  changedEntry,
  fingerprintPath,
  fingerprintReads,
  MAX_CODE_FOLDER_ENTRIES,
} from "./fingerprint.js";

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-fingerprint-"));
});

afterAll(() => rm(root, { recursive: true, force: true }));

async function folder(name: string, files: Record<string, string>): Promise<string> {
  const base = path.join(root, name);
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(base, file)), { recursive: true });
    await writeFile(path.join(base, file), content);
  }
  return base;
}

describe("fingerprintPath", () => {
  it("names what changed in a folder: a changed, an added and a removed entry", async () => {
    const base = await folder("changes", { "a.py": "a", "lib/b.py": "b" });
    const before = fingerprintPath(base, "folder");
    expect(Object.keys(before.entries ?? {})).toEqual(["a.py", "lib", "lib/b.py"]);
    await appendFile(path.join(base, "lib/b.py"), "!");
    expect(changedEntry(before, fingerprintPath(base, "folder"))).toBe("lib/b.py");
    const changed = fingerprintPath(base, "folder");
    await writeFile(path.join(base, "json.py"), "x");
    expect(changedEntry(changed, fingerprintPath(base, "folder"))).toBe("json.py");
    const added = fingerprintPath(base, "folder");
    await rm(path.join(base, "a.py"));
    expect(changedEntry(added, fingerprintPath(base, "folder"))).toBe("a.py");
    const removed = fingerprintPath(base, "folder");
    expect(changedEntry(removed, fingerprintPath(base, "folder"))).toBeNull();
  });

  it("tells a missing path, a file and a folder apart", async () => {
    const base = await folder("kinds", { "f.txt": "f" });
    expect(fingerprintPath(path.join(base, "none"), "file")).toEqual({ digest: "absent" });
    expect(fingerprintPath(path.join(base, "f.txt"), "file").digest).toMatch(/^file:[0-9a-f]{64}$/);
    expect(fingerprintPath(base, "file")).toEqual({ digest: "folder" });
    expect(
      changedEntry({ digest: "absent" }, fingerprintPath(path.join(base, "f.txt"), "file")),
    ).toBe("");
  });

  it("follows symlinks to what they name, and stops at a cycle", async () => {
    const base = await folder("links", { "real/x.js": "1", "outside.js": "o" });
    await symlink(path.join(base, "outside.js"), path.join(base, "real/linked.js"));
    await symlink(path.join(base, "real"), path.join(base, "real/loop"));
    const before = fingerprintPath(path.join(base, "real"), "folder");
    expect(before.entries?.loop).toMatch(/cycle$/);
    await writeFile(path.join(base, "outside.js"), "changed");
    expect(changedEntry(before, fingerprintPath(path.join(base, "real"), "folder"))).toBe(
      "linked.js",
    );
  });

  it("re-reads only the files that changed", async () => {
    const files = Object.fromEntries(
      Array.from({ length: 40 }, (_, index) => [`m${index}.py`, `${index}`]),
    );
    const base = await folder("cache", files);
    const start = fingerprintReads.files;
    fingerprintPath(base, "folder");
    expect(fingerprintReads.files - start).toBe(40);
    fingerprintPath(base, "folder");
    expect(fingerprintReads.files - start).toBe(40);
    await appendFile(path.join(base, "m7.py"), "\n");
    fingerprintPath(base, "folder");
    expect(fingerprintReads.files - start).toBe(41);
  });

  it("refuses a code folder over the entry cap, naming it", async () => {
    const base = path.join(root, "huge");
    await mkdir(base);
    await Promise.all(
      Array.from({ length: MAX_CODE_FOLDER_ENTRIES + 1 }, (_, index) =>
        writeFile(path.join(base, `f${index}`), ""),
      ),
    );
    expect(() => fingerprintPath(base, "folder")).toThrow(
      expect.objectContaining({
        code: "invalid_config",
        message: `The code folder ${base} holds more than ${MAX_CODE_FOLDER_ENTRIES} entries; lackpy fingerprints the whole folder of each module tool and server script.`,
      }),
    );
  });
});
