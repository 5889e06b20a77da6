/**
 * The `find_files` call for a glob. Under `node_modules`, which a request names outright, the
 * `.gitignore` files of installed packages are not applied: they describe the packages' own
 * repositories, and every file under `node_modules` is one the person asked about.
 */
export function findCall(pattern: string, variable = "pattern"): string {
  return underNodeModules(pattern)
    ? `find_files(${variable}, { include_ignored: true })`
    : `find_files(${variable})`;
}

/** True when a glob looks under a `node_modules` folder it names. */
export function underNodeModules(pattern: string): boolean {
  return /(?:^|\/)node_modules\//.test(pattern);
}
