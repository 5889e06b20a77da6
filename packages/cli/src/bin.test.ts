import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
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
