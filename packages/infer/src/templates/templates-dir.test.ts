import { chmod, mkdir, mkdtemp, rename, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatTemplate, type Template } from "./template.js";
import { templatesFromDirectory } from "./templates-dir.js";

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), "lackpy-tmpl-"));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

const template = (name: string, program = "1", extra: Partial<Template> = {}) =>
  formatTemplate({ name, pattern: name, successCount: 0, failCount: 0, program, ...extra });

describe("templatesFromDirectory", () => {
  it("loads once and serves the same snapshot until the folder changes", async () => {
    await writeFile(path.join(directory, "a.tmpl"), template("a"));
    const source = templatesFromDirectory(directory);
    const first = source.snapshot();
    expect(first.templates.map((loaded) => [loaded.name, loaded.file, loaded.programLine])).toEqual(
      [["a", path.join(directory, "a.tmpl"), 7]],
    );
    expect(source.snapshot()).toBe(first);
    // A new file changes the folder's mtime: seen at once.
    await writeFile(path.join(directory, "b.tmpl"), template("b"));
    await utimes(directory, new Date(), new Date(Date.now() + 5000));
    const second = source.snapshot();
    expect(second.templates.map((loaded) => loaded.name)).toEqual(["a", "b"]);
    expect(second.version).toBeGreaterThan(first.version);
    // An atomic replace (write aside, rename over) is seen too.
    await writeFile(path.join(directory, ".a.tmp"), template("a", "3"));
    await rename(path.join(directory, ".a.tmp"), path.join(directory, "a.tmpl"));
    await utimes(directory, new Date(), new Date(Date.now() + 10_000));
    expect((await source.load()).templates[0].program).toBe("3");
  });

  it("sees a file rewritten in place once every file is checked again", async () => {
    await writeFile(path.join(directory, "a.tmpl"), template("a", "1"));
    const source = templatesFromDirectory(directory, { recheckMs: 0 });
    expect(source.snapshot().templates[0].program).toBe("1");
    await writeFile(path.join(directory, "a.tmpl"), template("a", "22"));
    await utimes(path.join(directory, "a.tmpl"), new Date(), new Date(Date.now() + 5000));
    expect(source.snapshot().templates[0].program).toBe("22");
  });

  it("reloads everything after invalidate", async () => {
    await writeFile(path.join(directory, "a.tmpl"), template("a", "1"));
    const source = templatesFromDirectory(directory, { recheckMs: 60_000 });
    expect(source.snapshot().templates[0].program).toBe("1");
    await writeFile(path.join(directory, "a.tmpl"), template("a", "4444"));
    source.invalidate();
    expect(source.snapshot().templates[0].program).toBe("4444");
  });

  it("reports every broken file by name and line, and still serves the good ones", async () => {
    await writeFile(path.join(directory, "a.tmpl"), template("a"));
    await writeFile(path.join(directory, "bare.tmpl"), 'find_files("*")\n');
    await writeFile(path.join(directory, "syntax.tmpl"), template("s", "const x = (1\nx"));
    await writeFile(path.join(directory, "twin.tmpl"), template("a", "2"));
    await mkdir(path.join(directory, "folder.tmpl"));
    await writeFile(path.join(directory, "notes.txt"), "not a template");
    const loaded = templatesFromDirectory(directory, {
      displayDirectory: ".lackpy/templates",
    }).snapshot();
    expect(loaded.templates.map((entry) => entry.name)).toEqual(["a"]);
    expect(loaded.problems.map(({ code, file, line }) => ({ code, file, line }))).toEqual([
      { code: "invalid_template", file: ".lackpy/templates/bare.tmpl", line: 1 },
      { code: "unreadable_template", file: ".lackpy/templates/folder.tmpl", line: 1 },
      { code: "template_syntax_error", file: ".lackpy/templates/syntax.tmpl", line: 8 },
      { code: "duplicate_template", file: ".lackpy/templates/twin.tmpl", line: 2 },
    ]);
    expect(loaded.problems[0].message).toBe(
      ".lackpy/templates/bare.tmpl:1: a template starts with front matter between --- lines.",
    );
    expect(loaded.problems[3].message).toBe(
      ".lackpy/templates/twin.tmpl:2: the name 'a' is already used by a.tmpl.",
    );
  });

  it.skipIf(process.getuid?.() === 0)("reports a file it may not read", async () => {
    const file = path.join(directory, "locked.tmpl");
    await writeFile(file, template("locked"));
    await chmod(file, 0o000);
    const loaded = templatesFromDirectory(directory).snapshot();
    expect(loaded.templates).toEqual([]);
    expect(loaded.problems[0]).toMatchObject({ code: "unreadable_template", file });
    expect(loaded.problems[0].message).toBe(`${file}:1: cannot read (EACCES).`);
  });

  it("has no templates and no problems when the folder does not exist", async () => {
    const source = templatesFromDirectory(path.join(directory, "missing"));
    expect(source.snapshot()).toMatchObject({ templates: [], problems: [] });
    await mkdir(path.join(directory, "missing"));
    await writeFile(path.join(directory, "missing", "a.tmpl"), template("a"));
    expect(source.snapshot().templates.map((entry) => entry.name)).toEqual(["a"]);
  });
});
