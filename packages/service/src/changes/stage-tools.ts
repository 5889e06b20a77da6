import type { ToolSpec, ValidatedProgram } from "@lackpy/lang";
import { ToolError, type ResolvedKit, type ToolFunction } from "@lackpy/kit";
import { FileStaging, childToolOf, type ChildToolRecipe } from "@lackpy/kit/node";
import type { Approver, PendingCall } from "../change-types.js";

/** The tools of one run over a staging area, and what its other tools were not allowed to do. */
export interface StagedTools {
  /** The kit's callables; the builtin file tools among them write to `staging` through `toolContext`. */
  callables: Readonly<Record<string, ToolFunction>>;
  /** What each tool call's `this` carries besides its signal (`RunOptions.toolContext`): the staging area. */
  toolContext: { readonly staging: FileStaging };
  /**
   * The builtin tools an isolated child may answer itself (`read_file`), reading through
   * `staging`'s news: made when first asked for (an isolated run), not for an in-process one.
   */
  childTools(): Record<string, ChildToolRecipe>;
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
  /**
   * False when the program calls no tool that changes anything (`programWrites`): its staging
   * area is read-only, so its reads are neither hashed nor noted.
   */
  writes: boolean;
}

/** True when a validated program may call a tool that changes something (grade w ≥ 2, a missing grade counting as 3). */
export function programWrites(program: ValidatedProgram): boolean {
  return program.validation.effects.grade.w >= 2;
}

/** The error code of a dry run that needed the result of a call it did not make. */
export const DRY_RUN_NEEDS_RESULT = "dry_run_needs_result";

/** True for a tool a dry run does not call: not a builtin file tool, and it changes something (grade w ≥ 2, a missing grade counting as 3) or requires approval. */
export function hasEffects(spec: ToolSpec, requiresApproval: ReadonlySet<string>): boolean {
  if ((spec.provider ?? "builtin") === "builtin") return false;
  return (spec.gradeW ?? 3) >= 2 || requiresApproval.has(spec.name);
}

/** What one kit's tools are to a run, worked out once per kit: the builtin ones, and the others with their specs. */
interface KitPlan {
  builtins: readonly (readonly [string, ToolFunction])[];
  others: readonly (readonly [string, ToolFunction, ToolSpec])[];
}

const PLANS = new WeakMap<ResolvedKit, KitPlan>();

function planOf(kit: ResolvedKit): KitPlan {
  let plan = PLANS.get(kit);
  if (!plan) {
    const specs = new Map(kit.tools.map((spec) => [spec.name, spec]));
    const builtins: [string, ToolFunction][] = [];
    const others: [string, ToolFunction, ToolSpec][] = [];
    for (const [name, tool] of Object.entries(kit.callables)) {
      const spec = specs.get(name) ?? { name };
      if ((spec.provider ?? "builtin") === "builtin") builtins.push([name, tool]);
      else others.push([name, tool, spec]);
    }
    plan = { builtins, others };
    PLANS.set(kit, plan);
  }
  return plan;
}

/**
 * The kit's tools for one run. The builtin file tools get the run's `FileStaging` in their `this`
 * (the run's `toolContext`, next to the call's signal), so they write to it and read through it.
 * In a dry run, a tool with effects is not called: the call is listed as pending and gives
 * `null`, or fails the run (`dry_run_needs_result`) when the program uses its result. Outside a
 * dry run, a tool that requires approval is called only after `approve` says yes (`declined`
 * otherwise, and `approval_required` without a way to ask). Everything else is called as it is:
 * a run whose kit has no such tool uses the kit's own callables.
 */
export function stageTools(kit: ResolvedKit, options: StageToolsOptions): StagedTools {
  const staging = new FileStaging({ writes: options.writes });
  const plan = planOf(kit);
  let childTools: Record<string, ChildToolRecipe> | undefined;
  const staged: StagedTools = {
    callables: kit.callables,
    toolContext: { staging },
    childTools: () => {
      if (!childTools) {
        childTools = {};
        for (const [name, tool] of plan.builtins) {
          const childTool = childToolOf(tool, staging);
          if (childTool) childTools[name] = childTool;
        }
      }
      return childTools;
    },
    staging,
    pending: [],
    neededResult: null,
  };
  const wrappers: Record<string, ToolFunction> = {};
  let approvedAll = false;
  for (const [name, tool, spec] of plan.others) {
    if (options.dryRun && hasEffects(spec, options.requiresApproval)) {
      wrappers[name] = (...args: unknown[]) => {
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
      wrappers[name] = async function (this: unknown, ...args: unknown[]) {
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
        // Approval is an allowlist: only "yes" and "all" approve, whatever else an approver says.
        if (answer !== "yes" && answer !== "all")
          throw new ToolError("declined", `The person declined the call of ${name}.`, {
            hint: "do not retry this call",
          });
        if (answer === "all") approvedAll = true;
        return tool.apply(this, args);
      };
    }
  }
  if (Object.keys(wrappers).length > 0) staged.callables = { ...kit.callables, ...wrappers };
  return staged;
}
