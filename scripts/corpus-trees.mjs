#!/usr/bin/env node
// Builds the real package trees the request corpora run on (apps/eval/corpora/trees.json) into
// .corpus-trees/<name>/, from the npm registry, refusing any tarball whose integrity differs from
// the manifest's. A tree already built from the same manifest entry is left as it is.
//
//   node scripts/corpus-trees.mjs [--dir DIR] [name …]
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const corpora = join(repo, "apps/eval/corpora");
const manifest = JSON.parse(readFileSync(join(corpora, "trees.json"), "utf8"));

const args = process.argv.slice(2);
let out = join(repo, ".corpus-trees");
const names = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--dir") out = resolve(args[++i]);
  else if (args[i] === "--help" || args[i] === "-h") {
    console.log("usage: node scripts/corpus-trees.mjs [--dir DIR] [name …]");
    console.log(`trees: ${Object.keys(manifest.trees).join(", ")}`);
    process.exit(0);
  } else names.push(args[i]);
}
for (const name of names) {
  if (!manifest.trees[name]) {
    console.error(
      `unknown tree "${name}"; the trees are ${Object.keys(manifest.trees).join(", ")}`,
    );
    process.exit(2);
  }
}

mkdirSync(out, { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), "lackpy-corpus-"));
try {
  for (const name of names.length > 0 ? names : Object.keys(manifest.trees))
    build(name, manifest.trees[name]);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

function build(name, tree) {
  const stamp = createHash("sha256")
    .update(JSON.stringify(tree))
    .update(overlayText(tree))
    .digest("hex");
  const target = join(out, name);
  const stampFile = join(out, `${name}.stamp`);
  if (existsSync(target) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) {
    console.log(`${name}: up to date`);
    return;
  }
  const started = Date.now();
  const building = join(out, `${name}.building`);
  rmSync(building, { recursive: true, force: true });
  if (tree.kind === "npm") unpack(tree, building);
  else if (tree.kind === "monorepo") {
    mkdirSync(building, { recursive: true });
    for (const [file, text] of Object.entries(tree.root)) writeFileSync(join(building, file), text);
    for (const [folder, pkg] of Object.entries(tree.packages)) unpack(pkg, join(building, folder));
  } else if (tree.kind === "npm-project") {
    const template = join(scratch, `${name}-template`);
    unpack(tree.template, template);
    cpSync(join(template, tree.template.folder), building, { recursive: true });
    for (const [from, to] of Object.entries(tree.template.rename ?? {})) {
      renameSync(join(building, from), join(building, to));
    }
    cpSync(join(corpora, tree.overlay), building, { recursive: true });
    // `npm ci` refuses this lockfile over an optional dependency of another platform; `npm install`
    // installs the versions the lockfile pins.
    execFileSync(
      "npm",
      ["install", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
      {
        cwd: building,
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
  } else throw new Error(`${name}: unknown kind ${tree.kind}`);
  rmSync(target, { recursive: true, force: true });
  renameSync(building, target);
  writeFileSync(stampFile, stamp);
  console.log(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function overlayText(tree) {
  if (tree.kind !== "npm-project") return "";
  const folder = join(corpora, tree.overlay);
  return ["package.json", "package-lock.json"]
    .map((file) => readFileSync(join(folder, file), "utf8"))
    .join("\0");
}

/** Fetches one tarball with `npm pack`, checks its integrity, and unpacks its `package/` into `into`. */
function unpack({ spec, integrity }, into) {
  const folder = mkdtempSync(join(scratch, "pack-"));
  const report = JSON.parse(
    execFileSync(
      "npm",
      ["pack", spec, "--json", "--pack-destination", folder, "--loglevel=error"],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      },
    ),
  );
  const tarball = join(folder, report[0].filename);
  const [algorithm, expected] = integrity.split(/-(.*)/s);
  const actual = createHash(algorithm).update(readFileSync(tarball)).digest("base64");
  if (actual !== expected)
    throw new Error(`${spec}: integrity ${algorithm}-${actual} is not the manifest's ${integrity}`);
  mkdirSync(into, { recursive: true });
  execFileSync("tar", ["xzf", tarball, "-C", into, "--strip-components=1", "--no-same-owner"]);
}
