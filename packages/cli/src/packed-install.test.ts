import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const PACKAGES = fileURLToPath(new URL("../../", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
const PUBLISHED = ["lang", "kit", "run", "infer", "service", "mcp", "cli"];
let directory: string;

afterAll(() => (directory ? rm(directory, { recursive: true, force: true }) : undefined));

/**
 * `npx @lackpy/cli` as a user gets it: the packed tarballs of the workspace, installed into a
 * fresh project, run through the installed bin. Installs from pnpm's local store; only when the
 * store's metadata cache is cold does pnpm fall back to the npm registry.
 */
describe("the packed @lackpy/cli", () => {
  it("installs from its tarballs into a fresh project and runs", async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), "lackpy-packed-"));
    const packs = path.join(directory, "packs");
    for (const name of PUBLISHED)
      await run("pnpm", ["pack", "--pack-destination", packs], { cwd: path.join(PACKAGES, name) });
    const tarballs = await readdir(packs);
    expect(tarballs.sort()).toEqual(PUBLISHED.map((name) => `lackpy-${name}-0.0.0.tgz`).sort());
    const project = path.join(directory, "project");
    await cp(EXAMPLE, path.join(project, "ws"), { recursive: true });
    const overrides = Object.fromEntries(
      tarballs.map((file) => [
        `@lackpy/${file.replace(/^lackpy-|-0\.0\.0\.tgz$/g, "")}`,
        `file:${path.join(packs, file)}`,
      ]),
    );
    await writeFile(
      path.join(project, "package.json"),
      JSON.stringify({
        name: "packed-test",
        private: true,
        type: "module",
        dependencies: { "@lackpy/cli": overrides["@lackpy/cli"] },
        pnpm: { overrides },
      }),
    );
    await run("pnpm", ["install", "--offline"], { cwd: project }).catch(
      (error: { stderr?: string }) => {
        if (!String(error.stderr ?? "").includes("NO_OFFLINE")) throw error;
        return run("pnpm", ["install", "--prefer-offline"], { cwd: project });
      },
    );
    const { stdout } = await run(
      path.join(project, "node_modules", ".bin", "lackpy"),
      ["delegate", "list all python files", "--workspace", "ws", "--json"],
      { cwd: project },
    );
    expect(JSON.parse(stdout)).toMatchObject({
      success: true,
      tier: "rules",
      output: ["src/cli.py"],
    });
    await writeFile(path.join(project, "program.js"), `len(find_files("**/*"))`);
    const npx = await run(
      "npx",
      ["--no-install", "lackpy", "run", "program.js", "--workspace", "ws", "--json"],
      { cwd: project },
    );
    expect(JSON.parse(npx.stdout)).toMatchObject({ success: true, output: 6 });
  }, 120_000);
});
