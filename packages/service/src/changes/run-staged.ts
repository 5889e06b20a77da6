import type { ValidatedProgram } from "@lackpy/lang";
import type { LackpyConfig } from "../config/config-types.js";
import type { ProgramRunner } from "../program/program-runner.js";
import type { ResolvedParams } from "../program/resolve-params.js";
import type { TraceSpan } from "../program/telemetry.js";
import type { ChangeOutcome } from "../change-types.js";
import type { KitForRequest, RunOptions, ServiceRunResult } from "../service-types.js";
import { resultsUsed } from "./results-used.js";
import { hasEffects, programWrites, stageTools, type StagedTools } from "./stage-tools.js";
import type { ChangeSource } from "../change-types.js";
import type { WorkspaceChanges } from "./workspace-changes.js";

/** What a staged run needs besides the program: the runner, the changes of its workspace, and the config. */
export interface StagedRunStages {
  runner: ProgramRunner;
  changes: WorkspaceChanges;
  settings: LackpyConfig;
}

/** Where a staged run's changes come from, for their record: the source, a label made only when something lands or waits (the intent, or the program's first line), and the request's span. */
export interface StagedRunChange {
  source: ChangeSource;
  label: () => string;
  parent?: TraceSpan | null;
}

/**
 * Runs a program with its writes staged (`stageTools`) and settles them (`WorkspaceChanges.settle`):
 * nothing lands unless the run succeeds, a dry run lands nothing, and `approve` asks a person
 * first. The result is the run's, with what its changes came to.
 */
export async function runStaged(
  source: string | ValidatedProgram,
  request: { kit: KitForRequest; params: ResolvedParams },
  stages: StagedRunStages,
  options: RunOptions,
  change: StagedRunChange,
): Promise<ServiceRunResult & ChangeOutcome> {
  const { kit, params } = request;
  const requiresApproval = toolsRequiringApproval(kit, stages.settings);
  let staged: StagedTools | null = null;
  const result = await stages.runner.execute(
    source,
    kit,
    params,
    options,
    change.parent,
    (program) => {
      // Only a dry run leaves calls out, so only a dry run asks which results the program uses.
      const effects = options.dryRun
        ? kit.kit.tools
            .filter((spec) => hasEffects(spec, requiresApproval))
            .map((spec) => spec.name)
        : [];
      staged = stageTools(kit.kit, {
        dryRun: options.dryRun ?? false,
        ...(options.approve ? { approve: options.approve } : {}),
        requiresApproval,
        resultsUsed: effects.length > 0 ? resultsUsed(program, new Set(effects)) : new Set(),
        writes: programWrites(program),
      });
      return {
        callables: staged.callables,
        toolContext: staged.toolContext,
        childTools: staged.childTools,
      };
    },
  );
  const outcome = {
    dryRun: options.dryRun ?? false,
    changes: [],
    applied: false,
    runId: null,
    pending: [],
  };
  // An invalid program never reached its tools.
  if (!staged) return { ...result, ...outcome };
  const settled = await stages.changes.settle(result, staged, {
    dryRun: options.dryRun ?? false,
    ...(options.approve ? { approve: options.approve } : {}),
    source: change.source,
    label: change.label,
    ...(options.caller === undefined ? {} : { caller: options.caller }),
  });
  // Created files are those of the run's new files that landed.
  if (result.filesCreated.length === 0) return settled;
  const landed = new Set(settled.filesModified);
  return { ...settled, filesCreated: result.filesCreated.filter((file) => landed.has(file)) };
}

/** The kit's tools (by the name the program calls) whose module tool or MCP server says `requires_approval = true`. */
export function toolsRequiringApproval(kit: KitForRequest, settings: LackpyConfig): Set<string> {
  const names = new Set<string>();
  for (const spec of kit.kit.tools) {
    const toolName = kit.kit.aliases[spec.name] ?? spec.name;
    if (spec.provider === "module" && settings.tools[toolName]?.requiresApproval)
      names.add(spec.name);
    const server = spec.provider === "mcp" ? spec.providerConfig?.server : undefined;
    if (typeof server === "string" && settings.mcpServers[server]?.requiresApproval)
      names.add(spec.name);
  }
  return names;
}
