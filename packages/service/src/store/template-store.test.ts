import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_CONFIG, type LackpyConfig } from "../config/config-types.js";
import { LackpyService } from "../lackpy-service.js";
import { withFileLock } from "./file-lock.js";
import { FileTemplateStore as TemplateStore } from "./template-store.js";

const EXAMPLE = fileURLToPath(new URL("../../../../examples/workspace", import.meta.url));
const WRITER = fileURLToPath(new URL("../__fixtures__/template-delegates.mjs", import.meta.url));
const HOLDER = fileURLToPath(new URL("../__fixtures__/lock-holder.mjs", import.meta.url));
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
  for (const service of opened) await service.flush();
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
    expect(await service.template("lines")).toMatchObject({ successCount: 3, failCount: 0 });
    expect(await counts("lines")).toEqual([0, 0]);
    await service.flush();
    expect(await counts("lines")).toEqual([3, 0]);
    await service.delegate("count lines in README.md");
    await service.close();
    expect(await counts("lines")).toEqual([4, 0]);
    // Nothing but the template and the ratchet's history is left: no temp files, no lock files.
    expect(await readdir(path.join(root, ".lackpy", "templates"))).toEqual(["lines.tmpl"]);
    expect((await readdir(path.join(root, ".lackpy"))).sort()).toEqual([
      ".gitignore",
      "ratchet.json",
      "templates",
    ]);
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
    expect((await readdir(path.join(root, ".lackpy"))).sort()).toEqual([
      ".gitignore",
      "ratchet.json",
      "templates",
    ]);
    // Every delegate of both processes is counted in the tiers status shows (the last 50).
    expect((await open().status()).ratchet.recent.byTier).toEqual([
      { tier: "templates", delegates: 50, failed: 0 },
    ]);
  });

  it("demote a ratchet template that keeps failing at once, counting what other processes wrote", async () => {
    const service = open((config) => (config.ratchet.demoteAfterFailures = 3));
    await service.create(`read_file(file + ".bak")`, {
      name: "reader",
      pattern: "open {file}",
      origin: "ratchet",
    });
    await service.delegate("open missing-1.txt");
    // Another process's failure, already written.
    const other = open((config) => (config.ratchet.demoteAfterFailures = 3));
    await other.delegate("open missing-2.txt");
    await other.close();
    expect((await service.templates()).map((template) => template.name)).toEqual(["reader"]);
    expect((await service.delegate("open missing-3.txt")).demoted).toMatchObject({
      template: "reader",
      failCount: 3,
    });
    expect(await service.templates()).toEqual([]);
    const files = await readdir(path.join(root, ".lackpy", "templates"));
    expect(files).toEqual([expect.stringMatching(/^reader\.tmpl\.demoted-\d+$/)]);
    const text = await readFile(path.join(root, ".lackpy", "templates", files[0]), "utf8");
    expect(text).toMatch(/\nfail_count: 3\n[^]*\norigin: ratchet\ndemoted_at: \d{4}-/);
    expect(text).toMatch(/\ndemoted_reason: "it failed 3 times and succeeded 0 /);
  });

  it("left at exit while another process holds the lock go to a side file, and are merged by the next write", async () => {
    await open().create(`len(read_file(file).split("\\n"))`, {
      name: "lines",
      pattern: "count lines in {file}",
    });
    const unmerged = path.join(root, ".lackpy", "unmerged");
    // This process holds the workspace lock while a child delegates 5 times and exits without
    // closing: its exit handler tries the lock once, never waits, and leaves a side file.
    await withFileLock(path.join(root, ".lackpy", "write.lock"), () =>
      promisify(execFile)(process.execPath, [WRITER, root, "5", "exit"], { timeout: 60_000 }),
    );
    expect(await counts("lines")).toEqual([0, 0]);
    // The tiers of its delegates (for status) are in a side file of the ratchet's own.
    const sideFiles = (await readdir(unmerged)).sort();
    expect(sideFiles).toEqual([
      expect.stringMatching(/^ratchet-\d+-\d+-[0-9a-f]+\.json$/),
      expect.stringMatching(/^templates-\d+-\d+-[0-9a-f]+\.json$/),
    ]);
    expect(JSON.parse(await readFile(path.join(unmerged, sideFiles[1]), "utf8"))).toEqual({
      counts: { "lines.tmpl": { success: 5, fail: 0 } },
    });
    // Listing merges them (under the lock), so they are counted and the side files are gone.
    const service = open();
    expect((await service.templates())[0]).toMatchObject({ name: "lines", successCount: 5 });
    expect(await counts("lines")).toEqual([5, 0]);
    expect((await service.status()).ratchet.recent).toMatchObject({
      delegates: 5,
      byTier: [{ tier: "templates", delegates: 5, failed: 0 }],
    });
    expect((await readdir(path.join(root, ".lackpy"))).sort()).toEqual([
      ".gitignore",
      "ratchet.json",
      "templates",
    ]);
  });
});

describe("a lock left by a process killed while holding it", () => {
  it("does not stall a delegate: the demotion that needs it takes it over at once", async () => {
    const service = open((config) => (config.ratchet.demoteAfterFailures = 1));
    await service.create(`read_file(file + ".bak")`, {
      name: "reader",
      pattern: "open {file}",
      origin: "ratchet",
    });
    const lock = path.join(root, ".lackpy", "write.lock");
    const holder = spawn(process.execPath, [HOLDER, lock], { stdio: ["pipe", "pipe", "inherit"] });
    await once(holder.stdout!, "data");
    holder.kill("SIGKILL");
    await once(holder, "exit");
    // Waiting for the lock would end in workspace_locked (10 s, under the 30 s lease), and no demotion.
    const result = await service.delegate("open README.md");
    expect(result.demoted).toMatchObject({ template: "reader" });
    expect((await service.status()).ratchetError).toBeNull();
  });
});

describe("TemplateStore.record", () => {
  it("counts what was written while a run was going on when it decides to demote", async () => {
    const store = new TemplateStore(root);
    await store.write(
      { name: "t", pattern: "t", successCount: 0, failCount: 0, origin: "ratchet", program: "1" },
      { force: false },
    );
    const loaded = store.snapshot().templates[0];
    const failure = { success: false, demoteAfterFailures: 2 };
    expect(await store.record(loaded, failure)).toBeNull();
    // The timer writes the first failure while the next run still holds the old snapshot.
    await store.flush();
    expect(await counts("t")).toEqual([0, 1]);
    expect(await store.record(loaded, failure)).toMatchObject({ template: "t", failCount: 2 });
    expect(await store.list()).toEqual([]);
  });

  it.each([
    [
      "origin: person",
      "---\nname: t\npattern: t\norigin: person\n---\n1\n",
      () => "ratchet" as const,
    ],
    ["no origin, placed by hand", "---\nname: t\npattern: t\n---\n1\n", undefined],
    [
      "no origin, not promoted by the ratchet",
      "---\nname: t\npattern: t\n---\n1\n",
      () => "person" as const,
    ],
  ])(
    "never demotes a person's template (%s), however often it fails",
    async (_name, text, originOf) => {
      await mkdir(path.join(root, ".lackpy", "templates"), { recursive: true });
      await writeFile(templateFile("t"), text);
      const store = new TemplateStore(root, originOf ? { originOf } : {});
      const loaded = store.snapshot().templates[0];
      for (let run = 0; run < 8; run++)
        expect(await store.record(loaded, { success: false, demoteAfterFailures: 2 })).toBeNull();
      expect(await store.list()).toMatchObject([{ name: "t", failCount: 8, origin: "person" }]);
      await store.flush();
      expect(await counts("t")).toEqual([0, 8]);
    },
  );

  it("takes a file without origin for the ratchet's when the ratchet recorded promoting it", async () => {
    await mkdir(path.join(root, ".lackpy", "templates"), { recursive: true });
    await writeFile(templateFile("auto-old"), "---\nname: auto-old\npattern: t\n---\n1\n");
    const store = new TemplateStore(root, {
      originOf: (name) => (name === "auto-old" ? "ratchet" : "person"),
    });
    expect(await store.list()).toMatchObject([{ name: "auto-old", origin: "ratchet" }]);
    const loaded = store.snapshot().templates[0];
    await store.record(loaded, { success: false, demoteAfterFailures: 2 });
    expect(await store.record(loaded, { success: false, demoteAfterFailures: 2 })).toMatchObject({
      template: "auto-old",
    });
  });
});

describe("templates a person wrote", () => {
  it.each(["in-process", "isolated"] as const)(
    "stay, and are not blamed, when requests name files that do not exist (%s)",
    async (mode) => {
      const service = open((config) => {
        config.run.mode = mode;
        config.ratchet.demoteAfterFailures = 2;
      });
      await service.create(`len(read_file(path).split("\\n"))`, {
        name: "count-lines",
        pattern: "count lines in {path}",
      });
      for (const typo of ["READNE.md", "RAEDME.md", "src/mian.ts", "README", "docs/nope.md"]) {
        const result = await service.delegate(`count lines in ${typo}`);
        expect(result).toMatchObject({
          success: false,
          tier: "templates",
          error: { code: "tool_error" },
          demoted: null,
        });
      }
      expect(await service.templates()).toMatchObject([
        { name: "count-lines", successCount: 0, failCount: 0, origin: "person" },
      ]);
      expect(await service.delegate("count lines in README.md")).toMatchObject({
        success: true,
        tier: "templates",
        output: 4,
      });
      await service.close();
    },
  );

  it("a ratchet template is not blamed for a request's missing file either", async () => {
    const service = open((config) => (config.ratchet.demoteAfterFailures = 2));
    await service.create(`read_file(file)`, {
      name: "reader",
      pattern: "open {file}",
      origin: "ratchet",
    });
    for (let run = 0; run < 4; run++)
      expect((await service.delegate(`open missing-${run}.txt`)).demoted).toBeNull();
    expect(await service.templates()).toMatchObject([{ name: "reader", failCount: 0 }]);
  });
});

describe("demoted templates", () => {
  async function demote(service: LackpyService) {
    await service.create(`read_file(file + ".bak")`, {
      name: "reader",
      pattern: "open {file}",
      origin: "ratchet",
    });
    await service.delegate("open a.txt");
    return (await service.delegate("open b.txt")).demoted!;
  }

  it("are listed with when and why, and restore brings the latest back with its failures at 0", async () => {
    const service = open((config) => (config.ratchet.demoteAfterFailures = 2));
    const demotion = await demote(service);
    const listed = await service.demotedTemplates();
    expect(listed).toEqual([
      {
        name: "reader",
        pattern: "open {file}",
        successCount: 0,
        failCount: 2,
        origin: "ratchet",
        path: demotion.path,
        demotedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        reason: demotion.reason,
        program: `read_file(file + ".bak")`,
      },
    ]);
    expect((await service.status()).ratchet.demoted).toEqual(listed);
    await expect(service.template("reader")).rejects.toMatchObject({
      code: "unknown_template",
      message: "No template named 'reader' (it was demoted).",
      hint: "lackpy template restore reader brings it back",
    });
    const restored = await service.restoreTemplate("reader");
    expect(restored).toMatchObject({
      name: "reader",
      successCount: 0,
      failCount: 0,
      origin: "ratchet",
      restoredFrom: demotion.path,
    });
    expect(await readdir(path.join(root, ".lackpy", "templates"))).toEqual(["reader.tmpl"]);
    expect(await readFile(templateFile("reader"), "utf8")).not.toContain("demoted");
    expect(await service.demotedTemplates()).toEqual([]);
    // It answers again, and one more failure does not set it aside at once.
    expect((await service.delegate("open c.txt")).demoted).toBeNull();
  });

  it.each([
    [
      "nothing was demoted",
      async () => undefined,
      "unknown_template",
      "No demoted template named 'reader'.",
    ],
    [
      "the name is taken again",
      async (service: LackpyService) => {
        await demote(service);
        await service.create("2", { name: "reader" });
      },
      "template_exists",
      "A template named 'reader' exists, so the demoted one was not restored.",
    ],
  ])("refuses to restore when %s", async (_name, setup, code, message) => {
    const service = open((config) => (config.ratchet.demoteAfterFailures = 2));
    await setup(service);
    await expect(service.restoreTemplate("reader")).rejects.toMatchObject({ code, message });
  });

  it("lists a file an earlier lackpy set aside, saying its reason was not recorded", async () => {
    await mkdir(path.join(root, ".lackpy", "templates"), { recursive: true });
    await writeFile(
      path.join(root, ".lackpy", "templates", "old.tmpl.demoted-1700000000000"),
      "---\nname: old\npattern: p\nfail_count: 5\n---\n1\n",
    );
    expect(await open().demotedTemplates()).toMatchObject([
      {
        name: "old",
        failCount: 5,
        origin: "person",
        demotedAt: "2023-11-14T22:13:20.000Z",
        reason: "not recorded (set aside by an earlier lackpy)",
      },
    ]);
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

describe("many templates", () => {
  const program = (extra: number) => `len(read_file(file).split("\\n")) + ${extra}`;
  const write = (name: string, pattern: string, body: string) =>
    writeFile(
      templateFile(name),
      `---\nname: ${name}\npattern: "${pattern}"\nsuccess_count: 0\nfail_count: 0\n---\n${body}\n`,
    );

  it("are kept in .lackpy/templates.index for the next process, which sees what another process changed", async () => {
    await mkdir(path.join(root, ".lackpy", "templates"), { recursive: true });
    for (let at = 0; at < 40; at++) await write(`t${at}`, `run t${at} on {file}`, program(at * 10));
    // Files changed in the last 2 s are not indexed (their timestamps may be too coarse to tell a later change).
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const first = open();
    expect(await first.delegate("run t5 on README.md")).toMatchObject({
      tier: "templates",
      output: 54,
    });
    expect((await readdir(path.join(root, ".lackpy"))).sort()).toContain("templates.index");
    const file = (name: string) => JSON.stringify(templateFile(name));
    await promisify(execFile)(process.execPath, [
      "-e",
      `const fs = require("node:fs");
       const template = (name, pattern, body) => "---\\nname: " + name + "\\npattern: \\"" + pattern + "\\"\\nsuccess_count: 0\\nfail_count: 0\\n---\\n" + body + "\\n";
       fs.writeFileSync(${file("new")}, template("new", "run new on {file}", ${JSON.stringify(program(7))}));
       fs.writeFileSync(${file("t2")} + ".tmp", template("t2", "run t2 on {file}", ${JSON.stringify(program(2000))}));
       fs.renameSync(${file("t2")} + ".tmp", ${file("t2")});
       fs.rmSync(${file("t3")});
       const before = fs.statSync(${file("t4")});
       fs.writeFileSync(${file("t4")}, template("t4", "run t4 on {file}", ${JSON.stringify(program(41))}));
       fs.utimesSync(${file("t4")}, before.atime, before.mtime);`,
    ]);
    // The process that was running, and a new one (which starts from the index).
    for (const service of [first, open()]) {
      expect(await service.delegate("run new on README.md")).toMatchObject({
        tier: "templates",
        output: 11,
      });
      expect(await service.delegate("run t2 on README.md")).toMatchObject({ output: 2004 });
      expect(await service.delegate("run t4 on README.md")).toMatchObject({ output: 45 });
      expect((await service.delegate("run t3 on README.md")).tier).not.toBe("templates");
      expect((await service.templates()).map((template) => template.name)).not.toContain("t3");
      expect(await service.templates()).toHaveLength(40);
    }
  });
});
