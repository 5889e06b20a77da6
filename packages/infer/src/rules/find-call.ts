/**
 * The `find_files` call for a glob. Under `node_modules`, which a request names outright, the
 * `.gitignore` files of installed packages are not applied: they describe the packages' own
 * repositories, and every file under `node_modules` is one the person asked about. With
 * `names: true` the answer is the files' names alone (a list, a count), so hidden names are
 * listed too (`{ hidden: true }`), as `find` and `git ls-files` list them; a rule that reads the
 * files leaves it out, since hidden files stay closed to `read_file`.
 */
export function findCall(
  pattern: string,
  variable = "pattern",
  options: { names?: boolean } = {},
): string {
  const given = [
    ...(underNodeModules(pattern) ? ["include_ignored: true"] : []),
    ...(options.names ? ["hidden: true"] : []),
  ];
  return given.length > 0
    ? `find_files(${variable}, { ${given.join(", ")} })`
    : `find_files(${variable})`;
}

/** True when a glob looks under a `node_modules` folder it names. */
export function underNodeModules(pattern: string): boolean {
  return /(?:^|\/)node_modules\//.test(pattern);
}
