import { basename, join } from "node:path";
import { defineCommand } from "citty";
import type { CommandContext } from "../io/command-context.js";
import { printJson } from "../io/command-context.js";
import {
  printDemotedTemplates,
  printRunResult,
  printTemplateProblems,
} from "../output/format-results.js";
import { relativeTo } from "../output/cli-wording.js";
import { COMMON_ARGS, PROGRAM_ARGS, programFlags } from "../args/shared-args.js";
import { UsageError } from "../args/usage-error.js";

/** `lackpy template list | show <name> | test <name> | restore <name>`. */
export function templateCommand(context: CommandContext) {
  const list = defineCommand({
    meta: {
      name: "list",
      description: "List the workspace's templates with their counters, and the demoted ones",
    },
    args: COMMON_ARGS,
    async run({ args }) {
      const service = await context.service(args.workspace);
      const templates = await service.templates();
      const demoted = await service.demotedTemplates();
      const problems = await service.templateProblems();
      if (args.json)
        return printJson(context, [
          ...templates.map(({ name, pattern, successCount, failCount, path, origin }) => ({
            name,
            pattern,
            successCount,
            failCount,
            path,
            origin,
          })),
          // Templates the ratchet set aside are entries too, with `demoted`: when and why.
          ...demoted.map(
            ({ name, pattern, successCount, failCount, path, origin, demotedAt, reason }) => ({
              name,
              pattern,
              successCount,
              failCount,
              path,
              origin,
              demoted: { at: demotedAt, reason },
            }),
          ),
          // Broken files and failed promotions are entries too, with a `problem`.
          ...problems.map((problem) => ({
            name: problem.template ?? basename(problem.file ?? "", ".tmpl"),
            pattern: null,
            successCount: 0,
            failCount: 0,
            path: problem.file ? join(service.workspace, problem.file) : null,
            problem,
          })),
        ]);
      if (templates.length === 0 && demoted.length === 0 && problems.length === 0)
        context.io.stdout("no templates yet (lackpy create saves one)\n");
      else if (templates.length === 0)
        context.io.stdout("no usable templates (lackpy create saves one)\n");
      for (const template of templates)
        context.io.stdout(
          `${template.name.padEnd(24)} ✓${template.successCount} ✗${template.failCount}  ${template.pattern ?? "(no pattern)"}${template.origin === "ratchet" ? context.colors.gray("  (ratchet)") : ""}\n`,
        );
      printDemotedTemplates(context, demoted);
      printTemplateProblems(context, problems);
    },
  });
  const show = defineCommand({
    meta: { name: "show", description: "Print a template" },
    args: {
      name: { type: "positional", description: "Template name", required: true },
      ...COMMON_ARGS,
    },
    async run({ args }) {
      const template = await (await context.service(args.workspace)).template(args.name);
      if (args.json) return printJson(context, template);
      context.io.stdout(
        `# ${template.name}${template.pattern ? `  pattern: ${template.pattern}` : ""}\n${template.program}\n`,
      );
    },
  });
  const test = defineCommand({
    meta: {
      name: "test",
      description: "Run a template once (with --param values for its placeholders)",
    },
    args: {
      name: { type: "positional", description: "Template name", required: true },
      ...PROGRAM_ARGS,
    },
    async run({ args, rawArgs }) {
      const { params } = programFlags(rawArgs);
      const service = await context.service(args.workspace);
      const template = await service.template(args.name);
      const { patternParams } = await import("@lackpy/service");
      // The pattern's placeholders and the params the program reads take their values from --param.
      const needed = [
        ...new Set([...patternParams(template.pattern ?? ""), ...(template.params ?? [])]),
      ];
      const missing = needed.filter((name) => !Object.hasOwn(params, name));
      if (missing.length > 0)
        throw new UsageError(
          `Template '${template.name}' reads ${missing.map((name) => `'${name}'`).join(", ")}, which no --param gives.`,
          `give each a value: lackpy template test ${template.name} ${missing.map((name) => `--param ${name}=…`).join(" ")}`,
        );
      const result = await service.runProgram(template.program, { kit: args.kit, params });
      context.exitCode = result.success ? 0 : 1;
      if (args.json) return printJson(context, { template: template.name, ...result });
      await printRunResult(context, result, template.program, template.name);
    },
  });
  const restore = defineCommand({
    meta: {
      name: "restore",
      description: "Bring back a template the ratchet demoted (its failure count starts at 0)",
    },
    args: {
      name: { type: "positional", description: "Template name", required: true },
      ...COMMON_ARGS,
    },
    async run({ args }) {
      const service = await context.service(args.workspace);
      const restored = await service.restoreTemplate(args.name);
      if (args.json) return printJson(context, restored);
      context.io.stdout(
        `restored ${restored.name} from ${relativeTo(service.workspace, restored.restoredFrom)} (✓${restored.successCount} ✗${restored.failCount}; its failures count again from 0)\n`,
      );
    },
  });
  return defineCommand({
    meta: { name: "template", description: "Templates: tier 0 programs" },
    subCommands: { list, show, test, restore },
  });
}
