/**
 * The eval command line: `record`, `synth`, `replay` and `bench`. Run with
 * `pnpm --filter @lackpy/eval eval <command>`; `pnpm bench` at the root runs `bench`.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { PROMPT_VARIANTS } from "@lackpy/infer";
import { evaluate } from "./evaluate.js";
import { FIXTURES_DIR, fixturePath } from "./fixtures.js";
import { loadIntents } from "./intents.js";
import { progressBar } from "./progress-bar.js";
import { recordFixtures } from "./record.js";
import { renderHtml } from "./report-html.js";
import { renderMarkdown } from "./report-markdown.js";
import { synthesiseFixtures } from "./synthetic/synthesise.js";

/** Where `bench` writes latest.json and latest.html. */
export const REPORTS_DIR = fileURLToPath(new URL("../reports", import.meta.url));

const HELP = `lackpy eval — replay recorded model outputs and score them

Usage: pnpm --filter @lackpy/eval eval <command> [options]

Commands:
  record   Record a model's answers to every intent into fixtures/<provider>/<model>.jsonl
             --provider ollama|anthropic   (required)
             --model M                     (required), e.g. qwen2.5-coder:7b
             --host URL                    Ollama host (default http://127.0.0.1:11434)
             --base-url URL                Anthropic base URL
             --variants a,b,c              prompt variants (default ${PROMPT_VARIANTS.join(",")})
             --trials N                    samples per cell, for pass^k (default 3)
             --temperature T               first-attempt temperature (default 0.7)
             --no-paraphrases              skip the paraphrases the ratchet simulation needs
             --out FILE                    another fixture file
             --replace                     set an existing file aside and start over
  synth    Regenerate the synthetic fixtures from the behaviour profiles (loopback stub server)
  replay   Replay every fixture and print the pass-rate table
  bench    replay + score + ratchet simulation; print tables, write reports/latest.{json,html}
             --ratchet-model P/M           fixture the ratchet simulation replays
             --out DIR                     reports folder (default apps/eval/reports)

Every number says where it comes from: recorded (a real model), synthetic (a behaviour
profile), builtin (lackpy's own tiers).`;

function list(value: string | undefined, fallback: readonly string[]): string[] {
  return value
    ? value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean)
    : [...fallback];
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new UsageError(`--${name} must be a positive whole number, got '${value}'.`);
  return parsed;
}

class UsageError extends Error {}

async function record(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      provider: { type: "string" },
      model: { type: "string" },
      host: { type: "string" },
      "base-url": { type: "string" },
      variants: { type: "string" },
      trials: { type: "string" },
      temperature: { type: "string" },
      "no-paraphrases": { type: "boolean" },
      out: { type: "string" },
      replace: { type: "boolean" },
    },
  });
  const provider = values.provider;
  if (provider !== "ollama" && provider !== "anthropic")
    throw new UsageError("--provider must be ollama or anthropic.");
  if (!values.model) throw new UsageError("--model is required, e.g. --model qwen2.5-coder:7b.");
  const variants = list(values.variants, PROMPT_VARIANTS);
  const unknown = variants.filter(
    (variant) => !(PROMPT_VARIANTS as readonly string[]).includes(variant),
  );
  if (unknown.length)
    throw new UsageError(
      `Unknown prompt variant ${unknown.join(", ")}; known: ${PROMPT_VARIANTS.join(", ")}.`,
    );
  const temperature = values.temperature === undefined ? 0.7 : Number(values.temperature);
  if (!(temperature >= 0 && temperature <= 2))
    throw new UsageError("--temperature must be between 0 and 2.");
  const file = values.out ? path.resolve(values.out) : fixturePath(provider, values.model);
  const bar = progressBar(`record ${provider}/${values.model}`);
  // Ctrl-C stops after the cell in flight; only complete cells are written, so a rerun resumes.
  const controller = new AbortController();
  const stop = () => {
    controller.abort();
    process.stderr.write("\nstopping after this cell; run the same command again to resume\n");
  };
  process.once("SIGINT", stop);
  const summary = await recordFixtures({
    signal: controller.signal,
    provider,
    model: values.model,
    host: values.host,
    baseUrl: values["base-url"],
    intents: await loadIntents(),
    variants,
    trials: positiveInteger(values.trials, 3, "trials"),
    paraphrases: !values["no-paraphrases"],
    temperature,
    file,
    source: "recorded",
    replace: values.replace,
    onProgress: (done, total, cell) =>
      bar.update(done, total, `${cell.intentId} ${cell.variant} #${cell.trial}`),
  }).finally(() => process.off("SIGINT", stop));
  bar.done(
    `${summary.recorded} cells recorded (${summary.calls} calls), ${summary.skipped} already there, ${summary.failed.length} failed → ${path.relative(process.cwd(), summary.file)}`,
  );
  for (const failure of summary.failed.slice(0, 10))
    process.stderr.write(`  failed ${failure.cell}: ${failure.reason}\n`);
  if (summary.failed.length)
    process.stderr.write("  run the same command again to retry the failed cells\n");
}

async function replay(): Promise<void> {
  const evaluation = await evaluate({
    intents: await loadIntents(),
    simulate: false,
    onProgress: (message) => process.stderr.write(`eval: ${message}\n`),
  });
  process.stdout.write(renderMarkdown(evaluation.report));
}

async function bench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { "ratchet-model": { type: "string" }, out: { type: "string" } },
  });
  // The reports folder is made first, so a bad --out fails before the half-minute evaluation.
  const out = values.out ? path.resolve(values.out) : REPORTS_DIR;
  await mkdir(out, { recursive: true });
  const evaluation = await evaluate({
    intents: await loadIntents(),
    ratchetModel: values["ratchet-model"],
    onProgress: (message) => process.stderr.write(`eval: ${message}\n`),
  });
  await writeFile(path.join(out, "latest.json"), `${JSON.stringify(evaluation.report, null, 2)}\n`);
  await writeFile(path.join(out, "latest.html"), renderHtml(evaluation.report));
  process.stdout.write(renderMarkdown(evaluation.report));
  const { seconds, cells } = evaluation.timing;
  process.stderr.write(
    `eval: ${cells} cells in ${seconds.toFixed(1)} s (${Math.round(cells / seconds)} cells/s); reports in ${path.relative(process.cwd(), out) || "."}/latest.{json,html}\n`,
  );
  if (evaluation.report.ratchet.wrongFromTemplates > 0) {
    process.stderr.write(
      `eval: templates served ${evaluation.report.ratchet.wrongFromTemplates} wrong answers\n`,
    );
    process.exitCode = 1;
  }
}

/** Runs one eval command; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "record":
        await record(rest);
        break;
      case "synth": {
        const written = await synthesiseFixtures({
          intents: await loadIntents(),
          dir: FIXTURES_DIR,
          onProgress: (message) => process.stderr.write(`synth: ${message}\n`),
        });
        for (const file of written) process.stdout.write(`${path.relative(process.cwd(), file)}\n`);
        break;
      }
      case "replay":
        await replay();
        break;
      case "bench":
        await bench(rest);
        break;
      case undefined:
      case "help":
      case "--help":
      case "-h":
        process.stdout.write(`${HELP}\n`);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`Unknown command '${command}'.`);
    }
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`error: ${error.message}\nhint: pnpm --filter @lackpy/eval eval help\n`);
      return 2;
    }
    const coded = error as { code?: unknown; message?: string; hint?: unknown };
    if (typeof coded.code === "string" && coded.code.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`error: ${coded.message}\nhint: pnpm --filter @lackpy/eval eval help\n`);
      return 2;
    }
    // FixtureError, lackpy's own errors and file-system errors (e.g. an unwritable --out) carry a
    // code: report them without a stack trace. Anything else is a bug and keeps its stack.
    if (typeof coded.code === "string") {
      process.stderr.write(`error (${coded.code}): ${coded.message}\n`);
      if (typeof coded.hint === "string") process.stderr.write(`hint: ${coded.hint}\n`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  process.exitCode = await main(process.argv.slice(2));
