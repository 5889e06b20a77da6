import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryIo } from "./io/cli-io.js";
import { main } from "./main.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
const BIN = fileURLToPath(new URL("../bin/lackpy.js", import.meta.url));
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-"));
  await cp(EXAMPLE, root, { recursive: true });
  await writeFile(
    path.join(root, "todos.js"),
    await readFile(path.join(EXAMPLE, "..", "count-todos.js"), "utf8"),
  );
  await writeFile(path.join(root, "bad.js"), "var x = 1\nconsole.log(x)\n");
  await writeFile(path.join(root, "binary.js"), Buffer.from([0xff, 0xfe, 0x00, 0x41]));
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function lackpy(args: string[], options: { stdin?: string } = {}) {
  const io = memoryIo({ cwd: root, stdin: options.stdin });
  const code = await main([...args, ...(args.includes("--workspace") ? [] : [])], io);
  return { code, out: io.out, err: io.err };
}

describe("lackpy validate", () => {
  it("prints the result and exits 0 for a valid program", async () => {
    const { code, out } = await lackpy(["validate", "todos.js"]);
    expect(code).toBe(0);
    expect(out).toBe("valid todos.js: calls find_files, read_file, sort_by; grade w=1 d=0\n");
  });

  it("prints code frames on stderr and exits 1 for an invalid program", async () => {
    const { code, out, err } = await lackpy(["validate", "bad.js"]);
    expect(code).toBe(1);
    expect(out).toBe("");
    expect(err).toContain(
      "error[forbidden_syntax] bad.js:1:1: 'var' declarations are not allowed.\n> 1 | var x = 1\n    | ^\n  2 | console.log(x)\n  hint: use let or const instead of var",
    );
  });

  it("prints exactly one JSON document with --json, reading stdin with -", async () => {
    const { code, out } = await lackpy(["validate", "-", "--json"], {
      stdin: "len(find_files('*'))",
    });
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({
      valid: true,
      errors: [],
      calls: ["len", "find_files"],
      variables: [],
      effects: {
        tools: [{ name: "find_files", gradeW: 1, effectsCeiling: 0 }],
        grade: { w: 1, d: 0 },
      },
    });
  });

  it.each([
    [["validate", "missing.js"], "lackpy: Cannot read missing.js: no such file.\n"],
    [["validate", "binary.js"], "lackpy: binary.js is not UTF-8 text.\n"],
    [
      ["validate", "todos.js", "--kit", "nope"],
      "lackpy: No kit named 'nope'. [unknown_kit]\n  hint: kits: readonly, files, none, a .kit file path, or a comma list of tools\n",
    ],
    [
      ["validate", "todos.js", "--param", "oops"],
      "lackpy: --param 'oops' must look like name=value.\n  hint: e.g. --param path=src/app.ts or --param limit=10\n",
    ],
    [
      ["validate", "todos.js", "--rule", "no_while"],
      "lackpy: Unknown rule 'no_while'. [invalid_rule]\n  hint: use one of: no_loops, max_depth:N, max_calls:N, no_nested_calls\n",
    ],
    [
      ["validate", "todos.js", "--frob"],
      "lackpy: Unknown option '--frob'.\n  hint: options here: --help, --workspace, --json, --debug, --kit, --param, --rule\n",
    ],
    [["frob"], "lackpy: Unknown command 'frob'.\n  hint: run lackpy --help to see the commands\n"],
  ])("exits 2 with one clear line for %j", async (args, message) => {
    const { code, err, out } = await lackpy(args);
    expect(code).toBe(2);
    expect(err).toBe(message);
    expect(out).toBe("");
  });
});

describe("lackpy run and delegate", () => {
  it("runs a program over the workspace", async () => {
    const { code, out } = await lackpy(["run", "todos.js", "--json"]);
    expect(code).toBe(0);
    expect(JSON.parse(out).output).toHaveLength(3);
  });

  it("keeps the full trace in --json by default and summarises it with --trace summary", async () => {
    const full = JSON.parse((await lackpy(["run", "todos.js", "--json"])).out);
    expect(typeof full.trace[1].result).toBe("string");
    expect(full).toHaveProperty("variables");
    const summary = JSON.parse(
      (await lackpy(["run", "todos.js", "--json", "--trace", "summary"])).out,
    );
    expect(summary.output).toEqual(full.output);
    expect(summary.trace[1]).toMatchObject({
      tool: "read_file",
      result: expect.stringMatching(/^\d+ chars$/),
    });
    expect(summary).not.toHaveProperty("variables");
    const none = JSON.parse(
      (await lackpy(["delegate", "list all typescript files", "--json", "--trace", "none"])).out,
    );
    expect(none.trace).toEqual([]);
    expect(none.output).toEqual(["src/inventory.ts", "src/report.ts"]);
  });

  it("cuts output over --max-output-chars and refuses a bad cap", async () => {
    const { out } = await lackpy(["run", "-", "--json", "--max-output-chars", "20"], {
      stdin: `read_file("README.md")`,
    });
    const result = JSON.parse(out);
    expect(result.output).toMatch(/^.{20}…\[truncated: 89 chars in full\]$/s);
    expect(result.truncated).toEqual([{ part: "output", totalChars: 89, shownChars: 20 }]);
    const bad = await lackpy(["run", "todos.js", "--max-output-chars", "0"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--max-output-chars must be a positive whole number, not '0'.");
  });

  it("passes params parsed as JSON, else as strings", async () => {
    const { out } = await lackpy(
      ["run", "-", "--param", "n=3", "--param", "name=README.md", "--json"],
      { stdin: "const r = [n + 1, read_file(name).length]\nr" },
    );
    expect(JSON.parse(out).output).toEqual([4, 89]);
  });

  it("exits 1 with the error on stderr when the program fails", async () => {
    const { code, out, err } = await lackpy(["run", "-", "--mode", "in-process"], {
      stdin: `read_file("nope.txt")`,
    });
    expect(code).toBe(1);
    expect(out).toBe("");
    expect(err).toContain(
      "error[tool_error] in read_file at line 1: Tool read_file failed: No file 'nope.txt' in the workspace.",
    );
  });

  it("delegates an intent a rule answers, with the --json contract", async () => {
    const { code, out } = await lackpy(["delegate", "list all typescript files", "--json"]);
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(Object.keys(result).sort()).toEqual(
      [
        "applied",
        "changes",
        "correction",
        "demoted",
        "dryRun",
        "error",
        "executionMs",
        "filesModified",
        "filesRead",
        "generationMs",
        "grade",
        "model",
        "output",
        "params",
        "pending",
        "program",
        "promoted",
        "provider",
        "runId",
        "stdout",
        "success",
        "tier",
        "totalMs",
        "trace",
      ].sort(),
    );
    expect(result).toMatchObject({
      success: true,
      tier: "rules",
      output: ["src/inventory.ts", "src/report.ts"],
    });
  });

  it("creates a template and lists it", async () => {
    expect(
      (
        await lackpy(["create", "-", "--name", "readme-lines", "--pattern", "lines of {file}"], {
          stdin: `len(read_file(file).split("\\n"))`,
        })
      ).code,
    ).toBe(0);
    const { out } = await lackpy(["template", "list", "--json"]);
    expect(JSON.parse(out)).toEqual([
      {
        name: "readme-lines",
        pattern: "lines of {file}",
        successCount: 0,
        failCount: 0,
        path: path.join(root, ".lackpy", "templates", "readme-lines.tmpl"),
        origin: "person",
      },
    ]);
    expect(
      JSON.parse((await lackpy(["delegate", "lines of README.md", "--json"])).out),
    ).toMatchObject({ tier: "templates", output: 4 });
  });

  it("initialises a workspace without overwriting", async () => {
    const first = await lackpy(["init"]);
    expect(first.out).toContain("created .lackpy/config.toml");
    const second = await lackpy(["init"]);
    expect(second.out).toContain("kept    .lackpy/config.toml (already there)");
  });
});

describe.each(["isolated", "in-process"])(
  "lackpy run --kit files --mode %s: hidden paths",
  (mode) => {
    const run = (source: string) =>
      lackpy(["run", "-", "--kit", "files", "--mode", mode, "--json"], { stdin: source });

    it.each([
      [
        `write_file(".pnpmfile.cjs", "module.exports = {}")`,
        "'.pnpmfile.cjs' is hidden (code pnpm runs on every install)",
        ".pnpmfile.cjs",
      ],
      [
        `write_file("lefthook.yml", "pre-commit: {}")`,
        "'lefthook.yml' is closed for writing",
        "lefthook.yml",
      ],
      [`write_file(".yarnrc.yml", "yarnPath: x.cjs")`, "'.yarnrc.yml' is protected", ".yarnrc.yml"],
      [
        `read_file(".netrc")`,
        "'.netrc' is protected (login credentials for remote hosts)",
        ".netrc",
      ],
    ])("refuses %s with the coded error and exit code 1", async (source, message, file) => {
      const { code, out } = await run(source);
      expect(code).toBe(1);
      const result = JSON.parse(out);
      expect(result.error).toMatchObject({ code: "tool_error" });
      expect(result.error.message).toContain(message);
      expect(result.error.hint).toMatch(/\.lackpy\/config\.toml/);
      if (file !== ".netrc")
        await expect(readFile(path.join(root, file), "utf8")).rejects.toThrow();
    });

    it("reads .gitignore and writes an ordinary file that is never executable", async () => {
      await writeFile(path.join(root, ".gitignore"), "dist\n");
      const { code, out } = await run(
        `const ignore = read_file(".gitignore")\nwrite_file("out-${mode}.sh", "#!/bin/sh\\necho hi\\n")\nignore`,
      );
      expect(code).toBe(0);
      expect(JSON.parse(out).output).toBe("dist\n");
      expect((await stat(path.join(root, `out-${mode}.sh`))).mode & 0o111).toBe(0);
    });
  },
);

describe("the other commands", () => {
  it.each([
    [["status"], "inference  templates → rules → ollama"],
    [["spec"], "# The lackpy language"],
    [["toolbox", "list"], "read_file(path: string)"],
    [["toolbox", "show", "find_files"], "## Signature"],
    [["kit", "info", "files"], "kit files  grade w=3 d=3"],
    [["kit", "create", "reader", "--tools", "read_file,find_files"], "created kit reader at"],
    [["kit", "list"], "reader           workspace"],
    [["generate", "list all markdown files"], `const pattern = "**/*.md"\nfind_files(pattern)\n`],
  ])("lackpy %j works", async (args, expected) => {
    const { code, out } = await lackpy(args);
    expect(code).toBe(0);
    expect(out).toContain(expected);
  });

  it("lists providers with their tiers, none of them needed for rules", async () => {
    const { code, out } = await lackpy(["provider", "list", "--json"]);
    expect(code).toBe(0);
    expect(
      JSON.parse(out).map(
        (provider: { key: string; tier: number }) => `${provider.key}:${provider.tier}`,
      ),
    ).toEqual(["templates:0", "rules:1", "ollama:2", "anthropic:3"]);
  });

  it("shows and tests a template with params", async () => {
    await lackpy(["create", "-", "--name", "first-line", "--pattern", "first line of {file}"], {
      stdin: `read_file(file).split("\\n")[0]`,
    });
    expect((await lackpy(["template", "show", "first-line"])).out).toContain(
      `read_file(file).split("\\n")[0]`,
    );
    const tested = await lackpy(["template", "test", "first-line", "--param", "file=README.md"]);
    expect(tested.code).toBe(0);
    expect(tested.out).toBe("# inventory\n");
    expect((await lackpy(["template", "show", "nope"])).code).toBe(2);
  });

  it("says generation failed (exit 1) when no tier can answer and no model server runs", async () => {
    const io = memoryIo({ cwd: root });
    await writeFile(
      path.join(root, ".lackpy", "config.toml"),
      `[inference]\norder = ["templates", "rules"]\n`,
    ).catch(async () => {
      const { mkdir } = await import("node:fs/promises");
      await mkdir(path.join(root, ".lackpy"), { recursive: true });
      await writeFile(
        path.join(root, ".lackpy", "config.toml"),
        `[inference]\norder = ["templates", "rules"]\n`,
      );
    });
    const code = await main(["delegate", "summarise the architecture"], io);
    expect(code).toBe(1);
    expect(io.out).toBe("");
    expect(io.err).toMatchInlineSnapshot(`
      "No tier could write a program for "summarise the architecture":
        templates: no match
        rules: no match
      Next steps:
        - use Anthropic: set ANTHROPIC_API_KEY, then run lackpy provider add anthropic
        - or write the program yourself: lackpy spec shows the language, lackpy run <file> runs it, lackpy create <file> --name <name> --pattern "<intent>" saves it as a template
      "
    `);
    await rm(path.join(root, ".lackpy", "config.toml"));
  });
});

describe("lackpy mcp init", () => {
  it("writes a .mcp.json entry that starts this CLI's server, and refuses to replace a different one", async () => {
    expect((await lackpy(["mcp", "init"])).code).toBe(0);
    const config = JSON.parse(await readFile(path.join(root, ".mcp.json"), "utf8"));
    expect(config.mcpServers.lackpy).toEqual({
      command: process.execPath,
      args: [BIN, "mcp", "serve", "--workspace", root],
    });
    expect((await lackpy(["mcp", "init"])).out).toContain("unchanged");
    await writeFile(
      path.join(root, ".mcp.json"),
      JSON.stringify({ mcpServers: { lackpy: { command: "other", args: [] } } }),
    );
    expect((await lackpy(["mcp", "init"])).code).toBe(2);
    expect((await lackpy(["mcp", "init", "--force"])).code).toBe(0);
  });
});

describe("the built binary", () => {
  it("runs as a child process with exit codes", async () => {
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, [
      BIN,
      "delegate",
      "list all python files",
      "--workspace",
      root,
      "--json",
    ]);
    expect(JSON.parse(stdout)).toMatchObject({ success: true, output: ["src/cli.py"] });
    await expect(
      run(process.execPath, [BIN, "validate", path.join(root, "bad.js")]),
    ).rejects.toMatchObject({ code: 1 });
  });
});
