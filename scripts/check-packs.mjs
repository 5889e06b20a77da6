// Checks what each published package's tarball would hold (`pnpm pack --dry-run --json`):
// every file its exports, main, types and bin point to, .d.ts types, README.md and the root's
// LICENSE; and no tests, fixtures, sources or code caches. Run by `pnpm lint`, after the build.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const license = readFileSync(path.join(root, "LICENSE"), "utf8");
const FORBIDDEN = [
  /\.test\./,
  /\.cache$/,
  /__fixtures__/,
  /^src\//,
  /^tsconfig/,
  /^tsup\.config/,
  /\.turbo/,
];
const problems = [];

/** Every file path a package.json field points to (exports conditions, main, types, bin). */
function targets(manifest) {
  const found = [];
  const walk = (value) => {
    if (typeof value === "string") found.push(value);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(manifest.exports);
  walk(manifest.bin);
  walk(manifest.main);
  walk(manifest.types);
  return [...new Set(found.map((file) => path.posix.normalize(file)))];
}

for (const name of readdirSync(path.join(root, "packages")).sort()) {
  const directory = path.join(root, "packages", name);
  const manifest = JSON.parse(readFileSync(path.join(directory, "package.json"), "utf8"));
  if (manifest.private) continue;
  const packed = JSON.parse(
    execFileSync("pnpm", ["pack", "--dry-run", "--json"], { cwd: directory, encoding: "utf8" }),
  );
  const files = new Set(packed.files.map((file) => file.path));
  const report = (message) => problems.push(`${manifest.name}: ${message}`);
  for (const target of targets(manifest))
    if (!files.has(target)) report(`${target} is named in package.json but not in the tarball`);
  for (const required of ["README.md", "LICENSE", "package.json"])
    if (!files.has(required)) report(`the tarball has no ${required}`);
  if (![...files].some((file) => file.startsWith("dist/") && file.endsWith(".d.ts")))
    report("the tarball has no .d.ts types under dist/");
  if (files.has("LICENSE") && readFileSync(path.join(directory, "LICENSE"), "utf8") !== license)
    report("LICENSE differs from the repository's LICENSE");
  for (const file of files)
    if (FORBIDDEN.some((pattern) => pattern.test(file))) report(`the tarball holds ${file}`);
  console.log(`${manifest.name}: ${files.size} files`);
}

if (problems.length > 0) {
  console.error(`\n${problems.length} problem${problems.length === 1 ? "" : "s"}:`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
