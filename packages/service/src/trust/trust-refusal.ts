/**
 * Why a unit may not load or start now, or null: a unit that can never be trusted as configured,
 * the app's `trust: false`, a store inside the workspace, nothing recorded, a config other than
 * the one trusted, then the first kit or code path whose fingerprint is missing or differs
 * (named down to the file inside a folder).
 */
import { ServiceError } from "../service-error.js";
import {
  CONFIG_FILE,
  displayPath,
  relativeInside,
  type CodeContext,
  type CodePath,
  type CodeUnit,
} from "./code-unit.js";
import { changedEntry, fingerprintPath, type Fingerprint } from "./fingerprint.js";
import type { TrustRecord } from "./trust-store.js";
import type { TrustDecision } from "./trust-types.js";

/** Why a unit may not run: the error's code, message, hint and the file it names. */
export interface Refusal {
  code: "untrusted_config" | "invalid_config";
  message: string;
  /** The reason in a few words, for `lackpy status`. */
  reason: string;
  hint: string;
  file?: string;
}

/** What a refusal is decided from. */
export interface RefusalInput {
  decision: TrustDecision;
  record: TrustRecord | null;
  /** The digest of the config this process runs: the text it parsed, else the file on disk. */
  configDigest: string;
  /** The digest of that config's code-naming parts. */
  codeDigest: string;
  /** True when this process parsed the config text itself (so it may have read an earlier one). */
  readConfigText: boolean;
  /** The digest of the config file on disk now. */
  diskConfigDigest: () => string;
  /** Why the trust store cannot be trusted, if it cannot. */
  storeProblem: string | null;
  /** `lackpy trust --workspace <dir>`. */
  trustCommand: string;
  context: CodeContext;
}

/** The first reason the unit may not load or start, or null when it may. */
export function refusalOf(
  unit: CodeUnit,
  units: readonly CodeUnit[],
  input: RefusalInput,
): Refusal | null {
  if (unit.problem)
    return {
      code: "invalid_config",
      message: unit.problem.message,
      reason: unit.problem.message,
      hint: unit.problem.hint,
      file: CONFIG_FILE,
    };
  if (input.decision === true) return null;
  const subject = subjectOf(unit);
  if (input.decision === false)
    return {
      code: "untrusted_config",
      message: `${subject}: the app that opened this workspace passed trust: false, so lackpy runs nothing its config names.`,
      reason: "the app that opened the workspace passed trust: false",
      hint: 'open the service with trust: "store" (what lackpy trust recorded) or trust: true',
      file: CONFIG_FILE,
    };
  const storeProblem = input.storeProblem;
  if (storeProblem)
    return {
      code: "untrusted_config",
      message: `${subject}: ${storeProblem}`,
      reason: storeProblem,
      hint: "set XDG_STATE_HOME to a folder outside every workspace",
      file: CONFIG_FILE,
    };
  const hint = (file: string) => `review ${file}, then run: ${input.trustCommand}`;
  const record = input.record;
  if (!record)
    return {
      code: "untrusted_config",
      message: `${subject}: ${CONFIG_FILE} names code to run (${unit.where}), and nobody has trusted this workspace yet; lackpy runs nothing a workspace's config names until a person trusts it.`,
      reason: "not trusted yet",
      hint: `review ${CONFIG_FILE} and the code it names, then run: ${input.trustCommand}`,
      file: CONFIG_FILE,
    };
  if (record.configDigest !== input.configDigest || record.codeDigest !== input.codeDigest) {
    const loadedEarlier = input.readConfigText && record.configDigest === input.diskConfigDigest();
    return loadedEarlier
      ? {
          code: "untrusted_config",
          message: `${subject}: this process read ${CONFIG_FILE} before its current version was trusted.`,
          reason: `this process read ${CONFIG_FILE} before its current version was trusted: start it again`,
          hint: "start lackpy again (for an MCP client: restart lackpy mcp serve) to load the trusted config",
          file: CONFIG_FILE,
        }
      : {
          code: "untrusted_config",
          message: `${subject}: ${CONFIG_FILE} changed since the workspace was trusted.`,
          reason: `${CONFIG_FILE} changed since the workspace was trusted`,
          hint: hint(CONFIG_FILE),
          file: CONFIG_FILE,
        };
  }
  const kits = units.find((candidate) => candidate.kind === "kits");
  const paths =
    unit.kind === "config" ? [] : [...(kits && unit !== kits ? kits.paths : []), ...unit.paths];
  const context = input.context;
  for (const entry of paths) {
    const recorded = record.fingerprints[pathKey(entry, context)];
    const shown = displayPath(entry.absolute, entry.scope, context);
    if (!recorded)
      return {
        code: "untrusted_config",
        message: `${subject}: ${shown} (${entry.why}) was not part of what was trusted.`,
        reason: `${shown} was not part of what was trusted`,
        hint: hint(shown),
        file: shown,
      };
    let current: Fingerprint;
    try {
      current = fingerprintPath(entry.absolute, entry.scope);
    } catch (error) {
      const problem = error as ServiceError;
      return {
        code: "invalid_config",
        message: `${subject}: ${problem.message}`,
        reason: problem.message,
        hint: problem.hint ?? hint(shown),
        file: shown,
      };
    }
    const changed = changedEntry(recorded, current);
    if (changed === null) continue;
    const file = changed === "" ? shown : `${shown.replace(/\/$/, "")}/${changed}`;
    const verb = changeVerb(
      changed === "" ? recorded.digest : recorded.entries?.[changed],
      changed === "" ? current.digest : current.entries?.[changed],
    );
    return {
      code: "untrusted_config",
      message: `${subject}: ${file} ${verb} since the workspace was trusted (${changed === "" ? "" : "in "}${entry.why}).`,
      reason: `${file} ${verb} since the workspace was trusted`,
      hint: hint(file),
      file,
    };
  }
  return null;
}

/** The record's key of a path: its scope and its workspace-relative (else absolute) path. */
export function pathKey(entry: CodePath, context: CodeContext): string {
  const relative = relativeInside(entry.absolute, context);
  return `${entry.scope}:${relative ?? entry.absolute}`;
}

function subjectOf(unit: CodeUnit): string {
  switch (unit.kind) {
    case "module_tool":
      return `Tool '${unit.name}' was not loaded`;
    case "stdio_server":
      return `MCP server '${unit.name}' was not started`;
    case "http_server":
      return `MCP server '${unit.name}' was not connected (it would receive tool arguments)`;
    case "config":
      return "The config is not trusted";
    case "kits":
      return "The kits are not trusted";
    case "file_opening":
      return `The hidden paths ${unit.where} opens stay closed (${unit.summary})`;
    case "model_provider":
      return `Provider '${unit.name}' was not used (it would receive your requests${unit.apiKeyEnv ? ` and the value of $${unit.apiKeyEnv}` : ""}, at ${unit.url})`;
  }
}

function changeVerb(before: string | undefined, after: string | undefined): string {
  if (before === undefined || before === "absent") return "was created";
  if (after === undefined || after === "absent") return "was removed";
  return "changed";
}
