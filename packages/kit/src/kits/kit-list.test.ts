import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KitError } from "../kit-error.js";
import { kitCreate, kitList } from "./kit-list.js";
import { parseKitFile } from "./parse-kit-file.js";
import { SHIPPED_KITS } from "./shipped-kits.js";

let kitsDir: string;

beforeAll(async () => {
  kitsDir = path.join(await mkdtemp(path.join(os.tmpdir(), "lackpy-kit-list-")), "kits");
  await mkdir(kitsDir);
  await writeFile(
    path.join(kitsDir, "reader.kit"),
    "---\ndescription: Reads\n---\nread = read_file\n",
  );
  await writeFile(path.join(kitsDir, "broken.kit"), "");
  await writeFile(path.join(kitsDir, "notes.txt"), "not a kit");
});

afterAll(() => rm(path.dirname(kitsDir), { recursive: true, force: true }));

async function kitError(promise: Promise<unknown>): Promise<KitError> {
  try {
    await promise;
  } catch (error) {
    if (KitError.is(error)) return error;
    throw error;
  }
  throw new Error("expected a KitError");
}

describe("kitList", () => {
  it("lists shipped kits, then workspace kits with their errors", async () => {
    expect(await kitList(kitsDir)).toEqual([
      {
        name: "readonly",
        source: "shipped",
        tools: Object.keys(SHIPPED_KITS.readonly.tools),
        description: expect.any(String),
      },
      {
        name: "files",
        source: "shipped",
        tools: Object.keys(SHIPPED_KITS.files.tools),
        description: expect.any(String),
      },
      {
        name: "broken",
        source: "workspace",
        tools: [],
        file: path.join(kitsDir, "broken.kit"),
        error: `${path.join(kitsDir, "broken.kit")}:1: the kit lists no tools.`,
      },
      {
        name: "reader",
        source: "workspace",
        tools: ["read"],
        description: "Reads",
        file: path.join(kitsDir, "reader.kit"),
      },
    ]);
  });

  it("lists the shipped kits when there is no kits folder", async () => {
    expect((await kitList(path.join(kitsDir, "missing"))).map((kit) => kit.name)).toEqual([
      "readonly",
      "files",
    ]);
    expect((await kitList()).map((kit) => kit.name)).toEqual(["readonly", "files"]);
  });
});

describe("kitCreate", () => {
  it("writes a kit file that parses back, with aliases", async () => {
    const { path: file } = await kitCreate("mine", ["read_file", "cat = read_file"], {
      kitsDir,
      description: "Mine",
    });
    expect(file).toBe(path.join(kitsDir, "mine.kit"));
    expect(parseKitFile(await readFile(file, "utf8"))).toEqual({
      name: "mine",
      description: "Mine",
      tools: { read_file: "read_file", cat: "read_file" },
    });
  });

  it("refuses an existing or shipped name unless forced", async () => {
    await kitCreate("twice", ["read_file"], { kitsDir });
    expect(await kitError(kitCreate("twice", ["find_files"], { kitsDir }))).toMatchObject({
      code: "kit_exists",
      message: "Kit 'twice' already exists.",
    });
    for (const name of ["readonly", "files", "Files", "none"])
      for (const force of [false, true])
        expect((await kitError(kitCreate(name, ["read_file"], { kitsDir, force }))).code).toBe(
          "invalid_kit_name",
        );
    await kitCreate("twice", ["find_files"], { kitsDir, force: true });
    expect(parseKitFile(await readFile(path.join(kitsDir, "twice.kit"), "utf8")).tools).toEqual({
      find_files: "find_files",
    });
  });

  it.each(["a/b", "..", "../x", "a\\b", "none", ""])("refuses the kit name %j", async (name) => {
    expect((await kitError(kitCreate(name, ["read_file"], { kitsDir }))).code).toBe(
      "invalid_kit_name",
    );
  });

  it("refuses a kit without tools or with a bad tool name", async () => {
    expect((await kitError(kitCreate("empty", [], { kitsDir }))).code).toBe("invalid_kit_file");
    expect((await kitError(kitCreate("bad", ["no way"], { kitsDir }))).code).toBe(
      "invalid_kit_file",
    );
  });
});

describe("shipped .kit files", () => {
  it("match SHIPPED_KITS", async () => {
    for (const [name, kit] of Object.entries(SHIPPED_KITS)) {
      const text = await readFile(new URL(`../../kits/${name}.kit`, import.meta.url), "utf8");
      expect(parseKitFile(text, { file: `kits/${name}.kit` })).toEqual(kit);
    }
  });
});
