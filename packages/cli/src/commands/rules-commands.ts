import { defineCommand } from "citty";
import type { CommandContext } from "../io/command-context.js";
import { printJson } from "../io/command-context.js";
import { COMMON_ARGS } from "../args/shared-args.js";

/** `lackpy rules`: what the built-in rules answer without a model, each with example phrasings. */
export function rulesCommand(context: CommandContext) {
  return defineCommand({
    meta: {
      name: "rules",
      description:
        "List the requests the built-in rules answer without a model, with example phrasings",
    },
    args: {
      ...COMMON_ARGS,
      kit: {
        type: "string",
        description: "Kit whose tools decide which rules can answer (default: the workspace's)",
        valueHint: "kit",
      },
    },
    async run({ args }) {
      const service = await context.service(args.workspace);
      const rules = await service.rules(args.kit);
      if (args.json) return printJson(context, rules);
      context.io.stdout(
        "Rules answer these requests with no model when the kit has their tools, what they name exists in the workspace and every word is read; each example shows its reading (→), which every answer carries too.\n\n",
      );
      // The rules the kit can use first, each group in the order the rules are tried.
      const ordered = [...rules].sort((a, b) => Number(b.available) - Number(a.available));
      const indent = " ".repeat(26);
      for (const rule of ordered) {
        const line = `${rule.available ? " " : "·"} ${rule.id.padEnd(23)} ${rule.summary}`;
        context.io.stdout(`${rule.available ? line : context.colors.gray(line)}\n`);
        rule.examples.slice(0, 2).forEach((example, index) => {
          context.io.stdout(`${indent}${example}\n`);
          const reading = rule.readings[index];
          if (reading) context.io.stdout(context.colors.gray(`${indent}  → ${reading}\n`));
        });
        if (!rule.available)
          context.io.stdout(
            context.colors.gray(`${indent}needs ${rule.tools.join(", ")} (not in this kit)\n`),
          );
      }
    },
  });
}
