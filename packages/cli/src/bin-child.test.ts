import { execFile, fork } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const execFileAsync = promisify(execFile);
const BIN = fileURLToPath(new URL("../bin/lackpy.js", import.meta.url));
const BUNDLE = fileURLToPath(new URL("../dist/bin/", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
let root: string;
let spawnLog: string;
let exitLog: string;
let preload: string;
let lateWork: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-bin-child-"));
  await cp(EXAMPLE, root, { recursive: true });
  await writeFile(path.join(root, "program.js"), `find_files("**/*.py")`);
  await writeFile(path.join(root, "invalid.js"), `require("fs")`);
  // Notes every process the bin starts (pid and file), written when the bin exits.
  spawnLog = path.join(root, "..", `${path.basename(root)}-spawned.json`);
  exitLog = path.join(root, "..", `${path.basename(root)}-exit.txt`);
  preload = path.join(root, "..", `${path.basename(root)}-preload.cjs`);
  await writeFile(
    preload,
    `const { ChildProcess } = require("node:child_process");\n` +
      `const { writeFileSync } = require("node:fs");\n` +
      `const spawn = ChildProcess.prototype.spawn;\nconst started = [];\n` +
      `ChildProcess.prototype.spawn = function (options) {\n` +
      `  const result = spawn.call(this, options);\n` +
      `  started.push({ pid: this.pid, file: options.args.at(-1) });\n  return result;\n};\n` +
      `process.on("exit", () => writeFileSync(${JSON.stringify(spawnLog)}, JSON.stringify(started)));\n` +
      // Notes an end through process.exit (Node's own end after an empty loop never calls it).
      `const reallyExit = process.reallyExit;\n` +
      `process.reallyExit = (code) => {\n` +
      `  writeFileSync(${JSON.stringify(exitLog)}, String(code));\n  reallyExit.call(process, code);\n};\n`,
  );
  // Another module's beforeExit listener that starts more work, which must not be cut short.
  lateWork = path.join(root, "..", `${path.basename(root)}-late.cjs`);
  await writeFile(
    lateWork,
    `process.once("beforeExit", () => setTimeout(() => ` +
      `require("node:fs").writeFileSync(${JSON.stringify(`${lateWork}.done`)}, "done"), 50));\n`,
  );
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(preload, { force: true });
  await rm(spawnLog, { force: true });
  await rm(exitLog, { force: true });
  await rm(lateWork, { force: true });
  await rm(`${lateWork}.done`, { force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until process `pid` is gone (neither running nor a zombie), for at most 10 s. */
async function gone(pid: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (alive(pid) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(alive(pid)).toBe(false);
}

/**
 * Runs the bin (with `preloads` before it); returns its exit code, its stdout, the processes it
 * started, and the code it passed to process.exit (null when Node ended it after an empty loop).
 */
async function runBin(args: string[], preloads: string[] = []) {
  await rm(spawnLog, { force: true });
  await rm(exitLog, { force: true });
  const done: { code?: number; stdout?: string } = await execFileAsync(
    process.execPath,
    ["--require", preload, ...preloads.flatMap((file) => ["--require", file]), BIN, ...args],
    { cwd: root, timeout: 30_000 },
  ).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code?: number; stdout?: string }) => error,
  );
  const started = JSON.parse(await readFile(spawnLog, "utf8")) as { pid: number; file: string }[];
  const exited = await readFile(exitLog, "utf8").then(Number, () => null);
  return { code: done.code, stdout: done.stdout ?? "", started, exited };
}

/**
 * The bin starts the isolated child as its very first act for a command that runs programs
 * (decision 130): the run is served by that one child, and a command that never runs one
 * leaves no child behind.
 */
describe("bin/lackpy.js: the isolated child it starts first", () => {
  it.each([
    ["run", ["run", "program.js", "--workspace", ".", "--json"]],
    ["delegate", ["delegate", "list all python files", "--workspace", ".", "--json"]],
  ])("serves an isolated %s with the one child it started", async (_name, args) => {
    const { code, stdout, started } = await runBin(args);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ success: true, output: ["src/cli.py"] });
    expect(started).toEqual([{ pid: expect.any(Number), file: `${BUNDLE}child-entry.cjs` }]);
    // The bin ends without waiting for its killed child's exit; the child is gone all the same.
    await gone(started[0]!.pid);
  });

  it.each([
    ["a run of a missing file", ["run", "missing.js", "--workspace", ".", "--json"]],
    ["an unknown option", ["run", "program.js", "--no-such-option"]],
    ["a program that fails validation", ["run", "invalid.js", "--workspace", ".", "--json"]],
    ["a request nothing answers", ["delegate", "zzqx frobnicate", "--workspace", ".", "--json"]],
  ])("kills that child when the command fails before a run: %s", async (_name, args) => {
    const { code, started, exited } = await runBin(args);
    expect(code).not.toBe(0);
    expect(exited).toBe(code);
    expect(started).toHaveLength(1);
    // Killed as the bin exits: gone by the time its exit is seen, or a moment after.
    await gone(started[0]!.pid);
  });

  it("ends through exit once nothing is left to do, with its exit code and all its output", async () => {
    const served = await runBin(["run", "program.js", "--workspace", ".", "--json"]);
    expect([served.code, served.exited]).toEqual([0, 0]);
    expect(JSON.parse(served.stdout)).toMatchObject({ success: true, output: ["src/cli.py"] });
    const refused = await runBin(["run", "invalid.js", "--workspace", ".", "--json"]);
    expect([refused.code, refused.exited]).toEqual([1, 1]);
    expect(JSON.parse(refused.stdout)).toMatchObject({ error: { code: "invalid_program" } });
    await gone(served.started[0]!.pid);
    await gone(refused.started[0]!.pid);
  });

  it("leaves the end to Node when another module listens for it, and that module's work is done", async () => {
    const { code, stdout, exited } = await runBin(
      ["run", "program.js", "--workspace", ".", "--json"],
      [lateWork],
    );
    expect([code, exited]).toEqual([0, null]);
    expect(JSON.parse(stdout)).toMatchObject({ success: true });
    expect(await readFile(`${lateWork}.done`, "utf8")).toBe("done");
  });

  it("starts no child for a command that runs none, nor for --help or an in-process run", async () => {
    for (const args of [
      ["validate", "program.js"],
      ["run", "--help"],
      ["run", "program.js", "--workspace", ".", "--json", "--mode", "in-process"],
    ])
      expect((await runBin(args)).started).toEqual([]);
  });

  it("builds a child that holds no parser and no validator: its host sends the checked tree", async () => {
    const map = JSON.parse(await readFile(path.join(BUNDLE, "child.cjs.map"), "utf8")) as {
      sources: string[];
    };
    const parts = map.sources.map((source) => source.replace(/^(\.\.\/)+/, ""));
    expect(
      parts.filter((source) => /\/acorn\/|lang\/src\/(validate|rules)\//.test(source)),
    ).toEqual([]);
    expect(parts.filter((source) => source.startsWith("lang/src/check/"))).toEqual([
      "lang/src/check/check-property.ts",
    ]);
    expect(parts).toContain("run/src/isolated/check-run-request.ts");
  });

  it("keeps a code cache of the child beside it, made by the build, which the child takes", async () => {
    const file = path.join(BUNDLE, "child.cjs.cache");
    const cache = await stat(file);
    expect(cache.isFile()).toBe(true);
    expect(cache.mode & 0o022).toBe(0);
    // A child that could not take it (refused, or made from another bundle) writes a new one.
    expect((await runBin(["run", "program.js", "--workspace", ".", "--json"])).code).toBe(0);
    const after = await stat(file);
    expect([after.ino, after.mtimeMs]).toEqual([cache.ino, cache.mtimeMs]);
  });
});

/** Forks the CLI's child as the pool does, with `flags`; resolves once it says it is ready (false if it exits first). */
function childReady(flags: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = fork(path.join(BUNDLE, "child-entry.cjs"), [], {
      execArgv: ["--disallow-code-generation-from-strings", ...flags],
      env: {},
      serialization: "advanced",
      stdio: ["ignore", "ignore", "ignore", "ipc"],
    });
    child.on("message", (message: { type?: string }) => {
      if (message.type !== "ready") return;
      child.kill("SIGKILL");
      resolve(true);
    });
    child.on("exit", () => resolve(false));
  });
}

describe("the CLI's isolated child and its code cache", () => {
  it.skipIf(!process.allowedNodeEnvironmentFlags.has("--experimental-permission"))(
    "starts under the permission model with a cache made for other flags, and writes nothing",
    async () => {
      const cache = await stat(path.join(BUNDLE, "child.cjs.cache"));
      const before = (await readdir(BUNDLE)).sort();
      // Another heap limit: V8 refuses the cache, and this child may not make a new one.
      const ready = await childReady([
        "--max-old-space-size=97",
        "--experimental-permission",
        `--allow-fs-read=${path.resolve(BUNDLE, "..", "..")}`,
      ]);
      expect(ready).toBe(true);
      expect((await readdir(BUNDLE)).sort()).toEqual(before);
      const after = await stat(path.join(BUNDLE, "child.cjs.cache"));
      expect([after.ino, after.mtimeMs]).toEqual([cache.ino, cache.mtimeMs]);
    },
  );
});
