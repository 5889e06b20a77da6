import { defineCommand } from "citty";
import type { LackpyService, TierReason } from "@lackpy/service";
import { kitUseText } from "../output/kit-use-text.js";
import type { CommandContext } from "../io/command-context.js";
import { printJson } from "../io/command-context.js";
import { printLastProgramTried, printRunResult } from "../output/format-results.js";
import { runnableProgram } from "../output/runnable-program.js";
import {
  CHANGE_ARGS,
  changeFlags,
  LIMIT_ARGS,
  limitFlags,
  PROGRAM_ARGS,
  programFlags,
  RESULT_ARGS,
  resultFlags,
} from "../args/shared-args.js";
import { printChanges } from "../output/format-changes.js";
import { createSpinner, showProgress } from "../io/spinner.js";

interface FailedGeneration {
  code: string;
  message: string;
  tiers?: TierReason[];
  program?: unknown;
  provider?: unknown;
  errors?: unknown;
}

/**
 * Prints why no tier answered, and the last program tried (human mode); false when the failure is
 * of another kind. The service's values are imported where they are used, as every command does,
 * so that the bundle's `cli` chunk (and `--help`) does not load the service.
 */
async function printGenerationFailure(
  context: CommandContext,
  service: LackpyService,
  intent: string,
  error: FailedGeneration | null,
): Promise<boolean> {
  if (!error || !Array.isArray(error.tiers)) return false;
  const { formatGenerationFailure } = await import("@lackpy/service");
  context.io.stderr(formatGenerationFailure(intent, error.tiers, service.config()));
  printLastProgramTried(context, error, context.io.stderr);
  return true;
}

/** `lackpy delegate "<intent>"`: generate a program, run it, print the output. */
export function delegateCommand(context: CommandContext) {
  return defineCommand({
    meta: {
      name: "delegate",
      description:
        "Answer an intent: generate a program, validate it, run it (lackpy rules lists what answers without a model)",
    },
    args: {
      intent: { type: "positional", description: "What you want, in words", required: true },
      ...PROGRAM_ARGS,
      ...RESULT_ARGS,
      ...LIMIT_ARGS,
      ...CHANGE_ARGS,
    },
    async run({ args, rawArgs }) {
      const { params, rules } = programFlags(rawArgs);
      const run = limitFlags(args);
      const shape = resultFlags(args);
      const changes = changeFlags(context, args);
      const service = await context.service(args.workspace);
      const spinner = createSpinner(context.io, { quiet: !context.io.isTTY && !args.debug });
      try {
        const result = await service.delegate(args.intent, {
          kit: args.kit,
          params,
          rules,
          ...run,
          ...shape,
          ...(changes.dryRun ? { dryRun: true } : {}),
          ...(changes.approve
            ? {
                // The spinner makes way for the question.
                approve: (request) => (spinner.stop(), changes.approve!(request)),
              }
            : {}),
          onProgress: (event) => showProgress(spinner, event, context.io.isTTY),
        });
        spinner.stop();
        context.exitCode = result.success ? 0 : 1;
        if (args.json) return printJson(context, result);
        if (await printGenerationFailure(context, service, args.intent, result.error)) return;
        if (result.program) {
          const model = result.model ? ` ${result.model}` : "";
          context.io.stderr(
            context.colors.gray(
              `# ${result.tier ?? "?"}${model} · kit ${kitUseText(result.kit)} · generated in ${result.generationMs} ms · ran in ${result.executionMs} ms\n${runnableProgram(result.program, result.params)}\n`,
            ),
          );
        }
        if (result.reading)
          context.io.stderr(`${context.colors.cyan("reading")}: ${result.reading}\n`);
        await printRunResult(context, result, result.program ?? undefined);
        printChanges(context, result);
        if (result.promoted)
          context.io.stderr(
            `${context.colors.green("promoted")} to template ${result.promoted.template} after ${result.promoted.agreeingRuns} agreeing runs\n`,
          );
        if (result.demoted)
          context.io.stderr(
            `${context.colors.yellow("demoted")} template ${result.demoted.template}: ${result.demoted.reason}\n  ${context.colors.cyan("hint")}: ${result.demoted.hint}\n`,
          );
      } finally {
        spinner.stop();
      }
    },
  });
}

/** `lackpy generate "<intent>"`: print the program (runnable as shown) without running it. */
export function generateCommand(context: CommandContext) {
  return defineCommand({
    meta: {
      name: "generate",
      description: "Generate a program for an intent and print it (does not run it)",
    },
    args: {
      intent: { type: "positional", description: "What you want, in words", required: true },
      ...PROGRAM_ARGS,
    },
    async run({ args, rawArgs }) {
      const { params, rules } = programFlags(rawArgs);
      const service = await context.service(args.workspace);
      const spinner = createSpinner(context.io, { quiet: !context.io.isTTY });
      try {
        const result = await service.generate(args.intent, {
          kit: args.kit,
          params,
          rules,
          onProgress: (event) =>
            event.kind === "tier" && spinner.update(`generating with ${event.provider}`),
        });
        spinner.stop();
        context.exitCode = result.success ? 0 : 1;
        if (args.json) return printJson(context, result);
        if (result.success) {
          context.io.stdout(`${runnableProgram(result.program, result.params)}\n`);
        } else if (!(await printGenerationFailure(context, service, args.intent, result.error))) {
          context.io.stderr(
            `${context.colors.red("error")}[${result.error.code}]: ${result.error.message}\n`,
          );
        }
      } finally {
        spinner.stop();
      }
    },
  });
}
