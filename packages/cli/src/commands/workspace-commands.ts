import { defineCommand } from "citty";
import { formatLanguageSpec, languageSpec } from "@lackpy/lang";
import type { CommandContext } from "../command-context.js";
import { printJson } from "../command-context.js";
import { printTemplateProblems } from "../format-results.js";
import { COMMON_ARGS } from "../shared-args.js";

/** `lackpy init`: create `.lackpy/` with a commented config; never overwrites. */
export function initCommand(context: CommandContext) {
  return defineCommand({
    meta: {
      name: "init",
      description: "Create .lackpy/ (config, kits, templates) in the workspace; never overwrites",
    },
    args: COMMON_ARGS,
    async run({ args }) {
      const { initWorkspace } = await import("@lackpy/service");
      const { resolve } = await import("node:path");
      const result = await initWorkspace(resolve(context.io.cwd, args.workspace ?? "."));
      if (args.json) return printJson(context, result);
      for (const file of result.created) context.io.stdout(`created ${file}\n`);
      for (const file of result.existing) context.io.stdout(`kept    ${file} (already there)\n`);
    },
  });
}

/** `lackpy status`: workspace, config, kit, templates and providers at a glance. */
export function statusCommand(context: CommandContext) {
  return defineCommand({
    meta: {
      name: "status",
      description: "Show the workspace, its config, templates and providers",
    },
    args: COMMON_ARGS,
    async run({ args }) {
      const service = await context.service(args.workspace);
      const status = await service.status();
      if (args.json) return printJson(context, status);
      const { io } = context;
      io.stdout(`workspace  ${status.workspace}\n`);
      io.stdout(
        `config     ${status.configPath}${status.configExists ? "" : " (missing: using defaults; run lackpy init)"}\n`,
      );
      io.stdout(`kit        ${status.defaultKit}\n`);
      const problems = status.templateProblems.length;
      io.stdout(
        `templates  ${status.templates}${problems ? ` (${problems} problem${problems === 1 ? "" : "s"}:)` : ""}\n`,
      );
      printTemplateProblems(context, status.templateProblems, "           ");
      if (status.ratchetError)
        io.stdout(`ratchet    ${context.colors.red("error")}: ${status.ratchetError}\n`);
      io.stdout(`run mode   ${status.runMode}\n`);
      io.stdout(`inference  ${status.order.join(" → ")}\n`);
    },
  });
}

/** `lackpy spec`: the language spec as markdown or JSON. */
export function specCommand(context: CommandContext) {
  return defineCommand({
    meta: { name: "spec", description: "Print the language spec (markdown, or JSON with --json)" },
    args: { json: COMMON_ARGS.json },
    run({ args }) {
      if (args.json) return printJson(context, languageSpec());
      context.io.stdout(formatLanguageSpec());
    },
  });
}

/** `lackpy provider list`. */
export function providerCommand(context: CommandContext) {
  const list = defineCommand({
    meta: {
      name: "list",
      description: "List configured inference providers and whether they answer",
    },
    args: COMMON_ARGS,
    async run({ args }) {
      const service = await context.service(args.workspace);
      const providers = await service.providerList();
      if (args.json) return printJson(context, providers);
      for (const provider of providers) {
        const state = provider.available
          ? context.colors.green("available")
          : context.colors.yellow("unavailable");
        context.io.stdout(
          `${provider.inOrder ? "*" : " "} ${provider.key.padEnd(12)} tier ${provider.tier}  ${provider.plugin.padEnd(10)} ${(provider.model ?? "").padEnd(20)} ${state}${provider.detail ? `  ${provider.detail}` : ""}\n`,
        );
      }
    },
  });
  return defineCommand({
    meta: { name: "provider", description: "Inference providers" },
    subCommands: { list },
  });
}
