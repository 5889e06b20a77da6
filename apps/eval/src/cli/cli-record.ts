/** `eval record`: record a real model's answers to the intents. */
import { parseArgs } from "node:util";
import { PROMPT_VARIANTS } from "@lackpy/infer";
import { UsageError, fromStartFolder, list, shown, wholeNumber } from "./cli-args.js";
import { fixtureCoverage } from "../inputs/fixture-coverage.js";
import { fixturePath, loadFixture } from "../inputs/fixtures.js";
import { loadIntents } from "../inputs/intents.js";
import { formatUsd } from "../report/report-format.js";
import { loadPrices } from "../inputs/prices.js";
import { progressBar } from "./progress-bar.js";
import { filterIntents } from "../record/record-plan.js";
import { recordFixtures } from "../record/record.js";
import { planToResume } from "../record/record-resume.js";

/** Runs `eval record` with its arguments. */
export async function recordCommand(args: string[]): Promise<void> {
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
      intents: { type: "string" },
      limit: { type: "string" },
      concurrency: { type: "string" },
      prices: { type: "string" },
      out: { type: "string" },
      replace: { type: "boolean" },
      resume: { type: "boolean" },
    },
  });
  const provider = values.provider;
  if (provider !== "ollama" && provider !== "anthropic")
    throw new UsageError("--provider must be ollama or anthropic.");
  if (!values.model) throw new UsageError("--model is required, e.g. --model qwen2.5-coder:7b.");
  if (values.resume && values.replace)
    throw new UsageError(
      "--resume continues the file and --replace starts it over: pass one of them.",
    );
  const file = values.out ? fromStartFolder(values.out) : fixturePath(provider, values.model);
  // --resume records what the file lacks of its plan: its variants, trials and paraphrases,
  // unless the command line asks for others.
  const resumed = values.resume ? await planToResume(file) : null;
  const variants = list(values.variants, resumed?.variants ?? PROMPT_VARIANTS);
  const unknown = variants.filter(
    (variant) => !(PROMPT_VARIANTS as readonly string[]).includes(variant),
  );
  if (unknown.length)
    throw new UsageError(
      `Unknown prompt variant ${unknown.join(", ")}; known: ${PROMPT_VARIANTS.join(", ")}.`,
    );
  const temperature =
    values.temperature === undefined ? (resumed?.temperature ?? 0.7) : Number(values.temperature);
  if (!(temperature >= 0 && temperature <= 2))
    throw new UsageError("--temperature must be between 0 and 2.");
  const trials = wholeNumber(values.trials, resumed?.trials ?? 3, "trials");
  const paraphrases = values["no-paraphrases"] ? false : (resumed?.paraphrases ?? true);
  const concurrency = wholeNumber(values.concurrency, 1, "concurrency");
  const limit = values.limit === undefined ? undefined : wholeNumber(values.limit, 1, "limit");
  const allIntents = await loadIntents();
  const intents = filterIntents(allIntents, { ids: list(values.intents, []), limit });
  if (intents.length === 0)
    throw new UsageError(`--intents ${values.intents} matches no intent id.`);
  const prices = values.prices ? await loadPrices(fromStartFolder(values.prices)) : undefined;
  const bar = progressBar(`record ${provider}/${values.model}`);
  // Ctrl-C stops after the cells in flight; only complete cells are written, so a rerun resumes.
  const controller = new AbortController();
  const stop = () => {
    controller.abort();
    process.stderr.write(
      "\nstopping after the cells in flight; run the same command again to resume\n",
    );
  };
  process.once("SIGINT", stop);
  const summary = await recordFixtures({
    signal: controller.signal,
    provider,
    model: values.model,
    host: values.host,
    baseUrl: values["base-url"],
    intents,
    variants,
    trials,
    paraphrases,
    temperature,
    file,
    source: "recorded",
    replace: values.replace,
    concurrency,
    prices,
    retry: {
      onRetry: (reason, delayMs) =>
        bar.note(`${reason}: retrying in ${(delayMs / 1000).toFixed(1)} s`),
    },
    onProgress: (done, total, cell) =>
      bar.update(done, total, `${cell.intentId} ${cell.variant} #${cell.trial}`),
  }).finally(() => process.off("SIGINT", stop));
  const cost = provider === "anthropic" ? `, cost ${formatUsd(summary.costUsd)}` : "";
  bar.done(
    `${summary.recorded} cells recorded (${summary.calls} calls, ${summary.retries} retries${cost}), ` +
      `${summary.skipped} already there, ${summary.identical} with a prompt identical to an earlier variant's (sent once), ` +
      `${summary.failed.length} failed → ${shown(summary.file)}`,
  );
  for (const failure of summary.failed.slice(0, 10))
    process.stderr.write(`  failed ${failure.cell}: ${failure.reason}\n`);
  if (summary.failed.length)
    process.stderr.write("  run the same command again to retry the failed cells\n");
  const coverage = fixtureCoverage((await loadFixture(summary.file)).records, allIntents);
  if (coverage.missing.length > 0)
    process.stderr.write(
      `  partial: ${coverage.intents.size} of ${coverage.of} intents recorded; ` +
        `\`pnpm --filter @lackpy/eval eval record --provider ${provider} --model ${values.model}` +
        `${values.out ? ` --out ${values.out}` : ""} --resume\` records the other ${coverage.missing.length}\n`,
    );
}
