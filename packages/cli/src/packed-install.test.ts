import { execFile } from "node:child_process";
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const execFileAsync = promisify(execFile);
/** A stranger's environment: without the NODE_PATH that `pnpm` scripts set to this repo's store. */
const ENV = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== "NODE_PATH"));
const run = (command: string, args: string[], options: { cwd: string }) =>
  execFileAsync(command, args, { ...options, env: ENV });
const PACKAGES = fileURLToPath(new URL("../../", import.meta.url));
/** `pnpm lackpy:install`: the README's step from a clone to a lackpy command for your own projects. */
const INSTALL_SCRIPT = fileURLToPath(
  new URL("../../../scripts/install-lackpy.mjs", import.meta.url),
);
const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
const PUBLISHED = ["lang", "kit", "run", "infer", "service", "mcp", "cli"];
/** This repository's TypeScript compiler, run on the packed packages' types. */
const TSC = createRequire(import.meta.url).resolve("typescript/bin/tsc");
/** One named export per entry point, to check that `require()` gives the real module. */
const ENTRY_EXPORTS: [string, string][] = [
  ["@lackpy/lang", "validate"],
  ["@lackpy/kit", "Toolbox"],
  ["@lackpy/kit/node", "createDefaultToolbox"],
  ["@lackpy/run", "run"],
  ["@lackpy/run/node", "run"],
  ["@lackpy/infer", "Dispatcher"],
  ["@lackpy/infer/node", "templatesFromDirectory"],
  ["@lackpy/service", "LackpyService"],
  ["@lackpy/mcp", "createMcpServer"],
  ["@lackpy/cli", "main"],
];
let directory: string;
let packs: string;
let project: string;
/** A project with `@lackpy/cli` alone, as `npx @lackpy/cli` installs it. */
let cliOnly: string;

/** The installed `lackpy` bin, run in the test project; resolves with exit code and both streams. */
async function lackpy(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(path.join(project, "node_modules", ".bin", "lackpy"), args, { cwd: project }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/**
 * `npx @lackpy/cli` as a stranger gets it: the packed tarballs of the workspace, installed
 * into a fresh project without the optional model clients (`ollama`, `@anthropic-ai/sdk`),
 * run through the installed bin. Third-party packages come from pnpm's cache when it has them
 * and from the npm registry otherwise, so a cold cache (a fresh machine) works too.
 */
describe("the packed packages", () => {
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), "lackpy-packed-"));
    packs = path.join(directory, "packs");
    for (const name of PUBLISHED)
      await run("pnpm", ["pack", "--pack-destination", packs], { cwd: path.join(PACKAGES, name) });
    const tarballs = await readdir(packs);
    expect(tarballs.sort()).toEqual(PUBLISHED.map((name) => `lackpy-${name}-0.0.0.tgz`).sort());
    project = path.join(directory, "project");
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
        dependencies: overrides,
        pnpm: { overrides },
      }),
    );
    await run("pnpm", ["install", "--prefer-offline"], { cwd: project });
    cliOnly = path.join(directory, "cli-only");
    await mkdir(cliOnly);
    await writeFile(
      path.join(cliOnly, "package.json"),
      JSON.stringify({
        name: "cli-only",
        private: true,
        dependencies: { "@lackpy/cli": overrides["@lackpy/cli"] },
        pnpm: { overrides },
      }),
    );
    await run("pnpm", ["install", "--prefer-offline"], { cwd: cliOnly });
  }, 180_000);

  afterAll(() => (directory ? rm(directory, { recursive: true, force: true }) : undefined));

  it("gives pnpm lackpy:install's lackpy command to any folder, the MCP server included", async () => {
    const prefix = path.join(directory, "prefix");
    const installed = await run(
      process.execPath,
      [INSTALL_SCRIPT, "--prefix", prefix, "--packs", packs],
      { cwd: path.dirname(INSTALL_SCRIPT) },
    );
    const command = path.join(prefix, "bin", "lackpy");
    expect(installed.stdout).toContain(`lackpy 0.0.0 installed: ${command}\n`);
    // An unrelated folder, with lackpy found on PATH as a person's shell finds it.
    const elsewhere = path.join(directory, "elsewhere");
    await cp(EXAMPLE, elsewhere, { recursive: true });
    const env = { ...ENV, PATH: `${path.dirname(command)}${path.delimiter}${ENV.PATH ?? ""}` };
    const inFolder = (args: string[]) => execFileAsync("lackpy", args, { cwd: elsewhere, env });
    expect((await inFolder(["--version"])).stdout).toBe("0.0.0\n");
    const delegated = await inFolder(["delegate", "list all python files", "--json"]);
    expect(JSON.parse(delegated.stdout)).toMatchObject({ success: true, output: ["src/cli.py"] });
    const mcp = await inFolder(["mcp", "init"]);
    expect(mcp.stderr).toBe("");
    expect(JSON.parse(await readFile(path.join(elsewhere, ".mcp.json"), "utf8"))).toEqual({
      mcpServers: { lackpy: { command: "lackpy", args: ["mcp", "serve", "--workspace", "."] } },
    });
  });

  it("installs without the optional model clients", async () => {
    const check = `const infer = require("node:module").createRequire(require.resolve("@lackpy/infer/package.json"));
for (const name of ["ollama", "@anthropic-ai/sdk"]) {
  try { infer.resolve(name); console.log(name, "installed"); } catch { console.log(name, "missing"); }
}`;
    await writeFile(path.join(project, "peers.cjs"), check);
    const { stdout } = await run(process.execPath, ["peers.cjs"], { cwd: project });
    expect(stdout).toBe("ollama missing\n@anthropic-ai/sdk missing\n");
  });

  it("validates, runs and delegates through templates and rules", async () => {
    await writeFile(path.join(project, "program.js"), `len(find_files("**/*"))`);
    const validated = await lackpy(["validate", "program.js", "--json"]);
    expect(JSON.parse(validated.stdout)).toMatchObject({ valid: true });
    const ran = await run(
      "npx",
      ["--no-install", "lackpy", "run", "program.js", "--workspace", "ws", "--json"],
      { cwd: project },
    );
    expect(JSON.parse(ran.stdout)).toMatchObject({ success: true, output: 6 });
    const delegated = await lackpy([
      "delegate",
      "list all python files",
      "--workspace",
      "ws",
      "--json",
    ]);
    expect(JSON.parse(delegated.stdout)).toMatchObject({
      success: true,
      tier: "rules",
      output: ["src/cli.py"],
    });
    await lackpy([
      "create",
      "program.js",
      "--name",
      "count",
      "--pattern",
      "count the files",
      "--workspace",
      "ws",
    ]);
    const templated = await lackpy(["delegate", "count the files", "--workspace", "ws", "--json"]);
    expect(JSON.parse(templated.stdout)).toMatchObject({ tier: "templates", output: 6 });
  });

  it("shows a builtin tool's docs, which the command's bundle ships", async () => {
    const { stdout } = await lackpy(["toolbox", "show", "read_file", "--workspace", "ws"]);
    expect(stdout).toContain("# read_file\n");
    expect(stdout).toContain("## Signature");
  });

  it("names the package to install when a configured model tier needs it", async () => {
    const { code, stdout, stderr } = await lackpy([
      "delegate",
      "summarise the project",
      "--workspace",
      "ws",
    ]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain(
      "ollama: not available: The 'ollama' provider (Ollama) needs the 'ollama' package, which is not installed. (install it in the workspace or next to lackpy: npm i ollama)",
    );
    expect(stderr).toContain(
      "  - install the Ollama client in the workspace: npm i ollama (through npx: npx -p @lackpy/cli -p ollama lackpy …)\n",
    );
  });

  it("finds a model client installed in the workspace, as npx users install it", async () => {
    // The workspace gets the client lackpy's own folder lacks (linked from this repository's store).
    const client = path.dirname(
      createRequire(path.join(PACKAGES, "infer", "package.json")).resolve("ollama/package.json"),
    );
    await mkdir(path.join(project, "ws", "node_modules"), { recursive: true });
    await symlink(client, path.join(project, "ws", "node_modules", "ollama"));
    const ollamaEntry = async () => {
      const { stdout } = await lackpy(["provider", "list", "--workspace", "ws", "--json"]);
      return JSON.parse(stdout).find((entry: { key: string }) => entry.key === "ollama");
    };
    try {
      // A cloned repository may bring node_modules: nothing there loads before a person trusts it.
      const untrusted = await ollamaEntry();
      expect(untrusted.detail).toContain("node_modules/ollama is code lackpy would load");
      expect(untrusted.detail).toContain("lackpy trust --workspace");
      await lackpy(["trust", "--workspace", "ws"]);
      const ollama = await ollamaEntry();
      // Found: it now fails only because no Ollama server listens.
      expect(ollama.detail).not.toContain("not installed");
      expect(ollama.detail).toContain("no answer from Ollama at");
    } finally {
      await lackpy(["trust", "--revoke", "--workspace", "ws"]);
      await rm(path.join(project, "ws", "node_modules"), { recursive: true, force: true });
    }
  });

  it("loads every entry point with require() from CommonJS", async () => {
    await writeFile(
      path.join(project, "check.cjs"),
      `const entries = ${JSON.stringify(ENTRY_EXPORTS)};\n` +
        `for (const [name, key] of entries) {\n` +
        `  const module = require(name);\n` +
        `  if (typeof module[key] !== "function") throw new Error(name + " has no " + key);\n` +
        `}\n` +
        `console.log(entries.length);\n`,
    );
    const { stdout } = await run(process.execPath, ["check.cjs"], { cwd: project });
    expect(stdout.trim()).toBe(String(ENTRY_EXPORTS.length));
  });

  it("installs @lackpy/cli without the MCP SDK and zod, which lackpy mcp alone needs", async () => {
    const installed = await readdir(path.join(cliOnly, "node_modules", ".pnpm"));
    expect(
      installed.filter((name) => /^(@modelcontextprotocol|zod@|@lackpy\+mcp)/.test(name)),
    ).toEqual([]);
    const { stdout } = await run("du", ["-sk", path.join(cliOnly, "node_modules")], {
      cwd: cliOnly,
    });
    // The bulk file tools (issue 34), the shared dry runs and undo history (issue 36), and the
    // command's one bundle holding the interpreter the isolated child's chunks hold too
    // (decision 112, about 470 KB): 8.6 MiB; then oxc-parser's native TypeScript parser for the
    // code facts (decision 72), about 7 MiB more: 15.4 MiB. The MCP SDK and zod alone are 25 MiB.
    expect(Number.parseInt(stdout, 10)).toBeLessThan(16.5 * 1024);
    const bin = path.join(cliOnly, "node_modules", ".bin", "lackpy");
    await writeFile(path.join(cliOnly, "program.js"), `len(find_files("**/*"))`);
    const ran = await run(bin, ["run", "program.js", "--json"], { cwd: cliOnly });
    expect(JSON.parse(ran.stdout)).toMatchObject({ success: true });
    // The code cache is not published: the install's first command made it, beside the bundle.
    const bundle = path.join(cliOnly, "node_modules", "@lackpy", "cli", "dist", "bin");
    const cache = await stat(path.join(bundle, "command.cjs.cache"));
    expect(cache.isFile() && (cache.mode & 0o022) === 0).toBe(true);
    const served = await run(bin, ["mcp", "serve"], { cwd: cliOnly }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(served.code).toBe(2);
    expect(served.stderr).toBe(
      "lackpy: lackpy mcp needs the '@lackpy/mcp' package (the MCP server), which is not installed. [missing_package]\n" +
        "  hint: install it next to @lackpy/cli (npm i @lackpy/mcp), or run it through npx: npx -p @lackpy/cli -p @lackpy/mcp lackpy mcp serve\n",
    );
  });

  it.each([
    ["nodenext", ""],
    ["node16", "error TS1479"],
  ])(
    "type-checks a CommonJS (.cts) consumer of @lackpy/lang with module %s as the lang README says",
    async (module, expected) => {
      await writeFile(
        path.join(project, "consumer.cts"),
        `import { validate, type ValidationResult } from "@lackpy/lang";\n` +
          `const result: ValidationResult = validate("len([1])");\n` +
          `export const valid: boolean = result.valid;\n`,
      );
      await writeFile(
        path.join(project, `tsconfig.${module}.json`),
        JSON.stringify({
          compilerOptions: { module, strict: true, noEmit: true, types: [] },
          files: ["consumer.cts"],
        }),
      );
      const checked = await run(process.execPath, [TSC, "-p", `tsconfig.${module}.json`], {
        cwd: project,
      }).then(
        ({ stdout }) => stdout,
        (error: { stdout: string }) => error.stdout,
      );
      if (expected) expect(checked).toContain(expected);
      else expect(checked).toBe("");
    },
  );

  it("ships LICENSE and README in every package", async () => {
    for (const name of PUBLISHED)
      for (const file of ["LICENSE", "README.md"])
        expect(
          (await stat(path.join(project, "node_modules", "@lackpy", name, file))).isFile(),
        ).toBe(true);
  });
});
