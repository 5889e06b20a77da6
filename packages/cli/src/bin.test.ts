import { execFile } from "node:child_process";
import {
  chmod,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const execFileAsync = promisify(execFile);
const BIN = fileURLToPath(new URL("../bin/lackpy.js", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-bin-"));
  await cp(EXAMPLE, root, { recursive: true });
  await writeFile(path.join(root, "program.js"), `find_files("**/*.py")`);
  await writeFile(
    path.join(root, "bomb.js"),
    `let x = ["a".repeat(1e6)]\nfor (const i of range(9)) x = [x, x]\nlen(String(x))`,
  );
  await mkdir(path.join(root, ".lackpy"), { recursive: true });
});

afterAll(() => rm(root, { recursive: true, force: true }));

/**
 * The bin starts the isolated-mode child before it loads the CLI; the child must serve the run
 * and must never keep the process alive (a hang here fails on the timeout).
 */
describe("bin/lackpy.js", () => {
  it.each([
    ["isolated mode (the default)", []],
    ["in-process mode", ["--mode", "in-process"]],
  ])("runs a program in %s and exits", async (_name, extra) => {
    const { stdout } = await execFileAsync(
      process.execPath,
      [BIN, "run", "program.js", "--workspace", root, "--json", ...extra],
      { cwd: root, timeout: 30_000 },
    );
    expect(JSON.parse(stdout)).toMatchObject({ success: true, output: ["src/cli.py"] });
  });

  // The bundle loads the kit's TypeScript parser (a native package) from beside itself: the CLI
  // must depend on it, or a strict install (pnpm's) leaves it unresolvable from the bundle. pnpm
  // runs the tests with NODE_PATH at its store's hoisted folder, which a user's shell does not have.
  it("answers a definition in a TypeScript file, with the parser the bundle loads", async () => {
    const { stdout } = await execFileAsync(
      process.execPath,
      [BIN, "delegate", "where is addItem defined", "--workspace", root, "--json"],
      { cwd: root, timeout: 30_000, env: { ...process.env, NODE_PATH: "" } },
    );
    expect(JSON.parse(stdout)).toMatchObject({
      success: true,
      output: [{ file: "src/inventory.ts", line: 7, kind: "function" }],
    });
  });

  it("survives a program that outgrows its child's heap", async () => {
    await writeFile(
      path.join(root, ".lackpy", "config.toml"),
      `[run]\nmode = "isolated"\nmemory_mb = 64\ntimeout_ms = 30000\n`,
    );
    try {
      const failed: { code?: number; stdout?: string } = await execFileAsync(
        process.execPath,
        [BIN, "run", "bomb.js", "--workspace", root, "--json"],
        { cwd: root, timeout: 60_000 },
      ).then(
        () => ({ code: 0 }),
        (error: { code?: number; stdout?: string }) => error,
      );
      expect(failed.code).toBe(1);
      expect(JSON.parse(failed.stdout ?? "")).toMatchObject({
        success: false,
        error: { code: expect.stringMatching(/^limit_(memory|size)$/) },
      });
    } finally {
      await rm(path.join(root, ".lackpy", "config.toml"), { force: true });
    }
  });
});

/**
 * End to end through the built binary, with a umask that takes no permission away: a program
 * cannot plant pnpm's hooks, and no file it creates is executable (an executable it edits keeps
 * its mode and is marked), in either run mode.
 */
describe("bin/lackpy.js: hidden paths and executable files", () => {
  const runWithOpenUmask = (program: string, mode: string) =>
    execFileAsync(
      "/bin/sh",
      [
        "-c",
        'umask 000 && exec "$@"',
        "sh",
        process.execPath,
        BIN,
        "run",
        program,
        "--kit",
        "files",
        "--workspace",
        root,
        "--json",
        "--mode",
        mode,
      ],
      { cwd: root, timeout: 30_000 },
    ).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code?: number; stdout?: string }) => ({
        code: error.code,
        stdout: error.stdout ?? "",
      }),
    );

  it.each(["isolated", "in-process"])("refuses .pnpmfile.cjs in %s mode", async (mode) => {
    await writeFile(
      path.join(root, "plant.js"),
      `write_file(".pnpmfile.cjs", "module.exports = {}")`,
    );
    const { code, stdout } = await runWithOpenUmask("plant.js", mode);
    expect(code).toBe(1);
    const result = JSON.parse(stdout);
    expect(result.error.code).toBe("tool_error");
    expect(result.error.message).toBe(
      `Tool write_file failed: '.pnpmfile.cjs' is hidden (code pnpm runs on every install); the file tools open names starting with "." only where the workspace config allows it.`,
    );
    await expect(stat(path.join(root, ".pnpmfile.cjs"))).rejects.toThrow();
  });

  it.each(["isolated", "in-process"])(
    "writes a #! script without execute bits in %s mode",
    async (mode) => {
      await writeFile(
        path.join(root, "script.js"),
        `write_file("made-${mode}.sh", "#!/bin/sh\\necho hi\\n")`,
      );
      const { code } = await runWithOpenUmask("script.js", mode);
      expect(code).toBe(0);
      expect((await stat(path.join(root, `made-${mode}.sh`))).mode & 0o777).toBe(0o666);
    },
  );

  it.each(["isolated", "in-process"])(
    "edits an existing executable script, which keeps its mode, and marks it in %s mode",
    async (mode) => {
      const script = path.join(root, `tests-${mode}.sh`);
      await writeFile(script, "#!/bin/sh\necho ok\n");
      await chmod(script, 0o755);
      await writeFile(
        path.join(root, "edit.js"),
        `edit_file("tests-${mode}.sh", "echo ok", "echo fine")`,
      );
      const { code, stdout } = await runWithOpenUmask("edit.js", mode);
      expect(code).toBe(0);
      const result = JSON.parse(stdout) as { changes: { path: string; executable?: boolean }[] };
      expect(result.changes).toContainEqual(
        expect.objectContaining({ path: `tests-${mode}.sh`, action: "modify", executable: true }),
      );
      expect(await readFile(script, "utf8")).toBe("#!/bin/sh\necho fine\n");
      expect((await stat(script)).mode & 0o777).toBe(0o755);
    },
  );
});

/**
 * The bin runs the command's bundle (dist/bin/command.cjs, with its code cache): one-shot
 * commands load the bundle and Node's builtins only, the kit's shipped docs travel with it, and
 * `mcp init` names this bin.
 */
describe("bin/lackpy.js: the bundled command", () => {
  /**
   * Runs the bin with a preload that writes every file it requires (CommonJS) and, through a
   * loader hook, every ES module URL it loads to a file; returns them, in order.
   */
  async function loadedModules(
    args: string[],
  ): Promise<{ required: string[]; imported: string[] }> {
    const directory = await mkdtemp(path.join(os.tmpdir(), "lackpy-loaded-"));
    try {
      const required = path.join(directory, "required.txt");
      const imported = path.join(directory, "imported.txt");
      const hooks = path.join(directory, "hooks.mjs");
      await writeFile(
        hooks,
        `import { appendFileSync } from "node:fs";\n` +
          `export async function load(url, context, next) {\n` +
          `  appendFileSync(${JSON.stringify(imported)}, url + "\\n");\n` +
          `  return next(url, context);\n` +
          `}\n`,
      );
      const preload = path.join(directory, "preload.cjs");
      await writeFile(
        preload,
        `const Module = require("node:module");\n` +
          `const { appendFileSync, writeFileSync } = require("node:fs");\n` +
          `const { isAbsolute } = require("node:path");\n` +
          `writeFileSync(${JSON.stringify(imported)}, "");\n` +
          `Module.register(${JSON.stringify(pathToFileURL(hooks).href)});\n` +
          `const load = Module._load;\n` +
          `Module._load = function (request, parent, isMain) {\n` +
          `  const file = Module._resolveFilename(request, parent, isMain);\n` +
          `  if (isAbsolute(file)) appendFileSync(${JSON.stringify(required)}, file + "\\n");\n` +
          `  return load.apply(this, arguments);\n` +
          `};\n`,
      );
      await execFileAsync(process.execPath, ["--require", preload, BIN, ...args], {
        cwd: root,
        timeout: 30_000,
      });
      const lines = async (file: string) =>
        (await readFile(file, "utf8")).split("\n").filter(Boolean);
      return { required: await lines(required), imported: await lines(imported) };
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  const bundle = pathToFileURL(path.join(path.dirname(BIN), "..", "dist", "bin")).href;

  it.each([
    ["run (isolated)", ["run", "program.js", "--workspace", ".", "--json"], true],
    ["delegate (rules)", ["delegate", "list all python files", "--workspace", ".", "--json"], true],
    ["validate", ["validate", "program.js"], false],
  ])(
    "%s requires only its loader (after the child's start, when it runs programs) and loads no ES module",
    async (_name, args, startsChild) => {
      const { required, imported } = await loadedModules(args);
      const bundleFolder = fileURLToPath(bundle);
      const own = [
        path.join(bundleFolder, "start-child.cjs"),
        path.join(bundleFolder, "load-command.cjs"),
      ];
      expect(required).toEqual([BIN, ...(startsChild ? own : own.slice(1))]);
      // Node's ES module loader is not used: the bin, its loader and the bundle are CommonJS.
      expect(imported.filter((url) => !url.startsWith("node:"))).toEqual([]);
    },
  );

  it("keeps a code cache of the command beside it, made by the build, which a command takes", async () => {
    const file = path.join(fileURLToPath(bundle), "command.cjs.cache");
    const cache = await stat(file);
    expect(cache.isFile()).toBe(true);
    expect(cache.mode & 0o022).toBe(0);
    // A command that could not take it (refused, or made from another bundle) writes a new one.
    await execFileAsync(process.execPath, [BIN, "--help"]);
    const after = await stat(file);
    expect([after.ino, after.mtimeMs]).toEqual([cache.ino, cache.mtimeMs]);
  });

  it.each(["isolated", "in-process"])(
    "loads the regex engine from the bundle when a %s run makes a regex",
    async (mode) => {
      await writeFile(path.join(root, "regex.js"), `const r = /b+/\n"abbc".replace(r, "-")`);
      const { stdout } = await execFileAsync(
        process.execPath,
        [BIN, "run", "regex.js", "--workspace", root, "--json", "--mode", mode],
        { cwd: root, timeout: 30_000 },
      );
      expect(JSON.parse(stdout)).toMatchObject({ success: true, output: "a-c" });
    },
  );

  it("is ASCII throughout: V8 holds and scans a file with one other character as UTF-16", async () => {
    const directory = fileURLToPath(bundle);
    const files = (await readdir(directory)).filter((file) => /\.c?js$/.test(file));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const text = await readFile(path.join(directory, file), "utf8");
      const nonAscii = [...text].find((char) => char.charCodeAt(0) > 0x7f);
      expect({ file, nonAscii }).toEqual({ file, nonAscii: undefined });
    }
  });

  it("ships the kit's child read_file beside the bundle, where the bundled kit names it for the isolated child", async () => {
    const module = path.join(fileURLToPath(bundle), "child-read-file.js");
    const loaded = (await import(pathToFileURL(module).href)) as Record<string, unknown>;
    expect(typeof loaded.createChildReadFile).toBe("function");
    // The bundled kit names this file (as `./child-read-file.js` beside its own chunk).
    const chunks = (await readdir(fileURLToPath(bundle))).filter((file) => /\.c?js$/.test(file));
    const naming = [];
    for (const file of chunks)
      if (
        (await readFile(path.join(fileURLToPath(bundle), file), "utf8")).includes(
          '"./child-read-file.js"',
        )
      )
        naming.push(file);
    expect(naming.length).toBeGreaterThan(0);
  });

  it("shows a builtin tool's docs, shipped beside the bundle", async () => {
    const { stdout } = await execFileAsync(
      process.execPath,
      [BIN, "toolbox", "show", "read_file", "--workspace", root],
      { cwd: root, timeout: 30_000 },
    );
    expect(stdout).toContain("# read_file\n");
    expect(stdout).toContain("## Signature");
  });

  it("writes an MCP entry that starts this bin with --local", async () => {
    try {
      await execFileAsync(process.execPath, [BIN, "mcp", "init", "--local", "--workspace", root], {
        cwd: root,
        timeout: 30_000,
      });
      const config = JSON.parse(await readFile(path.join(root, ".mcp.json"), "utf8"));
      expect(config.mcpServers.lackpy).toEqual({
        command: process.execPath,
        args: [BIN, "mcp", "serve", "--workspace", root],
      });
    } finally {
      await rm(path.join(root, ".mcp.json"), { force: true });
    }
  });
});
