import type { ArgsDef } from "citty";
import { parseParams, repeatedFlag } from "./parse-flags.js";

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
