/**
 * The scale proof of issue 34: five everyday requests (`bench/scale/*.js`) on a generated tree of
 * 200,000 files of a few KB (`sourceTree`) and on a real tree of 56,000 files, mostly
 * `node_modules` (`.corpus-trees/webapp`, built by `node scripts/corpus-trees.mjs webapp`), each
 * run as a person runs it: `lackpy run <program> --workspace <tree>` through the built CLI, in its
 * default mode (isolated) with its default limits. For each run it prints the wall time of the
 * whole process, the steps and tool calls, what the CLI said it left out, and whether the answer
 * is the one plain `find`, `wc` and `grep` give (a wrong answer fails the script). No timing is
 * asserted: the figures go into bench/README.md.
 *
 *   pnpm --filter @lackpy/bench bench:scale [generated] [webapp]
 *
 * `LACKPY_SCALE_RUNS` (default 3) runs per program; `LACKPY_SCALE_FILES` the generated tree's
 * size; `LACKPY_SCALE_WEBAPP` another path for the real tree.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describeSkipped } from "@lackpy/service";
import { sourceTree } from "./source-trees.js";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const BIN = path.join(REPO, "packages/cli/bin/lackpy.js");
const PROGRAMS = path.join(REPO, "bench/scale");
const RUNS = Number(process.env.LACKPY_SCALE_RUNS ?? 3);
const FILES = Number(process.env.LACKPY_SCALE_FILES ?? 200_000);
const JAVASCRIPT = ["-name", "*.js", "-o", "-name", "*.mjs", "-o", "-name", "*.cjs"];

/** One request: its program file, and the answer plain shell tools give on a tree. */
interface Request {
  program: string;
  request: string;
  gold(root: string): unknown;
  /** The part of the program's output compared with the gold answer. */
  answer(output: unknown): unknown;
}

/** `find` over the tree as the file tools see it: no `node_modules`, no hidden names but `.gitignore`. */
function find(root: string, ...test: string[]): string[] {
  const out = execFileSync(
    "find",
    [".", "-name", "node_modules", "-prune", "-o", "-type", "f", "(", ...test, ")", "-print0"],
    { cwd: root, maxBuffer: 1 << 30 },
  );
  return out
    .toString("utf8")
    .split("\0")
    .filter(Boolean)
    .map((file) => file.slice(2))
    .filter((file) => !/(^|\/)\.(?!gitignore$)/.test(file));
}

const REQUESTS: Request[] = [
  {
    program: "count-files.js",
    request: "how many files are there",
    gold: (root) => find(root, "-true").length,
    answer: (output) => output,
  },
  {
    program: "count-javascript.js",
    request: "count the javascript files",
    gold: (root) => find(root, ...JAVASCRIPT).length,
    answer: (output) => output,
  },
  {
    program: "largest-files.js",
    request: "the 5 largest files",
    gold: (root) => {
      const sizes = execFileSync(
        "sh",
        ["-c", `find . -name node_modules -prune -o -type f -printf '%s\\n' | sort -nr | head -5`],
        { cwd: root },
      );
      return sizes.toString().trim().split("\n").map(Number);
    },
    answer: (output) => (output as { size: number }[]).map((row) => row.size),
  },
  {
    program: "javascript-lines.js",
    request: "how many lines of javascript",
    // wc -l counts newlines; a last line without one is a line too (the rule line_counts states).
    gold: (root) => {
      const files = find(root, ...JAVASCRIPT);
      let newlines = 0;
      for (let start = 0; start < files.length; start += 2000) {
        const wc = spawnSync("wc", ["-l", ...files.slice(start, start + 2000)], { cwd: root });
        const last = wc.stdout.toString().trim().split("\n").pop() ?? "0";
        newlines += Number(last.trim().split(/\s+/)[0]);
      }
      const unterminated = files.filter((file) => {
        const bytes = readFileSync(path.join(root, file));
        return bytes.length > 0 && bytes[bytes.length - 1] !== 10;
      }).length;
      return newlines + unterminated;
    },
    answer: (output) => output,
  },
  {
    program: "todo-files.js",
    request: "which files mention TODO",
    gold: (root) => {
      const grep = spawnSync("grep", ["-rlI", "--exclude-dir=node_modules", "TODO", "."], {
        cwd: root,
        env: { ...process.env, LC_ALL: "C" },
        maxBuffer: 1 << 30,
      });
      return grep.stdout
        .toString()
        .split("\n")
        .filter(Boolean)
        .map((file) => file.slice(2))
        .filter((file) => !/(^|\/)\./.test(file))
        .sort();
    },
    answer: (output) => output,
  },
];

/** The trees to run on: the generated one and the real one, or those named on the command line. */
function trees(): { name: string; root: string }[] {
  const names = process.argv.slice(2);
  const wanted = (name: string) => names.length === 0 || names.includes(name);
  const found: { name: string; root: string }[] = [];
  if (wanted("generated"))
    found.push({ name: `generated, ${FILES} files`, root: sourceTree(FILES).root });
  if (wanted("webapp")) {
    const root = process.env.LACKPY_SCALE_WEBAPP ?? path.join(REPO, ".corpus-trees/webapp");
    if (existsSync(root)) found.push({ name: "webapp (real, 56,000 files)", root });
    else
      console.log(`skipped webapp: build it with node scripts/corpus-trees.mjs webapp (${root})`);
  }
  return found;
}

/** One run through the CLI: the process's wall time and its --json result. */
function runOnce(program: string, root: string) {
  const started = performance.now();
  const child = spawnSync(process.execPath, [BIN, "run", program, "--workspace", root, "--json"], {
    maxBuffer: 1 << 30,
  });
  const ms = performance.now() - started;
  const result = JSON.parse(child.stdout.toString());
  return { ms, result };
}

let wrong = 0;
for (const tree of trees()) {
  console.log(`\n${tree.name}: ${tree.root}`);
  for (const request of REQUESTS) {
    const gold = request.gold(tree.root);
    const times: number[] = [];
    let last: ReturnType<typeof runOnce>["result"] = null;
    for (let run = 0; run < RUNS; run++) {
      const { ms, result } = runOnce(path.join(PROGRAMS, request.program), tree.root);
      times.push(ms);
      last = result;
      if (!result.success) break;
    }
    const right =
      last.success && JSON.stringify(request.answer(last.output)) === JSON.stringify(gold);
    if (!right) wrong++;
    const seconds = times.map((ms) => (ms / 1000).toFixed(2)).join(", ");
    const shown = last.success ? JSON.stringify(request.answer(last.output)).slice(0, 60) : "";
    console.log(
      `  ${request.request}: ${seconds} s; ${right ? "right" : "WRONG"} (${
        last.success ? shown : `${last.error.code}: ${last.error.message}`
      }); steps ${last.stats.steps}, tool calls ${last.stats.toolCalls}; skipped: ${describeSkipped(last.skipped) || "nothing"}`,
    );
    if (!right) console.log(`    expected ${JSON.stringify(gold).slice(0, 200)}`);
  }
}
process.exitCode = wrong > 0 ? 1 : 0;
