import { defineCommand } from "citty";
import type { CommandContext } from "../io/command-context.js";
import { printJson } from "../io/command-context.js";
import { COMMON_ARGS } from "../args/shared-args.js";

/** `lackpy undo [RUN_ID]`: restore exactly what a run changed (the last run by default). */
export function undoCommand(context: CommandContext) {
  return defineCommand({
    meta: {
      name: "undo",
      description:
        "Restore what a run changed: files it created are removed, files it modified restored (default: the last run)",
    },
    args: {
      run: {
        type: "positional",
        description: "The run's id (lackpy status lists them); the last run when left out",
        required: false,
      },
      ...COMMON_ARGS,
      force: {
        type: "boolean",
        description: "Restore files even when they were changed after the run",
      },
    },
    async run({ args }) {
      const service = await context.service(args.workspace);
      const undone = await service.undo(args.run || undefined, { force: Boolean(args.force) });
      if (args.json) return printJson(context, undone);
      const { io, colors } = context;
      const verbs = { delete: "removed", modify: "restored", create: "recreated" } as const;
      io.stdout(`${colors.green("undid")} run ${undone.runId}\n`);
      for (const file of undone.files) io.stdout(`  ${verbs[file.action]} ${file.path}\n`);
    },
  });
}
