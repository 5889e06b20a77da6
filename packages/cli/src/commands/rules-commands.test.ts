import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryIo } from "../io/cli-io.js";
import { main } from "../main.js";

const EXAMPLE = fileURLToPath(new URL("../../../../examples/workspace", import.meta.url));
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-rules-"));
  await cp(EXAMPLE, root, { recursive: true });
  await mkdir(path.join(root, ".lackpy"));
  await writeFile(
    path.join(root, ".lackpy", "config.toml"),
    '[inference]\norder = ["templates", "rules"]\n\n[run]\nmode = "in-process"\n',
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function lackpy(args: string[]) {
  const io = memoryIo({ cwd: root });
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
}

describe("lackpy rules", () => {
  it("lists each rule with two example phrasings, and marks those the kit cannot use", async () => {
    const { code, out } = await lackpy(["rules"]);
    expect(code).toBe(0);
    expect(out).toContain("  list-files              list files by kind or folder\n");
    expect(out).toContain("list all typescript files  ·  what's in the src folder\n");
    expect(out).toMatch(
      /· append-line +append a line to a file\n.*\n +needs read_file, write_file \(not in this kit\)\n/,
    );
    expect(out.indexOf("list-files")).toBeLessThan(out.indexOf("append-line"));
    expect((await lackpy(["rules", "--kit", "files"])).out).toContain(
      "  append-line             append a line to a file\n",
    );
  });

  it("prints the rules as JSON", async () => {
    const { code, out } = await lackpy(["rules", "--json"]);
    expect(code).toBe(0);
    const rules = JSON.parse(out) as { id: string; examples: string[]; available: boolean }[];
    expect(rules.find((rule) => rule.id === "todos")).toEqual({
      id: "todos",
      summary:
        "the TODO or FIXME comments the request names (both when it names both), with their line numbers",
      examples: ["list the todos", "show TODO and FIXME comments with line numbers"],
      tools: ["find_files", "read_file"],
      available: true,
    });
    expect(rules.every((rule) => rule.examples.length >= 2)).toBe(true);
  });
});

describe("lackpy delegate and the rules", () => {
  it("points to lackpy rules in its help", async () => {
    const { out } = await lackpy(["delegate", "--help"]);
    expect(out).toContain("lackpy rules lists what answers without a model");
  });

  it("answers the README's quick start from a rule", async () => {
    const { code, out, err } = await lackpy(["delegate", "list all typescript files"]);
    expect(code).toBe(0);
    expect(err).toContain("# rules");
    expect(out).toContain("src/inventory.ts");
  });

  it("says which rule comes close, with an example phrasing, when none answers", async () => {
    const { code, err } = await lackpy(["delegate", "list the files in klingon"]);
    expect(code).toBe(1);
    expect(err).toContain(
      "  rules: no match; 'klingon' is not a folder or file in the workspace\n",
    );
    expect(err).toMatch(
      /Did you mean: "[^"]+"\? \(rule list-files: list files by kind or folder; lackpy rules lists every rule\)\n/,
    );
  });
});
