/**
 * Secret tool arguments across the isolation boundary. The child has no secret values: a tool
 * argument that is a secret marker is sent as `null` plus a `SecretArgument` naming the param
 * and field; the host, which holds the vault, puts the value in its place before it calls the
 * tool, and shows the marker in its own trace. The host refuses a secret for a tool whose spec
 * takes none (`acceptsSecrets: false`) itself, whatever the child decided. The other way, the
 * host hides every part of a tool's result that contains a secret's text (its vault holds the
 * value) and sends `null` in its place with a `HiddenSecret`; the child puts a marker there.
 */
import type { ToolSpec } from "@lackpy/lang";
import type { HiddenSecret, SecretArgument } from "./isolation-protocol.js";
import { SecretValue, refuseSecretsForTool } from "../secrets/secret-value.js";
import type { SecretVault } from "../secrets/secret-vault.js";

/** The child's side: the arguments with secrets taken out, and where they were. */
export function toSecretArguments(args: readonly unknown[]): {
  args: unknown[];
  secrets?: SecretArgument[];
} {
  const secrets: SecretArgument[] = [];
  const sent = args.map((arg, index) => {
    if (!(arg instanceof SecretValue)) return arg;
    secrets.push({
      index,
      name: arg.name,
      path: [...arg.path],
      ...(arg.held ? { held: { ...arg.held, origin: [...arg.held.origin] } } : {}),
    });
    return null;
  });
  return secrets.length ? { args: sent, secrets } : { args: sent };
}

/** The marker a secret argument stands for, as the host rebuilds it from the child's data. */
function marker(secret: SecretArgument): SecretValue {
  const held = secret.held
    ? {
        handle: Number(secret.held.handle),
        origin: (secret.held.origin ?? []).map(String),
        tool: String(secret.held.tool),
      }
    : null;
  return new SecretValue(String(secret.name), (secret.path ?? []).map(String), held);
}

/** The markers of the secret arguments, as the host shows them in a trace (`[secret:token]`). */
export function secretMarkers(
  args: readonly unknown[],
  secrets: readonly SecretArgument[] | undefined,
): unknown[] {
  if (!secrets?.length) return [...args];
  const shown = [...args];
  for (const secret of secrets) shown[secret.index] = marker(secret).display;
  return shown;
}

/** The tool a secret argument goes to, as the host knows it: its spec, and the kit's tools for the hint. */
export interface SecretTarget {
  spec: ToolSpec | undefined;
  toolNames: readonly string[];
  specOf: (name: string) => ToolSpec | undefined;
}

/**
 * The host's side: the arguments with each secret's value (from the vault) in its place; a
 * `secret_access` fault instead when `target`'s spec takes no secrets.
 */
export function revealSecretArguments(
  args: readonly unknown[],
  secrets: readonly SecretArgument[] | undefined,
  vault: SecretVault,
  target?: SecretTarget,
): unknown[] {
  if (!secrets?.length) return [...args];
  const markers = secrets.map(marker);
  if (target) refuseSecretsForTool(target.spec, markers, target.toolNames, target.specOf);
  const revealed = [...args];
  secrets.forEach((secret, position) => {
    if (!Number.isInteger(secret.index) || secret.index < 0 || secret.index >= args.length)
      throw new Error("a secret argument is out of range");
    // A copy, so a tool that changes its argument does not change the vault's value.
    revealed[secret.index] = structuredClone(vault.reveal(markers[position]));
  });
  return revealed;
}

/** The host's side of a tool's result: the result with every part that holds a secret taken out, and where they were. */
export function hideSecretResult(
  value: unknown,
  vault: SecretVault,
  tool: string,
): { value: unknown; secrets?: HiddenSecret[] } {
  const secrets: HiddenSecret[] = [];
  const hidden = vault.hide(value, tool, {
    place: (marker, at) => {
      secrets.push({
        at: [...at],
        name: marker.name,
        origin: [...(marker.held?.origin ?? [])],
        handle: marker.held?.handle ?? -1,
      });
      return null;
    },
  });
  return secrets.length ? { value: hidden, secrets } : { value: hidden };
}

/**
 * The child's side: the result with a marker at each place the host took a secret out. A place
 * that cannot be found (the host's and the child's copies disagree) fails the call.
 */
export function placeSecretMarkers(
  value: unknown,
  secrets: readonly HiddenSecret[] | undefined,
  tool: string,
): unknown {
  if (!secrets?.length) return value;
  let result = value;
  for (const secret of secrets) {
    const marker = new SecretValue(secret.name, [], {
      handle: secret.handle,
      origin: secret.origin,
      tool,
    });
    if (secret.at.length === 0) {
      result = marker;
      continue;
    }
    let parent: unknown = result;
    for (const key of secret.at.slice(0, -1)) parent = ownField(parent, key);
    const last = secret.at[secret.at.length - 1];
    if (typeof parent !== "object" || parent === null || !Object.hasOwn(parent, last))
      throw new Error("a secret's place in a tool result was not found");
    (parent as Record<string | number, unknown>)[last] = marker;
  }
  return result;
}

function ownField(value: unknown, key: string | number): unknown {
  if (typeof value !== "object" || value === null || !Object.hasOwn(value, key))
    throw new Error("a secret's place in a tool result was not found");
  return (value as Record<string | number, unknown>)[key];
}
