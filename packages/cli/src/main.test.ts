import { existsSync } from "node:fs";
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
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

  it.each([["validate"], ["run"]])(
    "%s names the kit that has a tool the kit lacks, and the flag to pass",
    async (command) => {
      const { code, out, err } = await lackpy([command, "-"], {
        stdin: 'write_file("notes.md", "x")',
      });
      expect(code).toBe(1);
      expect(out).toBe("");
      expect(err).toContain(
        "error[unknown_function] <stdin>:1:1: 'write_file' is not a tool of this kit; it is in kit files.\n",
      );
      expect(err).toContain("  hint: pass --kit files\n");
    },
  );

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

  it("summarises the trace in --json by default and keeps it in full with --trace full", async () => {
    const full = JSON.parse((await lackpy(["run", "todos.js", "--json", "--trace", "full"])).out);
    expect(typeof full.trace[1].result).toBe("string");
    expect(full).toHaveProperty("variables");
    const byDefault = await lackpy(["run", "todos.js", "--json"]);
    const summary = JSON.parse(byDefault.out);
    const asked = JSON.parse(
      (await lackpy(["run", "todos.js", "--json", "--trace", "summary"])).out,
    );
    expect(Object.keys(summary).sort()).toEqual(Object.keys(asked).sort());
    const tools = (trace: { tool: string; calls: number }[]) =>
      trace.map((entry) => [entry.tool, entry.calls]);
    expect(tools(summary.trace)).toEqual(tools(asked.trace));
    expect(summary.output).toEqual(full.output);
    // Each tool once, with its calls: as many as the full trace lists.
    expect(summary.trace[1]).toMatchObject({
      tool: "read_file",
      calls: full.trace.filter((call: { tool: string }) => call.tool === "read_file").length,
    });
    expect(summary).not.toHaveProperty("variables");
    const none = JSON.parse(
      (await lackpy(["delegate", "list all typescript files", "--json", "--trace", "none"])).out,
    );
    expect(none.trace).toEqual([]);
    expect(none.output).toEqual(["src/inventory.ts", "src/report.ts"]);
  });

  it("gives delegate --json the run's stats, as run --json has them", async () => {
    const delegated = JSON.parse(
      (await lackpy(["delegate", "list all typescript files", "--json"])).out,
    );
    const ran = JSON.parse((await lackpy(["run", "todos.js", "--json"])).out);
    for (const result of [delegated, ran])
      expect(Object.keys(result.stats).sort()).toEqual([
        "durationMs",
        "steps",
        "toolCalls",
        "toolMs",
        "truncated",
      ]);
    expect(delegated.stats).toMatchObject({ toolCalls: 1, truncated: [] });
    expect(delegated.stats.steps).toBeGreaterThan(0);
    const unanswered = JSON.parse((await lackpy(["delegate", "zzz qqq", "--json"])).out);
    expect(unanswered.stats).toEqual({
      steps: 0,
      toolCalls: 0,
      durationMs: 0,
      toolMs: 0,
      truncated: [],
    });
  });

  it("keeps --json small enough to pipe when a program reads many files", async () => {
    const big = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-big-"));
    try {
      for (let index = 0; index < 20; index++)
        await writeFile(
          path.join(big, `file-${index}.ts`),
          `// TODO: item ${index}\n${"const x = 1\n".repeat(2_000)}`,
        );
      // A program that reads every file: the full trace holds each file's text.
      const program = `${big}.js`;
      await writeFile(program, 'find_files("*.ts").filter(f => read_file(f).includes("TODO"))\n');
      const summary = await lackpy(["run", program, "--workspace", big, "--json"]);
      const full = await lackpy(["run", program, "--workspace", big, "--json", "--trace", "full"]);
      expect(JSON.parse(summary.out).output).toHaveLength(20);
      expect(JSON.parse(full.out).output).toEqual(JSON.parse(summary.out).output);
      expect(full.out.length).toBeGreaterThan(480_000);
      expect(summary.out.length).toBeLessThan(12_000);
    } finally {
      await rm(`${big}.js`, { force: true });
      await rm(big, { recursive: true, force: true });
    }
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

  it.each(["in-process", "isolated"])(
    "exits 1 with the error placed like a static one on stderr when the program fails (%s)",
    async (mode) => {
      await writeFile(
        path.join(root, "fails.js"),
        `const n = 1\nconst text =   read_file("nope.txt")\n`,
      );
      const { code, out, err } = await lackpy(["run", "fails.js", "--mode", mode]);
      expect(code).toBe(1);
      expect(out).toBe("");
      expect(err).toBe(
        "error[tool_error/not_found] fails.js:2:16: Tool read_file failed: No file 'nope.txt' in the workspace.\n" +
          '  1 | const n = 1\n> 2 | const text =   read_file("nope.txt")\n    |                ^\n  3 | \n' +
          "  hint: use find_files(pattern) to see which files exist\n",
      );
    },
  );

  it.each(["in-process", "isolated"])(
    "lists the files a run created and changed on stderr, the output alone on stdout (%s)",
    async (mode) => {
      await writeFile(path.join(root, "existing.txt"), "old\n");
      await rm(path.join(root, "made"), { recursive: true, force: true });
      const program = `write_file("made/new.md", "# new\\n")\nedit_file("existing.txt", "old", "new")\nwrite_file("made/new.md", "# again\\n")`;
      const { code, out, err } = await lackpy(["run", "-", "--kit", "files", "--mode", mode], {
        stdin: program,
      });
      expect(code).toBe(0);
      expect(out).toBe("8\n");
      expect(err).toMatch(
        /^# kit files \(writes with write_file, edit_file\)\ncreated made\/new\.md\nchanged existing\.txt\n {2}undo: lackpy undo \S+\n$/,
      );
      await writeFile(path.join(root, "existing.txt"), "old\n");
      const json = JSON.parse(
        (await lackpy(["run", "-", "--kit", "files", "--mode", mode, "--json"], { stdin: program }))
          .out,
      );
      // made/new.md ends as the first run left it: a write that changes nothing lands nothing.
      expect(json).toMatchObject({ filesModified: ["existing.txt"], filesCreated: [] });
    },
  );

  it.each(["in-process", "isolated"])(
    "find_files leaves out what .gitignore ignores, unless the program asks (%s)",
    async (mode) => {
      const workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-ignore-"));
      try {
        await cp(EXAMPLE, workspace, { recursive: true });
        await writeFile(path.join(workspace, ".gitignore"), "build/\n");
        await mkdir(path.join(workspace, "build"));
        await writeFile(path.join(workspace, "build", "out.ts"), "x");
        const { code, out } = await lackpy(
          ["run", "-", "--workspace", workspace, "--mode", mode, "--json"],
          { stdin: `[find_files("**/*.ts"), find_files("**/*.ts", { include_ignored: true })]` },
        );
        expect(code).toBe(0);
        expect(JSON.parse(out).output).toEqual([
          ["src/inventory.ts", "src/report.ts"],
          ["build/out.ts", "src/inventory.ts", "src/report.ts"],
        ]);
        const bad = await lackpy(["validate", "-", "--json"], { stdin: `find_files("*", true)` });
        expect(JSON.parse(bad.out).errors[0]).toMatchObject({
          code: "bad_argument_type",
          hint: "call it as find_files(pattern: string, options?: { include_ignored?: boolean, text?: boolean, hidden?: boolean })",
        });
      } finally {
        await rm(workspace, { recursive: true, force: true });
      }
    },
  );

  it.each(["in-process", "isolated"])(
    "says on stderr, and in --json, what a count left out (%s)",
    async (mode) => {
      const workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-skipped-"));
      try {
        await mkdir(path.join(workspace, "node_modules/dep"), { recursive: true });
        await writeFile(path.join(workspace, "node_modules/dep/a.js"), "a\n");
        await writeFile(path.join(workspace, "node_modules/dep/b.js"), "b\n");
        await writeFile(path.join(workspace, "main.js"), "main\n");
        await writeFile(path.join(workspace, "logo.png"), Buffer.from([0, 1, 2]));
        const args = ["run", "-", "--workspace", workspace, "--mode", mode];
        const stdin = `sum(line_counts().map(row => row.lines))`;
        const human = await lackpy(args, { stdin });
        expect(human).toMatchObject({
          code: 0,
          out: "1\n",
          err: "skipped: 2 files under node_modules, 1 binary file\n",
        });
        const json = JSON.parse((await lackpy([...args, "--json"], { stdin })).out);
        expect(json.skipped).toEqual([
          { reason: "files under node_modules", count: 2 },
          { reason: "binary files", count: 1 },
        ]);
      } finally {
        await rm(workspace, { recursive: true, force: true });
      }
    },
  );

  it("says that a failing run wrote nothing, even what it wrote before it failed", async () => {
    await rm(path.join(root, "partial.txt"), { force: true });
    const { code, err } = await lackpy(["run", "-", "--kit", "files"], {
      stdin: `write_file("partial.txt", "x")\nread_file("nope.txt")`,
    });
    expect(code).toBe(1);
    expect(err).toMatch(
      /^# kit files \(writes with write_file, edit_file\)\nerror\[tool_error\/not_found\] <stdin>:2:1: [^]*\nnothing was written: a run that fails changes no file\n$/,
    );
    expect(existsSync(path.join(root, "partial.txt"))).toBe(false);
  });

  it("uses the limits set on the command line as given, above the workspace's maxima", async () => {
    const args = ["run", "-", "--mode", "in-process", "--timeout-ms", "999999999"];
    const human = await lackpy(args, { stdin: "1 + 1" });
    expect(human).toMatchObject({ code: 0, out: "2\n", err: "" });
    const program = `[file_size("todos.js") > 0, file_size("todos.js") > 0, file_size("todos.js") > 0]`;
    const limited = await lackpy([...args, "--max-tool-calls", "2", "--json"], { stdin: program });
    const json = JSON.parse(limited.out);
    expect(json.error).toMatchObject({ code: "limit_tool_calls" });
    expect(json).not.toHaveProperty("limitsLowered");
    const allowed = await lackpy([...args, "--max-tool-calls", "3"], { stdin: program });
    expect(allowed.code).toBe(0);
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
        "filesCreated",
        "filesModified",
        "filesRead",
        "generationMs",
        "kit",
        "grade",
        "model",
        "output",
        "params",
        "pending",
        "program",
        "promoted",
        "provider",
        "reading",
        "runId",
        "stats",
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
      reading: "TypeScript files (**/*.{ts,tsx,mts,cts})",
      kit: { name: "readonly", writes: [] },
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
    [
      ["generate", "list all markdown files"],
      `const pattern = "**/*.md"\nfind_files(pattern, { hidden: true })\n`,
    ],
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
        rules: no match; no rule reads 'summarise', 'architecture'
      No rule covers this request. To teach one, write the program and save it as a template: lackpy create <file> --name <name> --pattern "summarise the architecture" (lackpy rules lists what the rules answer).
      Next steps:
        - use Anthropic: set ANTHROPIC_API_KEY, then run lackpy provider add anthropic
        - or reword the request as one the rules answer without a model: lackpy rules lists them
        - or write the program yourself: lackpy spec shows the language, lackpy run <file> runs it, lackpy create <file> --name <name> --pattern "<intent>" saves it as a template
      "
    `);
    await rm(path.join(root, ".lackpy", "config.toml"));
  });
});

describe("--help", () => {
  it.each([
    [
      ["template", "list", "--help"],
      "lackpy template list: List the workspace's templates with their counters, and the demoted ones",
      "USAGE lackpy template list [OPTIONS]",
    ],
    [
      ["create", "--help"],
      "lackpy create: Save a program as a template (tier 0)",
      "USAGE lackpy create [OPTIONS] <FILE>",
    ],
    [
      ["--help"],
      "lackpy 0.0.0: Answer intents with short, validated tool-calling programs",
      "USAGE lackpy validate|run|",
    ],
    [["mcp", "--help"], "lackpy mcp: The MCP server", "Use lackpy mcp <command> --help"],
  ])(
    "%j names the whole command, once, without doubled parentheses",
    async (args, header, usage) => {
      const { code, out } = await lackpy(args);
      expect(code).toBe(0);
      // Help wraps to 80 columns without a terminal: the header may continue on indented lines.
      expect(out.split("\n\n")[0].replace(/\n +/g, " ")).toBe(header);
      expect(out).toContain(usage);
      expect(out).not.toMatch(/\) \(/);
    },
  );

  it("lists the same run limits for delegate as for run", async () => {
    const flags = (text: string) => [...text.matchAll(/--[a-z-]+/g)].map((match) => match[0]);
    const run = flags((await lackpy(["run", "--help"])).out);
    const delegate = flags((await lackpy(["delegate", "--help"])).out);
    for (const flag of [
      "--timeout-ms",
      "--max-steps",
      "--max-tool-calls",
      "--mode",
      "--trace",
      "--max-output-chars",
    ]) {
      expect(run).toContain(flag);
      expect(delegate).toContain(flag);
    }
  });

  it("applies delegate's limits to the run", async () => {
    const { code, out } = await lackpy([
      "delegate",
      "list all typescript files",
      "--max-steps",
      "1",
      "--mode",
      "in-process",
      "--json",
    ]);
    expect(code).toBe(1);
    expect(JSON.parse(out).error).toMatchObject({ code: "limit_steps" });
  });
});

describe("lackpy mcp init", () => {
  it("writes a portable .mcp.json entry, says when lackpy is not on PATH, and refuses to replace a different one", async () => {
    const first = await lackpy(["mcp", "init"]);
    expect(first.code).toBe(0);
    const text = await readFile(path.join(root, ".mcp.json"), "utf8");
    // A file teams commit: nothing of this machine's.
    expect(JSON.parse(text).mcpServers.lackpy).toEqual({
      command: "lackpy",
      args: ["mcp", "serve", "--workspace", "."],
    });
    expect(text).not.toContain(root);
    expect(text).not.toContain(process.execPath);
    expect(first.err).toContain("note: the entry runs lackpy from PATH, and there is none here");
    expect((await lackpy(["mcp", "init"])).out).toContain("unchanged");
    await writeFile(
      path.join(root, ".mcp.json"),
      JSON.stringify({ mcpServers: { lackpy: { command: "other", args: [] } } }),
    );
    expect((await lackpy(["mcp", "init"])).code).toBe(2);
    expect((await lackpy(["mcp", "init", "--force"])).code).toBe(0);
  });

  it("names this machine's node, bin and workspace with --local", async () => {
    expect((await lackpy(["mcp", "init", "--local", "--force"])).code).toBe(0);
    const config = JSON.parse(await readFile(path.join(root, ".mcp.json"), "utf8"));
    expect(config.mcpServers.lackpy).toEqual({
      command: process.execPath,
      args: [BIN, "mcp", "serve", "--workspace", root],
    });
    await rm(path.join(root, ".mcp.json"));
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
