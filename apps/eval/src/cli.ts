/**
 * The eval command line: `record`, `synth`, `replay`, `corpus` and `bench`. Run with
 * `pnpm --filter @lackpy/eval eval <command>`; `pnpm bench` at the root runs `bench`.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PROMPT_VARIANTS } from "@lackpy/infer";
import { benchCommand } from "./cli/cli-bench.js";
import { UsageError, shown } from "./cli/cli-args.js";
import { recordCommand } from "./cli/cli-record.js";
import { corpusCommand } from "./cli/cli-corpus.js";
import { FIXTURES_DIR } from "./inputs/fixtures.js";
import { loadIntents } from "./inputs/intents.js";
import { synthesiseFixtures } from "./synthetic/synthesise.js";

export { REPORTS_DIR } from "./cli/cli-bench.js";

const HELP = `lackpy eval — replay recorded model outputs and score them

Usage: pnpm --filter @lackpy/eval eval <command> [options]
Paths are relative to the folder you run the command from.

Commands:
  record   Record a model's answers to every intent into fixtures/<provider>/<model>.jsonl
             --provider ollama|anthropic   (required)
             --model M                     (required), e.g. qwen2.5-coder:7b
             --host URL                    Ollama host (default http://127.0.0.1:11434)
             --base-url URL                Anthropic base URL
             --variants a,b,c              prompt variants (default ${PROMPT_VARIANTS.join(",")})
             --trials N                    samples per cell, for pass^k (default 3)
             --temperature T               Ollama's first-attempt temperature (default 0.7)
             --intents id,prefix*          only these intents
             --limit N                     only the first N intents (after --intents)
             --concurrency N               cells in flight at once (default 1)
             --prices FILE                 JSON price table for the cost (USD per million tokens)
             --no-paraphrases              skip the paraphrases the ratchet simulation needs
             --out FILE                    another fixture file
             --resume                      fill in what the file lacks: every intent, with its
                                           variants, trials and paraphrases unless given here
             --replace                     set an existing file aside and start over
  synth    Regenerate the synthetic fixtures from the behaviour profiles (loopback stub server)
  replay   Replay every fixture and print the tables (no ratchet simulation, no files)
  corpus   Run a request corpus through the delegate pipeline with no model; print the
           scorecard (right, wrong, none per category) and every wrong answer; exit 1 on any
             --corpus NAME                 apps/eval/corpora/NAME (default a)
             --trees DIR                   the built trees (default .corpus-trees)
             --only ID-PREFIX|CATEGORY     only these requests
             --json                        the scorecard and every answer as JSON
  bench    replay + score + ratchet simulation; print tables, write reports/latest.{json,html}
             --ratchet-model P/M           fixture the ratchet simulates (default: best recorded)
             --seeds N                     streams per simulation (default 5)
             --baseline FILE               compare with an earlier latest.json
                                           (default apps/eval/baseline.json when it exists)
             --no-baseline                 compare with nothing
             --max-added-template-errors N fail above N template answers the model alone
                                           would have got right (default 0)
             --max-template-wrong-share S  fail above this share of wrong template answers in
                                           the primary simulation (default: no bound)
             --strict                      stale recorded fixtures fail the run
             --prices FILE                 JSON price table for the cost column
             --jobs N                      replays and simulation runs at once (default 2)
             --out DIR                     reports folder (default apps/eval/reports)

Every number says where it comes from: recorded (a real model), synthetic (a behaviour
profile), builtin (lackpy's own tiers).`;

/** Runs one eval command; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "record":
        await recordCommand(rest);
        break;
      case "synth": {
        const written = await synthesiseFixtures({
          intents: await loadIntents(),
          dir: FIXTURES_DIR,
          onProgress: (message) => process.stderr.write(`synth: ${message}\n`),
        });
        for (const file of written) process.stdout.write(`${shown(file)}\n`);
        break;
      }
      case "replay":
        await benchCommand(rest, { simulate: false });
        break;
      case "corpus":
        await corpusCommand(rest);
        break;
      case "bench":
        await benchCommand(rest, { simulate: true });
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
    // eslint-disable-next-line no-restricted-syntax -- the eval's own UsageError, a plain Error
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
