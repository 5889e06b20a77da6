// `pnpm lackpy:install [--prefix DIR]`: the `lackpy` command for your own projects, from this
// checkout. Builds, packs the published packages (as `npm publish` would ship them), installs
// @lackpy/cli and @lackpy/mcp from those tarballs into <prefix>/lib/lackpy, and links
// <prefix>/bin/lackpy. The prefix is npm's global one unless you name another (such as
// ~/.local, whose bin folder is often on PATH already). Running it again replaces the install.
// `--packs DIR` takes tarballs packed already (the test suite's) and skips the build.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The published packages the command needs, in dependency order. */
const PACKAGES = ["lang", "kit", "run", "infer", "service", "mcp", "cli"];
const USAGE = `usage: pnpm lackpy:install [--prefix DIR]

Installs the lackpy command from this checkout into DIR/lib/lackpy and links DIR/bin/lackpy.
DIR is npm's global prefix unless given (for example --prefix ~/.local).`;

/** A child's environment without the NODE_PATH pnpm scripts point at this repository. */
const ENV = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== "NODE_PATH"));

function fail(message) {
  process.stderr.write(`lackpy:install: ${message}\n`);
  process.exit(2);
}

function options(argv) {
  const parsed = { prefix: null, packs: null };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === "--help" || arg === "-h") {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    }
    const [name, inline] = arg.split(/=(.*)/s);
    if (name !== "--prefix" && name !== "--packs") fail(`unknown argument '${arg}'\n${USAGE}`);
    const value = inline ?? argv[++index];
    if (!value) fail(`${name} needs a folder\n${USAGE}`);
    parsed[name.slice(2)] = path.resolve(value.replace(/^~(?=$|\/)/, os.homedir()));
  }
  return parsed;
}

function run(command, args, cwd) {
  return execFileSync(command, args, { cwd, env: ENV, encoding: "utf8", stdio: "pipe" });
}

/** Builds the packages and packs each into a fresh folder; returns it. */
function pack() {
  process.stderr.write("building and packing the packages…\n");
  run("pnpm", ["build"], ROOT);
  const packs = path.join(os.tmpdir(), `lackpy-packs-${process.pid}`);
  rmSync(packs, { recursive: true, force: true });
  for (const name of PACKAGES)
    run("pnpm", ["pack", "--pack-destination", packs], path.join(ROOT, "packages", name));
  return packs;
}

/** Installs the tarballs in `packs` into `home` (each @lackpy package from its own tarball). */
function install(packs, home) {
  const tarballs = readdirSync(packs).filter((file) => /^lackpy-[a-z-]+-.+\.tgz$/.test(file));
  const spec = (name) => {
    const file = tarballs.find((tarball) => tarball.startsWith(`lackpy-${name}-`));
    if (!file) fail(`no tarball of @lackpy/${name} in ${packs}`);
    return `file:packs/${file}`;
  };
  // A fresh install each time: the tarballs keep their version, so nothing else would tell.
  rmSync(home, { recursive: true, force: true });
  mkdirSync(path.join(home, "packs"), { recursive: true });
  for (const file of tarballs) cpSync(path.join(packs, file), path.join(home, "packs", file));
  const overrides = Object.fromEntries(PACKAGES.map((name) => [`@lackpy/${name}`, spec(name)]));
  writeFileSync(
    path.join(home, "package.json"),
    `${JSON.stringify(
      {
        name: "lackpy-install",
        private: true,
        description: "The lackpy command, installed by pnpm lackpy:install",
        dependencies: { "@lackpy/cli": spec("cli"), "@lackpy/mcp": spec("mcp") },
        pnpm: { overrides },
      },
      null,
      2,
    )}\n`,
  );
  process.stderr.write(`installing into ${home}…\n`);
  run("pnpm", ["install", "--prefer-offline", "--silent"], home);
}

/** Links `<prefix>/bin/lackpy` to the installed command; returns the link. */
function link(prefix, home) {
  const bin = path.join(prefix, "bin");
  mkdirSync(bin, { recursive: true });
  const command = path.join(bin, "lackpy");
  rmSync(command, { force: true });
  symlinkSync(path.join(home, "node_modules", "@lackpy", "cli", "bin", "lackpy.js"), command);
  return command;
}

const given = options(process.argv.slice(2));
if (process.platform === "win32")
  fail(
    "this script links a Unix command; on Windows use npx @lackpy/cli, or pack and npm i the tarballs (README)",
  );
const prefix = given.prefix ?? run("npm", ["prefix", "-g"], ROOT).trim();
const home = path.join(prefix, "lib", "lackpy");
install(given.packs ?? pack(), home);
const command = link(prefix, home);
const version = run(process.execPath, [command, "--version"], os.tmpdir()).trim();
const onPath = (process.env.PATH ?? "").split(path.delimiter).includes(path.dirname(command));
process.stdout.write(
  [
    `lackpy ${version} installed: ${command}`,
    onPath
      ? 'try it in any project: lackpy delegate "list all typescript files"'
      : `${path.dirname(command)} is not on your PATH: add it (export PATH="${path.dirname(command)}:$PATH"), then: lackpy --version`,
    `model clients for the model tiers: pnpm --dir ${home} add ollama (or @anthropic-ai/sdk)`,
    "",
  ].join("\n"),
);
