import type { ArgsDef } from "citty";
import type { Approver, TraceDetail } from "@lackpy/service";
import { terminalApprover } from "../io/approval-prompt.js";
import type { CommandContext } from "../io/command-context.js";
import { UsageError } from "./usage-error.js";
import { parseParams, positiveInteger, repeatedFlag } from "./parse-flags.js";

/** Flags most commands take. */
export const COMMON_ARGS = {
  workspace: {
    type: "string",
    description: "Workspace directory (default: the current directory)",
    valueHint: "dir",
  },
  json: { type: "boolean", description: "Print one JSON document on stdout" },
  debug: { type: "boolean", description: "Show stack traces for errors" },
} as const satisfies ArgsDef;

/** Flags of commands that validate or run a program. */
export const PROGRAM_ARGS = {
  ...COMMON_ARGS,
  kit: {
    type: "string",
    description: "Kit: a name, none, a .kit file, or a comma list of tools",
    valueHint: "kit",
  },
  param: {
    type: "string",
    description: "Parameter name=value (JSON values parsed, else string); repeatable",
    valueHint: "name=value",
  },
  rule: {
    type: "string",
    description: "Extra rule such as max_calls:5 or no_loops; repeatable",
    valueHint: "rule",
  },
} as const satisfies ArgsDef;

/** The repeatable --param and --rule flags of a command line. */
export function programFlags(rawArgs: readonly string[]): {
  params: Record<string, unknown>;
  rules: string[];
} {
  return {
    params: parseParams(repeatedFlag(rawArgs, "--param")),
    rules: repeatedFlag(rawArgs, "--rule"),
  };
}

/** Flags that size a run or delegate result (`--json` summarises the trace unless told otherwise). */
export const RESULT_ARGS = {
  trace: {
    type: "enum",
    options: ["none", "summary", "full"],
    description:
      "Trace in --json: summary (default: each tool once, with its call count and total time), full (every call with its arguments and result), none",
  },
  "max-output-chars": {
    type: "string",
    description:
      "Cut output and stdout longer than this many characters (marked, with the full size)",
    valueHint: "n",
  },
} as const satisfies ArgsDef;

/** The trace a `--json` result carries when `--trace` is not given (decision 27). */
export const DEFAULT_TRACE: TraceDetail = "summary";

/** The result-sizing options of `--trace` (the summary by default) and `--max-output-chars`. */
export function resultFlags(args: { trace?: string; "max-output-chars"?: string }): {
  trace: TraceDetail;
  maxOutputChars?: number;
} {
  const maxOutputChars = positiveInteger("--max-output-chars", args["max-output-chars"]);
  return {
    trace: (args.trace as TraceDetail | undefined) ?? DEFAULT_TRACE,
    ...(maxOutputChars ? { maxOutputChars } : {}),
  };
}

/** Flags that limit a run: `run` and `delegate` take the same ones. */
export const LIMIT_ARGS = {
  "timeout-ms": {
    type: "string",
    description: "Wall-clock limit of the whole run in ms, tool calls included",
    valueHint: "ms",
  },
  "max-steps": { type: "string", description: "Evaluation step limit", valueHint: "n" },
  "max-tool-calls": { type: "string", description: "Tool call limit", valueHint: "n" },
  mode: {
    type: "enum",
    options: ["isolated", "in-process"],
    description: "Execution mode (default from config: isolated)",
  },
} as const satisfies ArgsDef;

/**
 * The run limits and mode of `--timeout-ms`, `--max-steps`, `--max-tool-calls` and `--mode`. The
 * person at the terminal sets them, so they are theirs (`limitsSetByPerson`): not lowered to the
 * `[run.maxima]` that bound the callers of the MCP and HTTP servers.
 */
export function limitFlags(args: {
  "timeout-ms"?: string;
  "max-steps"?: string;
  "max-tool-calls"?: string;
  mode?: string;
}): {
  limits: { timeoutMs?: number; maxSteps?: number; maxToolCalls?: number };
  limitsSetByPerson: true;
  mode?: "isolated" | "in-process";
} {
  const timeoutMs = positiveInteger("--timeout-ms", args["timeout-ms"]);
  const maxSteps = positiveInteger("--max-steps", args["max-steps"]);
  const maxToolCalls = positiveInteger("--max-tool-calls", args["max-tool-calls"]);
  return {
    limits: {
      ...(timeoutMs ? { timeoutMs } : {}),
      ...(maxSteps ? { maxSteps } : {}),
      ...(maxToolCalls ? { maxToolCalls } : {}),
    },
    limitsSetByPerson: true,
    ...(args.mode ? { mode: args.mode as "isolated" | "in-process" } : {}),
  };
}

/** Flags of commands whose program may change files. */
export const CHANGE_ARGS = {
  "dry-run": {
    type: "boolean",
    description:
      "Run against a staging area: print the diffs of the files it would change, write nothing",
  },
  approve: {
    type: "boolean",
    description: "Show each file's diff and ask before it lands (needs a terminal)",
  },
} as const satisfies ArgsDef;

/**
 * The change options of `--dry-run` and `--approve`: `--approve` needs a terminal on stdin (a
 * usage error otherwise, pointing to `--dry-run`), and a program read from a file, not stdin.
 */
export function changeFlags(
  context: CommandContext,
  args: { "dry-run"?: boolean; approve?: boolean; file?: string },
): { dryRun?: true; approve?: Approver } {
  if (args["dry-run"] && args.approve)
    throw new UsageError(
      "--dry-run and --approve do not go together: a dry run writes nothing to approve.",
      "use --dry-run to see the diffs, or --approve to see each one and choose",
    );
  if (args["dry-run"]) return { dryRun: true };
  if (!args.approve) return {};
  const terminal = context.io.terminal;
  if (!terminal?.isTTY)
    throw new UsageError(
      "--approve asks at a terminal, and stdin is not one.",
      "use --dry-run to print the diffs without writing anything (with --json, an agent gets them as data)",
    );
  if (args.file === "-")
    throw new UsageError(
      "--approve reads your answers from the terminal, so the program cannot come from stdin.",
      "save the program to a file and pass its path",
    );
  return { approve: terminalApprover(context, terminal) };
}
