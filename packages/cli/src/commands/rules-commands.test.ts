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
    expect(out).toContain(
      "list all typescript files\n                            → TypeScript files (**/*.{ts,tsx,mts,cts})\n",
    );
    expect(out).toMatch(
      /· append-line +append a line to a file\n(?:.*\n){4} +needs read_file, write_file \(not in this kit\)\n/,
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
      summary: "the TODO or FIXME comments (as named) with their line numbers",
      examples: ["list the todos", "show TODO and FIXME comments with line numbers"],
      readings: [
        "the lines of files (**/*) that contain “TODO” (case-sensitive), as { file, line, text } rows",
        "the lines of files (**/*) that contain “TODO” or “FIXME” (case-sensitive), as { file, line, text } rows",
      ],
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

  it("prints the reading of a rule's answer on stderr, and in --json", async () => {
    const { err } = await lackpy(["delegate", "list all typescript files"]);
    expect(err).toContain("reading: TypeScript files (**/*.{ts,tsx,mts,cts})\n");
    const json = JSON.parse(
      (await lackpy(["delegate", "list all typescript files", "--json"])).out,
    );
    expect(json.reading).toBe("TypeScript files (**/*.{ts,tsx,mts,cts})");
  });

  it("names a rule only when the request without the words no rule reads is one it answers", async () => {
    const { code, err } = await lackpy([
      "delegate",
      "how many typescript files do we have right here",
    ]);
    expect(code).toBe(1);
    expect(err).toContain("  rules: no match; no rule reads 'right'\n");
    expect(err).toContain(
      `Did you mean "how many typescript files do we have here"? No rule reads 'right'; without it, rule count-files reads the request as: the number of TypeScript files (**/*.{ts,tsx,mts,cts}).\n`,
    );
  });

  it("says no rule covers a request, and how to teach one, when none shares its meaning", async () => {
    const { code, err } = await lackpy(["delegate", "list the files in klingon"]);
    expect(code).toBe(1);
    expect(err).toContain(
      "  rules: no match; 'klingon' is not a folder or file in the workspace\n",
    );
    expect(err).toContain(
      'No rule covers this request. To teach one, write the program and save it as a template: lackpy create <file> --name <name> --pattern "list the files in klingon"',
    );
  });
});
