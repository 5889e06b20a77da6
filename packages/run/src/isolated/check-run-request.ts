/**
 * What an isolated child checks of a `run` message before it compiles anything (decision 155).
 * Its only sender is its own host, over the IPC channel the host opened, so the checks are the
 * cheap ones that keep a host's mistake from becoming a child's fault: the fields have their
 * types, the limits are limits (`resolveLimits`), and the program's tree reads and passes
 * `checkProgramTree` (once per program: the child keeps what it checked by the host's key). A
 * message that fails is refused with `invalid_program`.
 */
import { deserialize } from "node:v8";
import type { Node, ToolSpec } from "@lackpy/lang";
import { checkProgramTree } from "./check-program-tree.js";
import type { RunRequest } from "./isolation-protocol.js";
import { resolveLimits } from "../limits.js";
import type { ProgramTree } from "../run-tree.js";
import type { RunErrorValue } from "../run-error.js";

/** A run message the child may run, with its program's tree and tool specs, or why it may not. */
export type CheckedRequest =
  { request: RunRequest; tree: ProgramTree; specs: ToolSpec[] } | { error: RunErrorValue };

const isTexts = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The first field of `message` that is not what a run request holds, or null. */
function wrongField(message: Record<string, unknown>): string | null {
  if (!isRecord(message.program)) return "program";
  if (!Number.isSafeInteger(message.program.key)) return "program.key";
  if (!(message.program.tree instanceof Uint8Array)) return "program.tree";
  if (!isTexts(message.program.cells)) return "program.cells";
  if (!isTexts(message.toolNames)) return "toolNames";
  if (!isRecord(message.toolSpecs)) return "toolSpecs";
  if (!Number.isSafeInteger(message.toolSpecs.key)) return "toolSpecs.key";
  if (!(message.toolSpecs.specs instanceof Uint8Array)) return "toolSpecs.specs";
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

/** What a child has kept of its host's runs, by the host's keys: checked trees and read specs. */
export interface KeptByKey {
  tree(key: number): ProgramTree | undefined;
  specs(key: number): ToolSpec[] | undefined;
}

const KEPT_NOTHING: KeptByKey = { tree: () => undefined, specs: () => undefined };

/**
 * Checks a `run` message's fields, limits, tool specs and program tree; for a program whose key
 * is `kept` (the child checked its tree before) that tree is taken, and the bytes sent are not
 * read again; so are the specs of a kept specs key. Never throws.
 */
export function checkRunRequest(
  message: Record<string, unknown>,
  kept: KeptByKey = KEPT_NOTHING,
): CheckedRequest {
  const field = wrongField(message);
  if (field !== null) return refused(`a run request whose '${field}' is not what it should be`);
  try {
    resolveLimits(message.limits as Record<string, number>);
  } catch (error) {
    return refused(`limits that are not limits (${(error as Error).message})`);
  }
  const request = message as unknown as RunRequest;
  const specs = kept.specs(request.toolSpecs.key) ?? readSpecs(request.toolSpecs.specs);
  if (!specs) return refused("tool specs it could not read");
  const tree = kept.tree(request.program.key);
  if (tree) return { request, tree, specs };
  let ast: unknown;
  try {
    ast = deserialize(request.program.tree);
  } catch {
    return refused("a program tree it could not read");
  }
  const wrong = checkProgramTree(ast);
  if (wrong !== null) return refused(`a program tree with ${wrong}`);
  return { request, tree: { ast: ast as Node, names: { cells: request.program.cells } }, specs };
}

/** The specs serialized bytes hold: a list of records, or null. */
function readSpecs(bytes: Uint8Array): ToolSpec[] | null {
  let specs: unknown;
  try {
    specs = deserialize(bytes);
  } catch {
    return null;
  }
  return Array.isArray(specs) && specs.every(isRecord) ? (specs as unknown as ToolSpec[]) : null;
}
