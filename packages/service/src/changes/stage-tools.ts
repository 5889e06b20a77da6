import type { ToolSpec } from "@lackpy/lang";
import {
  ToolError,
  type ResolvedKit,
  type SkippedCount,
  type ToolCallContext,
  type ToolFunction,
} from "@lackpy/kit";
import { FileStaging, childToolOf, type ChildToolRecipe } from "@lackpy/kit/node";
import type { Approver, PendingCall } from "../change-types.js";

/** The tools of one run over a staging area, and what its other tools were not allowed to do. */
export interface StagedTools {
  /** The kit's callables, the builtin file tools writing to `staging`. */
  callables: Record<string, ToolFunction>;
  /** The builtin tools an isolated child may answer itself (`read_file`), reading through `staging`'s news. */
  childTools: Record<string, ChildToolRecipe>;
  staging: FileStaging;
  /** Calls a dry run did not make, in order. */
  pending: PendingCall[];
  /** The first pending call whose result the program needed; the run failed on it. */
  neededResult: PendingCall | null;
}

/** How a run treats its tools. */
export interface StageToolsOptions {
  dryRun: boolean;
  /** Asks a person before each call of a tool that requires approval; without it such calls are refused. */
  approve?: Approver;
  /** Tools (by the name the program calls) whose config says `requires_approval = true`. */
  requiresApproval: ReadonlySet<string>;
  /** Tools whose result the program may use (`resultsUsed`): a dry run cannot leave their calls out. */
  resultsUsed: ReadonlySet<string>;
}

/** The error code of a dry run that needed the result of a call it did not make. */
export const DRY_RUN_NEEDS_RESULT = "dry_run_needs_result";

/** True for a tool a dry run does not call: not a builtin file tool, and it changes something (grade w ≥ 2, a missing grade counting as 3) or requires approval. */
export function hasEffects(spec: ToolSpec, requiresApproval: ReadonlySet<string>): boolean {
  if ((spec.provider ?? "builtin") === "builtin") return false;
  return (spec.gradeW ?? 3) >= 2 || requiresApproval.has(spec.name);
}

/**
 * The kit's tools for one run. The builtin file tools get the run's `FileStaging` in their `this`
 * (next to the run's signal), so they write to it and read through it. In a dry run, a tool with
 * effects is not called: the call is listed as pending and gives `null`, or fails the run
 * (`dry_run_needs_result`) when the program uses its result. Outside a dry run, a tool that
 * requires approval is called only after `approve` says yes (`declined` otherwise, and
 * `approval_required` without a way to ask). Everything else is called as it is.
 */
export function stageTools(kit: ResolvedKit, options: StageToolsOptions): StagedTools {
  const staged: StagedTools = {
    callables: {},
    childTools: {},
    staging: new FileStaging(),
    pending: [],
    neededResult: null,
  };
  const specs = new Map(kit.tools.map((spec) => [spec.name, spec]));
  let approvedAll = false;
  for (const [name, tool] of Object.entries(kit.callables)) {
    const spec = specs.get(name) ?? { name };
    if ((spec.provider ?? "builtin") === "builtin") {
      const staging = staged.staging;
      const childTool = childToolOf(tool, staging);
      if (childTool) staged.childTools[name] = childTool;
      staged.callables[name] = function (this: unknown, ...args: unknown[]) {
        const outer = this as Partial<ToolCallContext> | undefined;
        return tool.apply(
          {
            get signal() {
              return outer?.signal;
            },
            staging,
            // What the tool left out is the run's to count.
            noteSkipped: (skipped: readonly SkippedCount[], scope: string) =>
              outer?.noteSkipped?.(skipped, scope),
          },
          args,
        );
      };
    } else if (options.dryRun && hasEffects(spec, options.requiresApproval)) {
      staged.callables[name] = (...args: unknown[]) => {
        const call = { tool: name, args };
        staged.pending.push(call);
        if (!options.resultsUsed.has(name)) return null;
        staged.neededResult ??= call;
        throw new ToolError(
          DRY_RUN_NEEDS_RESULT,
          `A dry run does not call ${name} (it changes something outside the workspace files), and the program uses its result.`,
          { hint: "run without a dry run to make the call, or call it on a line of its own" },
        );
      };
    } else if (options.requiresApproval.has(name)) {
      staged.callables[name] = async function (this: unknown, ...args: unknown[]) {
        if (!options.approve)
          throw new ToolError(
            "approval_required",
            `${name} requires a person's approval for every call (requires_approval in the workspace config), and nobody can be asked here.`,
            {
              hint: "run it with lackpy run --approve (or delegate --approve) in a terminal, or use a dry run to see the call",
            },
          );
        const answer = approvedAll
          ? "all"
          : await options.approve({ kind: "call", tool: name, args });
        if (answer === "no")
          throw new ToolError("declined", `The person declined the call of ${name}.`, {
            hint: "do not retry this call",
          });
        if (answer === "all") approvedAll = true;
        return tool.apply(this, args);
      };
    } else staged.callables[name] = tool;
  }
  return staged;
}
