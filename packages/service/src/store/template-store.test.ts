import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_CONFIG, type LackpyConfig } from "../config/config-types.js";
import { LackpyService } from "../lackpy-service.js";
import { TemplateStore } from "./template-store.js";

const EXAMPLE = fileURLToPath(new URL("../../../../examples/workspace", import.meta.url));
const WRITER = fileURLToPath(new URL("../__fixtures__/template-delegates.mjs", import.meta.url));
const workspaces: string[] = [];
let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-templates-"));
  workspaces.push(root);
  await cp(EXAMPLE, root, { recursive: true });
});
const opened: LackpyService[] = [];
afterAll(async () => {
  // Write what is pending before the workspaces go.
  for (const service of opened) service.flush();
  await Promise.all(workspaces.map((directory) => rm(directory, { recursive: true, force: true })));
});

function open(change: (config: LackpyConfig) => void = () => undefined): LackpyService {
  const config = structuredClone(DEFAULT_CONFIG);
  config.run.mode = "in-process";
  config.inference.order = ["templates", "rules"];
  change(config);
  const service = new LackpyService({ workspace: root, config });
  opened.push(service);
  return service;
}

const templateFile = (name: string) => path.join(root, ".lackpy", "templates", `${name}.tmpl`);
const counts = async (name: string) => {
  const text = await readFile(templateFile(name), "utf8");
  return [/success_count: (\d+)/.exec(text)![1], /fail_count: (\d+)/.exec(text)![1]].map(Number);
};

describe("template counters", () => {
  it("count in memory, and are written on flush and close", async () => {
    const service = open();
    await service.create(`len(read_file(file).split("\\n"))`, {
      name: "lines",
      pattern: "count lines in {file}",
    });
    for (let run = 0; run < 3; run++)
      expect(await service.delegate("count lines in README.md")).toMatchObject({
        tier: "templates",
        output: 4,
      });
    expect(await service.delegate("count lines in missing.md")).toMatchObject({ success: false });
    expect(await service.template("lines")).toMatchObject({ successCount: 3, failCount: 1 });
    expect(await counts("lines")).toEqual([0, 0]);
    service.flush();
    expect(await counts("lines")).toEqual([3, 1]);
    await service.delegate("count lines in README.md");
    await service.close();
    expect(await counts("lines")).toEqual([4, 1]);
    // Nothing but the template is left in the folder: no temp files, no lock files.
    expect(await readdir(path.join(root, ".lackpy", "templates"))).toEqual(["lines.tmpl"]);
    expect(await readdir(path.join(root, ".lackpy"))).toEqual(["templates"]);
  });

  it("are written by the interval timer when nobody flushes", async () => {
    const service = open();
    await service.create(`len(read_file(file).split("\\n"))`, {
      name: "lines",
      pattern: "count lines in {file}",
    });
    await service.delegate("count lines in README.md");
    expect(await counts("lines")).toEqual([0, 0]);
    await vi.waitFor(async () => expect(await counts("lines")).toEqual([1, 0]), {
      timeout: 10_000,
      interval: 100,
    });
  });

  it("add up when two processes delegate to the same template at the same time", async () => {
    await open().create(`len(read_file(file).split("\\n"))`, {
      name: "lines",
      pattern: "count lines in {file}",
    });
    const runs = 60;
    await Promise.all(
      [0, 1].map(() =>
        promisify(execFile)(process.execPath, [WRITER, root, String(runs)], { timeout: 60_000 }),
      ),
    );
    expect(await counts("lines")).toEqual([2 * runs, 0]);
    expect(await readdir(path.join(root, ".lackpy"))).toEqual(["templates"]);
  });

  it("demote a template that keeps failing at once, counting what other processes wrote", async () => {
    const service = open((config) => (config.ratchet.demoteAfterFailures = 3));
    await service.create(`read_file(file)`, { name: "reader", pattern: "open {file}" });
    await service.delegate("open missing-1.txt");
    // Another process's failure, already written.
    const other = open((config) => (config.ratchet.demoteAfterFailures = 3));
    await other.delegate("open missing-2.txt");
    await other.close();
    expect((await service.templates()).map((template) => template.name)).toEqual(["reader"]);
    await service.delegate("open missing-3.txt");
    expect(await service.templates()).toEqual([]);
    const files = await readdir(path.join(root, ".lackpy", "templates"));
    expect(files).toEqual([expect.stringMatching(/^reader\.tmpl\.demoted-\d+$/)]);
    expect(await readFile(path.join(root, ".lackpy", "templates", files[0]), "utf8")).toContain(
      "fail_count: 3",
    );
  });
});

describe("TemplateStore.record", () => {
  it("counts what was written while a run was going on when it decides to demote", async () => {
    const store = new TemplateStore(root);
    store.write(
      { name: "t", pattern: "t", successCount: 0, failCount: 0, program: "1" },
      { force: false },
    );
    const loaded = store.snapshot().templates[0];
    expect(store.record(loaded, false, 2)).toEqual({ demoted: false });
    // The timer writes the first failure while the next run still holds the old snapshot.
    store.flushSync();
    expect(await counts("t")).toEqual([0, 1]);
    expect(store.record(loaded, false, 2)).toEqual({ demoted: true });
    expect(store.list()).toEqual([]);
  });
});

describe("broken template files", () => {
  beforeEach(async () => {
    await mkdir(path.join(root, ".lackpy", "templates"), { recursive: true });
    await writeFile(templateFile("bare"), 'find_files("*")\n');
    await writeFile(
      templateFile("syntax"),
      '---\nname: syntax\npattern: "list the files"\n---\nconst files = find_files("*"\nfiles\n',
    );
  });

  it("are listed with file and line, by status and the template problems, never skipped", async () => {
    const service = open();
    const problems = [
      {
        code: "invalid_template",
        file: path.join(".lackpy", "templates", "bare.tmpl"),
        line: 1,
        message:
          ".lackpy/templates/bare.tmpl:1: a template starts with front matter between --- lines.",
      },
      {
        code: "template_syntax_error",
        file: path.join(".lackpy", "templates", "syntax.tmpl"),
        line: 6,
      },
    ];
    expect(await service.templates()).toEqual([]);
    expect(await service.templateProblems()).toMatchObject(problems);
    expect(await service.status()).toMatchObject({ templates: 0, templateProblems: problems });
    await expect(service.template("syntax")).rejects.toMatchObject({
      code: "invalid_template",
      message: expect.stringMatching(/^\.lackpy\/templates\/syntax\.tmpl:6: /),
    });
  });

  it("say so when no tier answers, naming the file and line of a template that does not fit", async () => {
    const service = open();
    await writeFile(
      templateFile("writer"),
      '---\nname: writer\npattern: "save the notes"\n---\n\nwrite_file("notes.txt", "x")\n',
    );
    const result = await service.delegate("save the notes");
    expect(result).toMatchObject({ success: false, error: { code: "generation_failed" } });
    expect(result.error?.message).toContain(
      "templates: no match; matching templates do not fit this request: .lackpy/templates/writer.tmpl:6: unknown_function:",
    );
    expect(result.error?.message).toContain(
      "2 template files are broken (.lackpy/templates/bare.tmpl:1, .lackpy/templates/syntax.tmpl:6; lackpy template list shows why)",
    );
  });
});
