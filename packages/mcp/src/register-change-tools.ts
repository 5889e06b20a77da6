import type { McpServer } from "@modelcontextprotocol/server";
import type { LackpyService } from "@lackpy/service";
import * as z from "zod";
import { sharedInput } from "./input-schemas.js";
import { guarded, renderedResult } from "./tool-result.js";
import type { RunOwnership } from "./run-ownership.js";

/**
 * Registers the tools that land and take back file changes: apply_changes and undo. With
 * `ownership` (a server many callers share), a caller applies only its own dry runs and undoes
 * only its own runs, made through this instance or any other on the same store.
 */
export function registerChangeTools(
  server: McpServer,
  service: LackpyService,
  ownership?: RunOwnership,
): void {
  server.registerTool(
    "apply_changes",
    {
      description:
        "Land exactly the file changes of an earlier dry run (run_program or delegate with dryRun: true), after the user has seen the diffs. Refused with stale_change, naming the file, when a file changed since the dry run; a changeId applies once and expires after 15 minutes. Returns the files that landed and a runId for undo.",
      inputSchema: sharedInput("apply_changes", () =>
        z.strictObject({
          changeId: z.string().describe("The changeId a dry run returned."),
        }),
      ),
    },
    async (args) =>
      guarded(async () => {
        const applied = await service.applyChanges(args.changeId, { ...ownership?.caller() });
        return renderedResult(
          applied,
          `landed: ${applied.filesModified.join(", ")} (undo with runId "${applied.runId}" restores them)`,
        );
      }),
  );

  server.registerTool(
    "undo",
    {
      description:
        "Restore exactly what a run changed: files it created are removed, files it modified get their old content back. Without runId, the last run. Refused with undo_conflict, naming the file, when a file changed after the run, unless force is true.",
      inputSchema: sharedInput("undo", () =>
        z.strictObject({
          runId: z
            .string()
            .optional()
            .describe("The runId of a run that changed files; the last such run when left out."),
          force: z
            .boolean()
            .optional()
            .describe("Restore even files changed after the run (their later changes are lost)."),
        }),
      ),
    },
    async (args) =>
      guarded(async () => {
        const undone = await service.undo(args.runId, {
          force: args.force ?? false,
          ...ownership?.caller(),
        });
        const verbs = { delete: "removed", modify: "restored", create: "recreated" } as const;
        return renderedResult(
          undone,
          [
            `undid run ${undone.runId}:`,
            ...undone.files.map((file) => `  ${verbs[file.action]} ${file.path}`),
          ].join("\n"),
        );
      }),
  );
}
