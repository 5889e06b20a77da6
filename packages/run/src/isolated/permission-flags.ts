/**
 * The flags that start a child under Node's permission model, on this Node. Asking Node
 * (`process.allowedNodeEnvironmentFlags`) builds a set of every option it has: about 2 ms and a
 * hundred fresh pages, once per isolated run of a one-shot CLI. The Node versions whose flags are
 * known are answered from their version; any other is asked, so a Node this table does not know
 * never gets a flag it lacks.
 */

/** The permission model's flag (null on a Node without one), and whether `--disable-warning` exists. */
export interface PermissionFlags {
  readonly flag: "--permission" | "--experimental-permission" | null;
  readonly disableWarning: boolean;
}

/** The flags of the Node versions known here by major version: `--disable-warning` from its minor. */
const KNOWN: Readonly<
  Record<number, { flag: PermissionFlags["flag"]; disableWarningFrom: number }>
> = {
  // --experimental-permission from 20.0.0; --disable-warning from 20.11.0 and 21.3.0.
  20: { flag: "--experimental-permission", disableWarningFrom: 11 },
  21: { flag: "--experimental-permission", disableWarningFrom: 3 },
  // --permission (stable) in every 24.x.
  24: { flag: "--permission", disableWarningFrom: 0 },
};

/** The permission flags of Node `version` (`process.versions.node`), asking `allowed` when the version is not known here. */
export function permissionFlags(
  version: string,
  allowed: () => ReadonlySet<string>,
): PermissionFlags {
  const [major, minor] = version.split(".").map(Number);
  const known = KNOWN[major ?? -1];
  if (known && Number.isInteger(minor))
    return { flag: known.flag, disableWarning: minor! >= known.disableWarningFrom };
  const flags = allowed();
  return {
    flag: flags.has("--permission")
      ? "--permission"
      : flags.has("--experimental-permission")
        ? "--experimental-permission"
        : null,
    disableWarning: flags.has("--disable-warning"),
  };
}

let current: PermissionFlags | undefined;

/** The permission flags of this Node, found once per process. */
export function nodePermissionFlags(): PermissionFlags {
  return (current ??= permissionFlags(
    process.versions.node,
    () => process.allowedNodeEnvironmentFlags,
  ));
}
