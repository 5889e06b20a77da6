/**
 * What an isolated child checks of a `run` message before it compiles anything (decision 155).
 * Its only sender is its own host, over the IPC channel the host opened, so the checks are the
 * cheap ones that keep a host's mistake from becoming a child's fault: the fields have their
 * types, the limits are limits (`resolveLimits`), and the program's tree passes
 * `checkProgramTree`. A message that fails is refused with `invalid_program`.
 */
import { checkProgramTree } from "./check-program-tree.js";
import type { RunRequest } from "./isolation-protocol.js";
import { resolveLimits } from "../limits.js";
import type { RunErrorValue } from "../run-error.js";

/** A run message the child may run, or why it may not. */
export type CheckedRequest = { request: RunRequest } | { error: RunErrorValue };

const isTexts = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The first field of `message` that is not what a run request holds, or null. */
function wrongField(message: Record<string, unknown>): string | null {
  if (!isRecord(message.program)) return "program";
  if (!isTexts(message.program.cells)) return "program.cells";
  if (!isTexts(message.toolNames)) return "toolNames";
  if (!Array.isArray(message.toolSpecs) || !message.toolSpecs.every(isRecord)) return "toolSpecs";
  if (!isRecord(message.params)) return "params";
  if (!isTexts(message.secretParams)) return "secretParams";
  if (!isRecord(message.limits)) return "limits";
  if (typeof message.elapsedMs !== "number" || !(message.elapsedMs >= 0)) return "elapsedMs";
  if (message.childTools !== undefined && !Array.isArray(message.childTools)) return "childTools";
  return null;
}

function refused(what: string): { error: RunErrorValue } {
  return {
    error: {
      code: "invalid_program",
      message: `The isolated run was refused: its host sent ${what}.`,
      hint: "this is a fault in lackpy, not in the program: run it again, or run it in-process",
    },
  };
}

/** Checks a `run` message's fields, limits and program tree. Never throws. */
export function checkRunRequest(message: Record<string, unknown>): CheckedRequest {
  const field = wrongField(message);
  if (field !== null) return refused(`a run request whose '${field}' is not what it should be`);
  try {
    resolveLimits(message.limits as Record<string, number>);
  } catch (error) {
    return refused(`limits that are not limits (${(error as Error).message})`);
  }
  const wrong = checkProgramTree((message.program as Record<string, unknown>).ast);
  if (wrong !== null) return refused(`a program tree with ${wrong}`);
  return { request: message as unknown as RunRequest };
}
