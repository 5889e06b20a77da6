import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { closeWorkerPool } from "@lackpy/run/node";
import { trustRecordPath } from "@lackpy/service";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PLANTED_CONFIG,
  PLANTED_SECRETS,
} from "../../service/src/__fixtures__/planted-secrets.mjs";
import { CLONE_APP, plantHostileClone } from "../../service/src/__fixtures__/hostile-clone.mjs";
import { PATHOLOGICAL_PATTERNS } from "../../infer/src/__fixtures__/pathological-patterns.mjs";
import { CODE_LOADING_CONFIGS } from "../../kit/src/__fixtures__/code-loading-configs.mjs";
import { memoryIo } from "./io/cli-io.js";
import { main } from "./main.js";

/**
 * Issue 35's classes through the CLI, in both run modes: a clone nobody trusted redefines the
 * `readonly` kit and ships a template whose pattern answers every request, its config holds
 * secrets everywhere, and `lackpy store import` brings a pattern that froze tier 0. The control
 * rows are the same commands doing their ordinary job.
 */
const APP = CLONE_APP;
const folders: string[] = [];

afterAll(async () => {
  await closeWorkerPool();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function clone(mode: string, config = ""): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-clone-"));
  folders.push(root);
  await plantHostileClone(root, `[run]\nmode = "${mode}"\n${config}`);
  await writeFile(path.join(root, "edit.js"), 'edit_file("src/app.ts", "1", "2")\n');
  return root;
}

async function lackpy(root: string, args: string[]) {
  const io = memoryIo({ cwd: root });
  const code = await main([...args, "--workspace", root], io);
  return { code, out: io.out, err: io.err, all: io.out + io.err };
}

describe.each(["isolated", "in-process"])("a clone that redefines readonly (%s)", (mode) => {
  let root: string;
  beforeAll(async () => {
    root = await clone(mode);
  });

  it("status names the shipped readonly kit, which reads only", async () => {
    const { all } = await lackpy(root, ["status"]);
    expect(all).toContain("kit        readonly (reads only)\n");
    expect(all).toMatch(/readonly\.kit: a workspace kit cannot be named 'readonly'/);
  });

  it("a delegate lists the files and changes none; the {request} template is listed as broken", async () => {
    const { code, out, err } = await lackpy(root, ["delegate", "list all typescript files"]);
    expect(code).toBe(0);
    expect(out).toContain("src/app.ts");
    expect(err).toContain("kit readonly (reads only)");
    expect(err).not.toMatch(/created|changed/);
    expect(await readFile(path.join(root, "src", "app.ts"), "utf8")).toBe(APP);
    expect((await lackpy(root, ["template", "list"])).all).toContain("no word of its own");
  });

  it("a plain run cannot write, and --kit files can (control)", async () => {
    const plain = await lackpy(root, ["run", "edit.js"]);
    expect(plain.code).toBe(1);
    expect(plain.err).toContain("edit_file");
    expect(await readFile(path.join(root, "src", "app.ts"), "utf8")).toBe(APP);
    const files = await lackpy(root, ["run", "edit.js", "--kit", "files"]);
    expect(files.code).toBe(0);
    expect(files.err).toContain("# kit files (writes with write_file, edit_file)");
    expect(await readFile(path.join(root, "src", "app.ts"), "utf8")).toBe(
      "export const app = 2;\n",
    );
  });
});

describe.each(["isolated", "in-process"])("a clone's code-loading configs (%s)", (mode) => {
  let root: string;
  beforeAll(async () => {
    // The clone opens them all for itself: its [files] openings count only once trusted.
    const openings = CODE_LOADING_CONFIGS.map(([file]) => JSON.stringify(file)).join(", ");
    root = await clone(mode, `[files]\nallow_write = [${openings}]\n`);
  });

  it.each(CODE_LOADING_CONFIGS)("%s (%s) is not written by a program", async (file, _, reason) => {
    const program = path.join(root, "attack.js");
    await writeFile(program, `write_file(${JSON.stringify(file)}, "import 'pwned'\\n")\n`);
    const { code, err } = await lackpy(root, ["run", program, "--kit", "files"]);
    expect(code).toBe(1);
    expect(err).toContain(`Tool write_file failed: '${file}' is `);
    expect(err).toContain(reason);
    expect(err).toContain("only once a person has trusted that config (lackpy trust)");
    await expect(readFile(path.join(root, file), "utf8")).rejects.toMatchObject({
      code: "ENOENT",
    });
  });

  it("a cloned template that edits a file does not answer before trust, even with --kit files", async () => {
    const { all } = await lackpy(root, ["delegate", "tidy the app", "--kit", "files"]);
    expect(all).not.toContain("tier templates");
    expect(await readFile(path.join(root, "src", "app.ts"), "utf8")).toBe(APP);
  });
});

describe("a clone's config with secrets everywhere", () => {
  it("status, trust, provider list, kit info and toolbox list show none of them, in human form and --json", async () => {
    const root = await clone(
      "in-process",
      PLANTED_CONFIG.replace(/^\[run\]\nmode = "in-process"\n/, ""),
    );
    const outputs: string[] = [];
    for (const args of [
      ["status"],
      ["provider", "list"],
      ["kit", "info", "readonly"],
      ["kit", "list"],
      ["trust"],
      ["status"],
      ["toolbox", "list"],
    ])
      for (const json of [[], ["--json"]])
        outputs.push((await lackpy(root, [...args, ...json])).all);
    for (const output of outputs)
      expect(PLANTED_SECRETS.filter((secret) => output.includes(secret))).toEqual([]);
    expect(outputs.join("\n")).toContain("--token=•••");
  });

  it("status says how to fix a server lackpy trust would refuse, instead of asking for lackpy trust (issue 38)", async () => {
    const root = await clone(
      "in-process",
      '[mcp_servers.inline]\ncommand = "node"\nargs = ["-e", "process.exit(0)"]\n',
    );
    const status = await lackpy(root, ["status"]);
    expect(status.all).toContain("lackpy trust would refuse it");
    expect(status.all).not.toMatch(/then run: lackpy trust/);
    const trust = await lackpy(root, ["trust"]);
    expect(trust.code).toBe(2);
    expect(trust.err).toContain("[invalid_config]");
  });
});

describe("state files", () => {
  it.skipIf(process.platform === "win32")(
    "a trust record that is a FIFO does not hang status",
    async () => {
      const root = await clone("in-process");
      const record = trustRecordPath(root);
      await mkdir(path.dirname(record), { recursive: true });
      execFileSync("mkfifo", [record]);
      try {
        const { code, out } = await lackpy(root, ["status"]);
        expect(code).toBe(0);
        expect(out).toContain("trust      not needed");
      } finally {
        await rm(record, { force: true });
      }
    },
  );
});

describe("lackpy create", () => {
  it.each(PATHOLOGICAL_PATTERNS)(
    "refuses a template whose pattern is %s, saving nothing",
    async (_name, pattern, problem) => {
      const root = await clone("in-process");
      await writeFile(path.join(root, "one.js"), "1\n");
      const { code, err } = await lackpy(root, [
        "create",
        "one.js",
        "--name",
        "bad",
        "--pattern",
        pattern,
      ]);
      expect(code).toBe(2);
      expect(err).toMatch(problem);
      expect((await lackpy(root, ["template", "list", "--json"])).out).not.toContain('"bad"');
    },
  );
});

describe("lackpy store import", () => {
  it.each(PATHOLOGICAL_PATTERNS)(
    "refuses a template whose pattern is %s, importing nothing",
    async (_name, pattern) => {
      const root = await clone("in-process");
      const document = {
        lackpy: "store-export",
        version: 1,
        templates: [{ name: "bad", pattern, program: "1", successCount: 0, failCount: 0 }],
      };
      await writeFile(path.join(root, "export.json"), JSON.stringify(document));
      const { code, err } = await lackpy(root, ["store", "import", "export.json"]);
      expect(code).toBe(2);
      expect(err).toContain("cannot be used");
      expect((await lackpy(root, ["template", "list", "--json"])).out).not.toContain('"bad"');
    },
  );
});
