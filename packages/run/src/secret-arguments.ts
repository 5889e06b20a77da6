/**
 * Secret tool arguments across the isolation boundary. The child has no secret values: a tool
 * argument that is a secret marker is sent as `null` plus a `SecretArgument` naming the param
 * and field; the host, which holds the vault, puts the value in its place before it calls the
 * tool, and shows the marker in its own trace.
 */
import type { SecretArgument } from "./isolation-protocol.js";
import { SecretValue } from "./secret-value.js";
import type { SecretVault } from "./secret-vault.js";

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

/** The host's side: the arguments with each secret's value (from the vault) in its place. */
export function revealSecretArguments(
  args: readonly unknown[],
  secrets: readonly SecretArgument[] | undefined,
  vault: SecretVault,
): unknown[] {
  if (!secrets?.length) return [...args];
  const revealed = [...args];
  for (const secret of secrets) {
    if (!Number.isInteger(secret.index) || secret.index < 0 || secret.index >= args.length)
      throw new Error("a secret argument is out of range");
    const value = vault.reveal(new SecretValue(String(secret.name), secret.path.map(String)));
    // A copy, so a tool that changes its argument does not change the vault's value.
    revealed[secret.index] = structuredClone(value);
  }
  return revealed;
}
