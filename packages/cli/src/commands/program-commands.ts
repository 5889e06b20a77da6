import { defineCommand } from "citty";
import { kitUseText } from "../output/kit-use-text.js";
import type { CommandContext } from "../io/command-context.js";
import { printJson } from "../io/command-context.js";
import { printRunResult, printValidationErrors } from "../output/format-results.js";
import { withForceHint } from "../output/cli-wording.js";
import { readProgram } from "../args/read-program.js";
import { KIT_HINT } from "../output/cli-wording.js";
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

/** `lackpy validate <file|->`. */
export function validateCommand(context: CommandContext) {
  return defineCommand({
    meta: { name: "validate", description: "Check a program statically without running it" },
    args: {
      file: { type: "positional", description: "Program file, or - for stdin", required: true },
      ...PROGRAM_ARGS,
    },
    async run({ args, rawArgs }) {
      const { params, rules } = programFlags(rawArgs);
      const { source, name } = await readProgram(args.file, context.io);
      const service = await context.service(args.workspace);
      const result = await service.validate(source, {
        kit: args.kit,
        params,
        rules,
        kitHint: KIT_HINT,
      });
      context.exitCode = result.valid ? 0 : 1;
      if (args.json) {
        const { valid, errors, calls, variables, effects } = result;
        return printJson(context, { valid, errors, calls, variables, effects });
      }
      if (result.valid) {
        context.io.stdout(
          `${context.colors.green("valid")} ${name}: calls ${result.calls.join(", ") || "nothing"}; grade w=${result.grade.w} d=${result.grade.d}\n`,
        );
      } else {
        printValidationErrors(context, result.errors, source, name);
        context.io.stderr(
          `${result.errors.length} error${result.errors.length === 1 ? "" : "s"} in ${name}\n`,
        );
      }
    },
  });
}

/** `lackpy run <file|->`. */
export function runCommand(context: CommandContext) {
  return defineCommand({
    meta: { name: "run", description: "Validate and run a program over the workspace" },
    args: {
      file: { type: "positional", description: "Program file, or - for stdin", required: true },
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
      const { source, name } = await readProgram(args.file, context.io);
      const service = await context.service(args.workspace);
      // A run over a second shows its counts on a terminal, and makes way for an approval question.
      const spinner = createSpinner(context.io, { quiet: !context.io.isTTY });
      const result = await service
        .runProgram(source, {
          kit: args.kit,
          params,
          rules,
          kitHint: KIT_HINT,
          ...run,
          ...shape,
          ...changes,
          ...(changes.approve
            ? { approve: (request) => (spinner.stop(), changes.approve!(request)) }
            : {}),
          onProgress: (event) => showProgress(spinner, event, context.io.isTTY),
        })
        .finally(() => spinner.stop());
      context.exitCode = result.success ? 0 : 1;
      if (args.json) return printJson(context, result);
      // A kit that can change files or the world says so before what the run did.
      if (result.kit.writes.length > 0)
        context.io.stderr(context.colors.gray(`# kit ${kitUseText(result.kit)}\n`));
      await printRunResult(context, result, source, name);
      printChanges(context, result);
    },
  });
}

/** `lackpy create <file|-> --name N`. */
export function createCommand(context: CommandContext) {
  return defineCommand({
    meta: { name: "create", description: "Save a program as a template (tier 0)" },
    args: {
      file: { type: "positional", description: "Program file, or - for stdin", required: true },
      ...PROGRAM_ARGS,
      name: { type: "string", description: "Template name", required: true, valueHint: "name" },
      pattern: {
        type: "string",
        description: "Intent pattern with {param} placeholders",
        valueHint: "pattern",
      },
      force: { type: "boolean", description: "Replace an existing template of that name" },
    },
    async run({ args }) {
      const { source } = await readProgram(args.file, context.io);
      const service = await context.service(args.workspace);
      const template = await service
        .create(source, {
          name: args.name,
          pattern: args.pattern,
          kit: args.kit,
          force: Boolean(args.force),
        })
        .catch(withForceHint);
      if (args.json) return printJson(context, template);
      context.io.stdout(
        `created template ${template.name} at ${template.path}${template.pattern ? ` (pattern: ${template.pattern})` : ""}\n`,
      );
    },
  });
}
