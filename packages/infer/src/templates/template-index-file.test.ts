import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatTemplate, type Template } from "./template.js";
import {
  readTemplateIndex,
  writeTemplateIndex,
  type FileSignature,
} from "./template-index-file.js";
import { patternWords } from "./template-index.js";
import { templatesFromDirectory, type TemplateDirectoryOptions } from "./templates-dir.js";

let root: string;
let directory: string;
let indexFile: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-tmpl-index-"));
  directory = path.join(root, "templates");
  indexFile = path.join(root, "templates.index");
  await mkdir(directory);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const DISPLAY = ".lackpy/templates";
/** A clock 10 s ahead: every file looks old enough to index. */
const later = () => Date.now() + 10_000;
const WHOLE_SECOND = 1_700_000_000;

const template = (name: string, program = "1", extra: Partial<Template> = {}) =>
  formatTemplate({
    name,
    pattern: `run ${name} on {file}`,
    successCount: 0,
    failCount: 0,
    program,
    ...extra,
  });

/** A directory as a new process sees it, with the index file. */
function open(options: TemplateDirectoryOptions = {}) {
  return templatesFromDirectory(directory, {
    displayDirectory: DISPLAY,
    indexFile,
    indexAfterChanges: 1,
    now: later,
    ...options,
  });
}

/** What the files say, read without any index. */
function fromFiles() {
  const { templates, problems } = templatesFromDirectory(directory, {
    displayDirectory: DISPLAY,
  }).snapshot();
  return { templates, problems };
}

function loaded(source: ReturnType<typeof open>) {
  const { templates, problems } = source.snapshot();
  return { templates, problems };
}

async function writeTemplates(count: number): Promise<void> {
  for (let at = 0; at < count; at++)
    await writeFile(path.join(directory, `t${at}.tmpl`), template(`t${at}`, String(at)));
  // A broken file and a second file of one name: the index keeps problems too.
  await writeFile(path.join(directory, "broken.tmpl"), "no front matter\n");
  await writeFile(path.join(directory, "twin.tmpl"), template("t1", "2"));
}

async function signatureOf(file: string): Promise<FileSignature> {
  const info = await stat(file);
  return [info.mtimeMs, info.ctimeMs, info.size, info.ino];
}

/** An index whose row for a.tmpl has the file's signature now but says its program is 999. */
async function poisonedIndex(): Promise<void> {
  const file = path.join(directory, "a.tmpl");
  await writeFile(file, template("a", "1"));
  // A whole second, so that the mtime can be put back exactly.
  await utimes(file, WHOLE_SECOND, WHOLE_SECOND);
  const saved: Template = {
    name: "a",
    pattern: "run a on {file}",
    successCount: 0,
    failCount: 0,
    program: "999",
  };
  expect(
    writeTemplateIndex(indexFile, DISPLAY, [
      {
        name: "a.tmpl",
        signature: await signatureOf(file),
        nameLine: 2,
        programLine: 7,
        template: saved,
        problem: null,
        words: patternWords(saved.pattern!),
      },
    ]),
  ).not.toBeNull();
}

const programOf = (source: ReturnType<typeof open>, name: string) =>
  source.snapshot().index.get(name)?.program;

describe("the template index file", () => {
  it("serves a new process what it holds while each file's signature is the one recorded", async () => {
    await poisonedIndex();
    // Proof that the row is used: the file says 1, the index 999.
    expect(programOf(open(), "a")).toBe("999");
  });

  it("is never used for a file changed since, even in place with its size and mtime kept", async () => {
    await poisonedIndex();
    const file = path.join(directory, "a.tmpl");
    const before = await stat(file);
    await writeFile(file, template("a", "2"));
    // What `cp -p` or `rsync -t` leaves: the same size and mtime; only the ctime tells.
    await utimes(file, WHOLE_SECOND, WHOLE_SECOND);
    expect(await stat(file)).toMatchObject({ mtimeMs: before.mtimeMs, size: before.size });
    expect(programOf(open(), "a")).toBe("2");
  });

  it.each([
    ["a digest that does not match", (text: string) => text.replace("999", "998")],
    ["another version", (text: string) => text.replace('"version":2', '"version":3')],
    [
      "another folder",
      (text: string) => text.replace(`"directory":"${DISPLAY}"`, '"directory":"x"'),
    ],
    ["a cut body", (text: string) => text.slice(0, text.length - 20)],
    ["no header line", (text: string) => text.replace("\n", "")],
    ["a header that is not JSON", (text: string) => `{${text}`],
    ["an empty file", () => ""],
  ])("is not used at all when it has %s", async (_case, damage) => {
    await poisonedIndex();
    const text = await readFile(indexFile, "utf8");
    const damaged = damage(text);
    expect(damaged).not.toBe(text);
    await writeFile(indexFile, damaged);
    expect(readTemplateIndex(indexFile, DISPLAY)).toBeNull();
    expect(programOf(open({ indexAfterChanges: 1_000 }), "a")).toBe("1");
  });

  it("sees what another process added, changed or removed since it was written", async () => {
    await writeTemplates(40);
    const first = open();
    expect(loaded(first)).toEqual(fromFiles());
    expect(readTemplateIndex(indexFile, DISPLAY)?.size).toBe(42);
    const file = (name: string) => JSON.stringify(path.join(directory, name));
    execFileSync(process.execPath, [
      "-e",
      `const fs = require("node:fs");
       fs.writeFileSync(${file("new.tmpl")}, ${JSON.stringify(template("new", "7"))});
       fs.writeFileSync(${file(".t2.tmp")}, ${JSON.stringify(template("t2", "22222"))});
       fs.renameSync(${file(".t2.tmp")}, ${file("t2.tmpl")});
       fs.rmSync(${file("t3.tmpl")});
       const before = fs.statSync(${file("t4.tmpl")});
       fs.writeFileSync(${file("t4.tmpl")}, ${JSON.stringify(template("t4", "9"))});
       fs.utimesSync(${file("t4.tmpl")}, before.atime, before.mtime);`,
    ]);
    const expected = fromFiles();
    expect(expected.templates.map((loaded) => loaded.name)).toContain("new");
    expect(expected.templates.map((loaded) => loaded.name)).not.toContain("t3");
    // A new process, from the index and the files that changed:
    const fresh = open({ indexAfterChanges: 1_000 });
    expect(loaded(fresh)).toEqual(expected);
    expect(programOf(fresh, "t2")).toBe("22222");
    expect(programOf(fresh, "t4")).toBe("9");
    expect(fresh.snapshot().index.match("run new on a.txt")[0]?.template.name).toBe("new");
    expect(fresh.snapshot().index.match("run t3 on a.txt")).toEqual([]);
    // The process that wrote the index sees the same (the folder changed).
    expect(loaded(first)).toEqual(expected);
  });

  it("is written only when enough files differ from it, never with files changed in the last 2 s", async () => {
    await writeTemplates(5);
    // Just written: a file changed again within its timestamp's resolution could keep its signature.
    open({ now: Date.now }).snapshot();
    expect(await readdir(root)).toEqual(["templates"]);
    open({ indexAfterChanges: 8 }).snapshot();
    expect(await readdir(root)).toEqual(["templates"]);
    open({ indexAfterChanges: 7 }).snapshot();
    expect(await readdir(root)).toEqual(["templates", "templates.index"]);
    // One file changed: not enough to write it again, and the file is read from disk.
    const index = await readFile(indexFile, "utf8");
    await writeFile(path.join(directory, "t0.tmpl"), template("t0", "5"));
    const fresh = open({ indexAfterChanges: 2 });
    expect(programOf(fresh, "t0")).toBe("5");
    expect(await readFile(indexFile, "utf8")).toBe(index);
  });

  it("is not written for a folder that does not exist", async () => {
    await rm(directory, { recursive: true });
    expect(open().snapshot()).toMatchObject({ templates: [], problems: [] });
    expect(await readdir(root)).toEqual([]);
  });
});
