import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diffLines } from "./diff-lines.js";
import { splitLines, unifiedDiff } from "./unified-diff.js";

const folder = mkdtempSync(path.join(os.tmpdir(), "lackpy-diff-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The hunks `diff -u` prints for two texts (its two header lines dropped). */
function gnuHunks(before: string, after: string, flags: string[] = []): string {
  writeFileSync(path.join(folder, "a"), before);
  writeFileSync(path.join(folder, "b"), after);
  const run = spawnSync("diff", ["-u", ...flags, "a", "b"], { cwd: folder, encoding: "utf8" });
  return run.stdout.split("\n").slice(2).join("\n");
}

/** The hunks `git diff --no-index` prints for two texts. */
function gitHunks(before: string, after: string): string {
  writeFileSync(path.join(folder, "a"), before);
  writeFileSync(path.join(folder, "b"), after);
  const run = spawnSync(
    "git",
    [
      "-c",
      "core.quotepath=off",
      "diff",
      "--no-index",
      "--no-color",
      "--no-indent-heuristic",
      "a",
      "b",
    ],
    { cwd: folder, encoding: "utf8" },
  );
  // git adds the nearest "function" line after a hunk's range; diff -u does not.
  return run.stdout.slice(run.stdout.indexOf("@@")).replace(/^(@@ [^@]* @@).*$/gm, "$1");
}

/** Our hunks, without the two header lines. */
function ourHunks(before: string, after: string): string {
  return unifiedDiff(before, after, { path: "f" }).split("\n").slice(2).join("\n");
}

/** Applies a diff with `patch` to `before` and returns the patched text. */
function patched(before: string, diff: string): string {
  const file = path.join(folder, "target");
  writeFileSync(file, before);
  writeFileSync(path.join(folder, "change.diff"), diff);
  execFileSync("patch", ["-s", "-p1", "--no-backup-if-mismatch", "-i", "change.diff", "target"], {
    cwd: folder,
  });
  return readFileSync(file, "utf8");
}

const lines = (...items: string[]) => items.map((item) => `${item}\n`).join("");

/** Cases whose shortest diff is unique, so every correct tool prints the same hunks. */
const CASES: [string, string, string][] = [
  ["one line changed", lines("a", "b", "c"), lines("a", "B", "c")],
  ["a line added at the end", lines("a", "b"), lines("a", "b", "c")],
  ["a line removed at the start", lines("a", "b", "c"), lines("b", "c")],
  ["from empty", "", lines("x", "y")],
  ["to empty", lines("x", "y"), ""],
  ["no newline at the end, added", "a\nb", "a\nb\n"],
  ["no newline at the end, removed", "a\nb\n", "a\nb"],
  ["no newline on both sides, changed", "a\nb", "a\nc"],
  [
    "two changes far apart: two hunks",
    lines(...Array.from({ length: 30 }, (_, index) => `line ${index}`)),
    lines(
      ...Array.from({ length: 30 }, (_, index) =>
        index === 2 ? "two" : index === 25 ? "twenty-five" : `line ${index}`,
      ),
    ),
  ],
  [
    "two changes six lines apart: one hunk",
    lines(...Array.from({ length: 20 }, (_, index) => `line ${index}`)),
    lines(
      ...Array.from({ length: 20 }, (_, index) =>
        index === 5 ? "five" : index === 12 ? "twelve" : `line ${index}`,
      ),
    ),
  ],
  [
    "two changes seven lines apart: two hunks",
    lines(...Array.from({ length: 20 }, (_, index) => `line ${index}`)),
    lines(
      ...Array.from({ length: 20 }, (_, index) =>
        index === 5 ? "five" : index === 13 ? "thirteen" : `line ${index}`,
      ),
    ),
  ],
  [
    "a block replaced",
    lines("keep", "old 1", "old 2", "keep too"),
    lines("keep", "new 1", "keep too"),
  ],
  ["unicode", lines("größe", "名前"), lines("größe", "なまえ")],
];

describe("unifiedDiff", () => {
  it.each(CASES)("prints what diff -u and git diff print: %s", (_, before, after) => {
    const ours = ourHunks(before, after);
    expect(ours).toBe(gnuHunks(before, after));
    expect(ours).toBe(gitHunks(before, after));
  });

  it("names the file, and /dev/null for a side that does not exist", () => {
    expect(unifiedDiff(null, "hello\n", { path: "notes/a.md" })).toMatchInlineSnapshot(`
      "--- /dev/null
      +++ b/notes/a.md
      @@ -0,0 +1 @@
      +hello
      "
    `);
    expect(unifiedDiff("bye\n", null, { path: "a.md" })).toMatchInlineSnapshot(`
      "--- a/a.md
      +++ /dev/null
      @@ -1 +0,0 @@
      -bye
      "
    `);
  });

  it("is empty when nothing changed, and only headers for a new empty file", () => {
    expect(unifiedDiff("same\n", "same\n", { path: "a" })).toBe("");
    expect(unifiedDiff(null, "", { path: "a" })).toBe("--- /dev/null\n+++ b/a\n");
  });

  it("applies with patch and is as short as diff --minimal on random edits", () => {
    let seed = 7;
    const random = (limit: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % limit;
    };
    for (let round = 0; round < 40; round++) {
      const before = Array.from({ length: random(30) }, () => `w${random(6)}\n`).join("");
      const mutated = splitLines(before).flatMap((line) => {
        const dice = random(10);
        if (dice === 0) return [];
        if (dice === 1) return [line, `n${random(6)}\n`];
        if (dice === 2) return [`c${random(6)}\n`];
        return [line];
      });
      const after = mutated.join("") + (random(4) === 0 ? "tail" : "");
      const diff = unifiedDiff(before, after, { path: "target" });
      if (before === after) continue;
      expect(patched(before, diff)).toBe(after);
      const count = (text: string) =>
        text.split("\n").filter((line) => /^[-+](?![-+]{2} )/.test(line)).length;
      expect(count(ourHunks(before, after))).toBe(count(gnuHunks(before, after, ["--minimal"])));
    }
  });

  it("bounds its work: past the limit the changed middle is replaced whole, still correct", () => {
    const before = lines(...Array.from({ length: 200 }, (_, index) => `a${index}`));
    const after = lines(...Array.from({ length: 200 }, (_, index) => `b${index % 7}`));
    const bounded = unifiedDiff(`head\n${before}tail\n`, `head\n${after}tail\n`, {
      path: "target",
      maxWork: 50,
    });
    expect(patched(`head\n${before}tail\n`, bounded)).toBe(`head\n${after}tail\n`);
    expect(diffLines(splitLines(before), splitLines(after), { maxWork: 50 })).toHaveLength(400);
  });
});
