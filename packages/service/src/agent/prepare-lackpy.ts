import { LackpyError } from "@lackpy/lang";
import { LackpyService } from "../lackpy-service.js";
import { enforcePolicy } from "../trust/policy.js";
import { AdapterError } from "./adapter-error.js";
import {
  DEFAULT_MAX_RESULT_CHARS,
  LACKPY_TOOL_MODES,
  type LackpyToolMode,
  type LackpyToolOptions,
} from "./lackpy-tool-options.js";
import { summariseResult, type LackpyToolResult } from "./summarise-result.js";
import { DEFAULT_TRACE_DETAIL, TRACE_DETAILS } from "../result/shape-result.js";
import { toolDescription } from "./tool-description.js";

/** A lackpy tool before it is wrapped for a framework: its description and how to run one input. */
export interface PreparedLackpy {
  mode: LackpyToolMode;
  /** The kit's name, as the description shows it. */
  kitName: string;
  description: string;
  service: LackpyService;
  /** Runs a program (program mode) or answers an intent (delegate mode); never throws for the model's input. */
  execute(input: string, options?: { signal?: AbortSignal }): Promise<LackpyToolResult>;
}

function checkOptions(options: LackpyToolOptions): void {
  if ((options.workspace === undefined) === (options.service === undefined))
    throw new AdapterError(
      "invalid_option",
      "A lackpy tool needs exactly one of workspace and service.",
      {
        hint: "pass { workspace: 'path/to/project' } or { service: await LackpyService.open(...) }",
      },
    );
  if (options.mode !== undefined && !LACKPY_TOOL_MODES.includes(options.mode))
    throw new AdapterError(
      "invalid_option",
      `'${String(options.mode)}' is not a lackpy tool mode.`,
      {
        hint: `use one of: ${LACKPY_TOOL_MODES.join(", ")}`,
      },
    );
  if (options.dryRun !== undefined && typeof options.dryRun !== "boolean")
    throw new AdapterError(
      "invalid_option",
      `dryRun must be true or false, not ${String(options.dryRun)}.`,
      {
        hint: "pass dryRun: true to preview every call's changes, or leave it out",
      },
    );
  if (options.trace !== undefined && !TRACE_DETAILS.includes(options.trace))
    throw new AdapterError("invalid_option", `'${String(options.trace)}' is not a trace detail.`, {
      hint: `use one of: ${TRACE_DETAILS.join(", ")} (default ${DEFAULT_TRACE_DETAIL})`,
    });
  const maxChars = options.maxResultChars;
  if (maxChars !== undefined && (!Number.isInteger(maxChars) || maxChars < 1))
    throw new AdapterError(
      "invalid_option",
      `maxResultChars must be a positive integer, not ${maxChars}.`,
      {
        hint: `omit it for the default of ${DEFAULT_MAX_RESULT_CHARS}`,
      },
    );
}

/** The model's mistake (an empty intent, a refused kit) as a result it can read, not a throw. */
function refusal(error: LackpyError): LackpyToolResult {
  return {
    success: false,
    error: {
      code: error.code,
      message: error.message,
      ...(error.hint === undefined ? {} : { hint: error.hint }),
    },
    trace: [],
  };
}

/**
 * Opens the service (or takes the given one), resolves the kit, checks it against the
 * workspace's policy and builds the description; unknown kits and bad options throw here, when
 * the tool is built, not when the model calls it.
 */
export async function prepareLackpy(options: LackpyToolOptions): Promise<PreparedLackpy> {
  checkOptions(options);
  const service = options.service ?? (await LackpyService.open({ workspace: options.workspace! }));
  const mode = options.mode ?? "program";
  const config = service.config();
  const kitSpecifier = options.kit ?? service.defaultKit();
  const kit = await service.kitInfo(kitSpecifier);
  enforcePolicy(kit.name, kit.grade, config);
  const request = {
    kit: kitSpecifier,
    ...(options.params ? { params: options.params } : {}),
    ...(options.rules ? { rules: options.rules } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    // The model cannot change the tool's kit; the host can.
    kitHint: `this tool's kit is set by its host (kit "{kit}" has it): use only the tools listed in the description`,
    ...(options.dryRun ? { dryRun: true } : {}),
  };
  const maxChars = options.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
  return {
    mode,
    kitName: kit.name,
    description: toolDescription(mode, kit),
    service,
    async execute(input, { signal } = {}) {
      try {
        const result =
          mode === "program"
            ? await service.runProgram(input, { ...request, signal })
            : await service.delegate(input, { ...request, signal });
        return summariseResult(result, { maxChars, trace: options.trace });
      } catch (error) {
        if (LackpyError.is(error)) return refusal(error);
        throw error;
      }
    },
  };
}
