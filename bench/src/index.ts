/**
 * `pnpm bench:perf`: runs every `*.bench.ts` suite in this folder (or those named on the command
 * line), prints a table per suite and the ratios, and writes `bench/results/latest.json`.
 */
import { mkdir, readdir, writeFile } from "node:fs/promises";
import os from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runSuite, type BenchSuite, type RatioRow, type TaskRow } from "./harness.js";

const UNIT_LABELS: Record<RatioRow["unit"], string> = { x: "×", us: " µs", per_s: "/s" };

const here = fileURLToPath(new URL(".", import.meta.url));
const wanted = process.argv.slice(2);
const files = (await readdir(here)).filter((file) => file.endsWith(".bench.ts")).sort();
const rows: TaskRow[] = [];
const ratios: RatioRow[] = [];
for (const file of files) {
  if (wanted.length > 0 && !wanted.some((name) => file.includes(name))) continue;
  const { suite } = (await import(pathToFileURL(here + file).href)) as { suite: BenchSuite };
  process.stderr.write(`running ${suite.name} ...\n`);
  const result = await runSuite(suite);
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
  ratios.map(({ suite, name, value, unit, goal, met }) => ({
    suite,
    ratio: name,
    value: `${round(value)}${UNIT_LABELS[unit]}`,
    goal: goal === undefined ? "" : `${unit === "per_s" ? "≥" : "≤"} ${goal}${UNIT_LABELS[unit]}`,
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
await mkdir(new URL("../results/", import.meta.url), { recursive: true });
await writeFile(
  new URL("../results/latest.json", import.meta.url),
  JSON.stringify({ createdAt: new Date().toISOString(), machine, rows, ratios }, null, 2) + "\n",
);
process.stderr.write("wrote bench/results/latest.json\n");

function round(value: number): number {
  return Number.isFinite(value) ? Number(value.toPrecision(4)) : value;
}
