/** `eval bench` and `eval replay`: evaluate every fixture, print the tables, write the reports, judge the run. */
import { stat, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { formatCorporaSection, scoreCorpora } from "../corpus/corpora-section.js";
import { loadBaseline } from "../evaluate/baseline.js";
import { fromStartFolder, share, shown, wholeNumber } from "./cli-args.js";
import { evaluate } from "../evaluate/evaluate.js";
import { loadIntents } from "../inputs/intents.js";
import { loadPrices } from "../inputs/prices.js";
import { renderHtml } from "../report/report-html.js";
import { reportJson } from "../report/report-json.js";
import { renderMarkdown } from "../report/report-markdown.js";

/** Where `bench` writes latest.json and latest.html. */
export const REPORTS_DIR = fileURLToPath(new URL("../../reports", import.meta.url));

/** The baseline `bench` compares with when it exists and no `--baseline` is given. */
export const DEFAULT_BASELINE = fileURLToPath(new URL("../../baseline.json", import.meta.url));

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

const OPTIONS = {
  "ratchet-model": { type: "string" },
  out: { type: "string" },
  baseline: { type: "string" },
  "no-baseline": { type: "boolean" },
  prices: { type: "string" },
  "max-added-template-errors": { type: "string" },
  "max-template-wrong-share": { type: "string" },
  strict: { type: "boolean" },
  seeds: { type: "string" },
  jobs: { type: "string" },
} as const;

/** Runs `eval bench` (or, with `simulate: false`, `eval replay`, which writes no files). */
export async function benchCommand(args: string[], settings: { simulate: boolean }): Promise<void> {
  const { values } = parseArgs({ args, options: OPTIONS });
  // The reports folder is made first, so a bad --out fails before the evaluation.
  const out = values.out ? fromStartFolder(values.out) : REPORTS_DIR;
  if (settings.simulate) await mkdir(out, { recursive: true });
  const baselinePath = values["no-baseline"]
    ? null
    : values.baseline
      ? fromStartFolder(values.baseline)
      : (await exists(DEFAULT_BASELINE))
        ? DEFAULT_BASELINE
        : null;
  const baseline = baselinePath
    ? { path: shown(baselinePath), report: await loadBaseline(baselinePath) }
    : null;
  const evaluation = await evaluate({
    intents: await loadIntents(),
    simulate: settings.simulate,
    ratchetModel: values["ratchet-model"],
    ratchet: { seeds: wholeNumber(values.seeds, 5, "seeds") },
    jobs: wholeNumber(values.jobs, 2, "jobs"),
    prices: values.prices ? await loadPrices(fromStartFolder(values.prices)) : undefined,
    baseline,
    gate: {
      maxAddedTemplateErrors: wholeNumber(
        values["max-added-template-errors"],
        0,
        "max-added-template-errors",
        0,
      ),
      maxTemplateWrongShare: share(values["max-template-wrong-share"], "max-template-wrong-share"),
      strictStale: values.strict ?? false,
    },
    onProgress: (message) => process.stderr.write(`eval: ${message}\n`),
  });
  const { report } = evaluation;
  process.stdout.write(renderMarkdown(report));
  // The rules tier on requests nobody here wrote: the figures to quote for it.
  if (settings.simulate)
    process.stdout.write(
      `\n${formatCorporaSection(
        await scoreCorpora(undefined, (message) => process.stderr.write(`eval: ${message}\n`)),
      )}`,
    );
  const { seconds, cells } = evaluation.timing;
  if (settings.simulate) {
    await writeFile(path.join(out, "latest.json"), reportJson(report));
    await writeFile(path.join(out, "latest.html"), renderHtml(report));
  }
  process.stderr.write(
    `eval: ${cells} cells in ${seconds.toFixed(1)} s${settings.simulate ? `; reports in ${shown(out)}/latest.{json,html}` : ""}\n`,
  );
  for (const note of report.gate.notes) process.stderr.write(`eval: note: ${note}\n`);
  for (const failure of report.gate.failures) process.stderr.write(`eval: fails: ${failure}\n`);
  process.stderr.write(`eval: ${report.gate.verdict}\n`);
  if (report.gate.failures.length > 0) process.exitCode = 1;
}
