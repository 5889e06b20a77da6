/**
 * Secret tool arguments across the isolation boundary. The child has no secret values: a tool
 * argument that is a secret marker is sent as `null` plus a `SecretArgument` naming the param
 * and field; the host, which holds the vault, puts the value in its place before it calls the
 * tool, and shows the marker in its own trace. The host refuses a secret for a tool whose spec
 * takes none (`acceptsSecrets: false`) itself, whatever the child decided.
 */
import type { ToolSpec } from "@lackpy/lang";
import type { SecretArgument } from "./isolation-protocol.js";
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
    secrets.push({ index, name: arg.name, path: [...arg.path] });
    return null;
  });
  return secrets.length ? { args: sent, secrets } : { args: sent };
}

/** The markers of the secret arguments, as the host shows them in a trace (`[secret:token]`). */
export function secretMarkers(
  args: readonly unknown[],
  secrets: readonly SecretArgument[] | undefined,
): unknown[] {
  if (!secrets?.length) return [...args];
  const shown = [...args];
  for (const secret of secrets)
    shown[secret.index] = new SecretValue(secret.name, secret.path).display;
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
  const markers = secrets.map(
    (secret) => new SecretValue(String(secret.name), secret.path.map(String)),
  );
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
