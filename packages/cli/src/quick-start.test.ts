import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const execFileAsync = promisify(execFile);
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** A user's shell without this test run's pnpm and vitest variables. */
const ENV = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) => !/^(NODE_PATH|npm_.*|PNPM_.*|VITEST.*|TEST|TURBO_.*)$/i.test(key),
  ),
);
const LINE_ONE =
  'npm i -g pnpm@10 && pnpm install --frozen-lockfile && pnpm build && pnpm lackpy delegate "list all typescript files" --workspace examples/workspace';

/**
 * The README's quick start as a new user meets it: line 1 prints the answer, not the install and
 * build logs (the count from a fresh clone is in the task report; a clone and a cold build are too
 * slow for the suite), and the README's `--json` pipe gets JSON.
 */
describe("the README's quick start", () => {
  it("keeps line 1 word for word", async () => {
    expect(await readFile(path.join(ROOT, "README.md"), "utf8")).toContain(`\n${LINE_ONE}\n`);
  });

  it("is two commands, and the next section installs lackpy for your own projects", async () => {
    const readme = await readFile(path.join(ROOT, "README.md"), "utf8");
    const sections = readme.split(/\n(?=## )/);
    const index = sections.findIndex((section) => section.startsWith("## Quick start\n"));
    const block = (section: string) => /\n```sh\n([^]*?)\n```\n/.exec(section)?.[1].split("\n");
    expect(block(sections[index])).toEqual([LINE_ONE, "pnpm test"]);
    const install = block(sections[index + 1]);
    expect(install?.[0]).toMatch(/^pnpm lackpy:install\b/);
    const scripts = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")).scripts;
    expect(scripts["lackpy:install"]).toBe("node scripts/install-lackpy.mjs");
  });

  it("builds with errors only and no telemetry notice, even for a user turbo has never seen", async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), "lackpy-home-"));
    try {
      // A dry run resolves every task as `pnpm build` runs it, without building.
      const { stdout, stderr } = await execFileAsync("pnpm", ["-s", "build", "--dry=json"], {
        cwd: ROOT,
        env: { ...ENV, HOME: home, XDG_CONFIG_HOME: path.join(home, ".config") },
        maxBuffer: 16 * 1024 * 1024,
      });
      expect(`${stdout}${stderr}`).not.toMatch(/anonymous telemetry/i);
      const tasks = JSON.parse(stdout).tasks as {
        taskId: string;
        resolvedTaskDefinition: { outputLogs: string };
      }[];
      expect(tasks.length).toBeGreaterThanOrEqual(9);
      for (const task of tasks)
        expect(task.resolvedTaskDefinition.outputLogs, task.taskId).toBe("errors-only");
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it("installs with pnpm's warnings and errors only", async () => {
    const { stdout } = await execFileAsync("pnpm", ["config", "get", "loglevel"], {
      cwd: ROOT,
      env: ENV,
    });
    expect(stdout.trim()).toBe("warn");
  });

  it("pipes the README's --json example: pnpm -s prints the document alone", async () => {
    const readme = await readFile(path.join(ROOT, "README.md"), "utf8");
    const line = readme.split("\n").find((text) => /^pnpm -s lackpy .*--json/.test(text));
    expect(line).toBeDefined();
    const command = line!.split(" | ")[0];
    const { stdout } = await execFileAsync("sh", ["-c", command], { cwd: ROOT, env: ENV });
    expect(JSON.parse(stdout)).toMatchObject({ success: true, tier: "rules" });
  });
});
