import { defineCommand } from "citty";
import type { CommandContext } from "../command-context.js";
import { printJson } from "../command-context.js";
import { printGenerationFailure, printRunResult } from "../format-results.js";
import { PROGRAM_ARGS, programFlags } from "../shared-args.js";
import { createSpinner } from "../spinner.js";
import { UsageError } from "../usage-error.js";

function requireIntent(intent: string | undefined): string {
  if (!intent || intent.trim() === "")
    throw new UsageError(
      'Missing the intent: say what you want in quotes, e.g. lackpy delegate "list all python files".',
    );
  return intent;
}

/** `lackpy delegate "<intent>"`: generate a program, run it, print the output. */
export function delegateCommand(context: CommandContext) {
  return defineCommand({
    meta: {
      name: "delegate",
      description: "Answer an intent: generate a program, validate it, run it",
    },
    args: {
      intent: { type: "positional", description: "What you want, in words", required: true },
      ...PROGRAM_ARGS,
    },
    async run({ args, rawArgs }) {
      const intent = requireIntent(args.intent);
      const { params, rules } = programFlags(rawArgs);
      const service = await context.service(args.workspace);
      const spinner = createSpinner(context.io, { quiet: !context.io.isTTY && !args.debug });
      try {
        const result = await service.delegate(intent, {
          kit: args.kit,
          params,
          rules,
          onProgress: (event) =>
            spinner.update(
              event.kind === "tier"
                ? `generating with ${event.provider} (${event.tier})`
                : event.kind === "running"
                  ? "running the program"
                  : "",
            ),
        });
        spinner.stop();
        context.exitCode = result.success ? 0 : 1;
        if (args.json) return printJson(context, result);
        if (result.program) {
          context.io.stderr(
            context.colors.gray(
              `# ${result.tier ?? "?"}${result.model ? ` ${result.model}` : ""} · ${result.totalMs} ms\n${result.program}\n`,
            ),
          );
        }
        if (result.program === null && result.error)
          printGenerationFailure(context, result.error, context.io.stdout);
        else printRunResult(context, result, result.program ?? undefined);
      } finally {
        spinner.stop();
      }
    },
  });
}

/** `lackpy generate "<intent>"`: print the program without running it. */
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
      const intent = requireIntent(args.intent);
      const { params, rules } = programFlags(rawArgs);
      const service = await context.service(args.workspace);
      const spinner = createSpinner(context.io, { quiet: !context.io.isTTY });
      try {
        const result = await service.generate(intent, {
          kit: args.kit,
          params,
          rules,
          onProgress: (event) =>
            event.kind === "tier" && spinner.update(`generating with ${event.provider}`),
        });
        spinner.stop();
        context.exitCode = result.success ? 0 : 1;
        if (args.json) return printJson(context, result);
        if (result.success) context.io.stdout(`${result.program}\n`);
        else printGenerationFailure(context, result.error, context.io.stderr);
      } finally {
        spinner.stop();
      }
    },
  });
}
