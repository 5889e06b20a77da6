/**
 * `pnpm bench:perf`: runs every `*.bench.ts` suite in this folder (or those named on the command
 * line), prints a table per suite, the ratios and the goals table of `bench/README.md`, and writes
 * `bench/results/latest.json`.
 */
import { mkdir, readdir, writeFile } from "node:fs/promises";
import os from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { evaluateGoals } from "./goals.js";
import { runSuite, type BenchSuite, type RatioRow, type TaskRow } from "./harness.js";

const UNIT_LABELS: Record<RatioRow["unit"], string> = { x: "×", us: " µs", per_s: "/s" };

const here = fileURLToPath(new URL(".", import.meta.url));
const wanted = process.argv.slice(2);
const files = (await readdir(here)).filter((file) => file.endsWith(".bench.ts")).sort();
const rows: TaskRow[] = [];
const ratios: RatioRow[] = [];
const ran = new Set<string>();
const skipped = new Map<string, string>();
for (const file of files) {
  if (wanted.length > 0 && !wanted.some((name) => file.includes(name))) continue;
  const { suite } = (await import(pathToFileURL(here + file).href)) as { suite: BenchSuite };
  process.stderr.write(`running ${suite.name} ...\n`);
  const startedMs = performance.now();
  const result = await runSuite(suite);
  process.stderr.write(`${suite.name}: ${((performance.now() - startedMs) / 1000).toFixed(1)} s\n`);
  ran.add(suite.name);
  if (result.skipped !== undefined) {
    skipped.set(suite.name, result.skipped);
    console.log(`\n## ${suite.name}: skipped: ${result.skipped}`);
    continue;
  }
  rows.push(...result.rows);
  ratios.push(...result.ratios);
  console.log(`\n## ${suite.name}\n`);
  console.table(
    result.rows.map(({ task, meanUs, p50Us, p75Us, p99Us, samples }) => ({
      task,
      "mean µs": round(meanUs),
      "p50 µs": round(p50Us),
      "p75 µs": round(p75Us),
      "p99 µs": round(p99Us),
      samples,
    })),
  );
}
console.log("\n## Ratios (same run)\n");
console.table(
  ratios.map(({ suite, name, value, unit, goal, met, floor }) => ({
    suite,
    ratio: name,
    value: `${round(value)}${UNIT_LABELS[unit]}`,
    goal: goal === undefined ? "" : `${floor ? "≥" : "≤"} ${goal}${UNIT_LABELS[unit]}`,
    met: met === undefined ? "" : met ? "yes" : "no",
  })),
);
const machine = {
  node: process.version,
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? "unknown",
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  platform: `${os.platform()}-${os.arch()}`,
};
const createdAt = new Date().toISOString();
// The goals table of bench/README.md, row for row, so filling it is copying.
const goals = evaluateGoals({ rows, ratios, ran, skipped });
console.log("\n## Goals (bench/README.md)\n");
console.log(
  `Machine: Node ${machine.node}, ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, ${machine.platform}; measured ${createdAt.slice(0, 10)}.\n`,
);
console.log("| measure | goal | result | met? |\n|---|---|---|---|");
for (const goal of goals)
  console.log(`| ${goal.measure} | ${goal.goal} | ${goal.result} | ${goal.met} |`);
await mkdir(new URL("../results/", import.meta.url), { recursive: true });
await writeFile(
  new URL("../results/latest.json", import.meta.url),
  JSON.stringify(
    {
      createdAt,
      machine,
      rows,
      ratios,
      goals,
      skipped: Object.fromEntries(skipped),
    },
    null,
    2,
  ) + "\n",
);
process.stderr.write("wrote bench/results/latest.json\n");

function round(value: number): number {
  return Number.isFinite(value) ? Number(value.toPrecision(4)) : value;
}
