/**
 * What the rules tier may ask of a workspace to ground a request: whether a path is a file or a
 * folder, which files a glob matches, and what a `package.json` says. Read-only and bounded; `createWorkspaceView` (Node
 * entry) answers it with the file tools' own checks, so protected paths are never there.
 */
export interface WorkspaceView {
  /** `"file"` or `"folder"` for a workspace-relative path the file tools may read; null when it is missing, protected or outside. */
  kind(path: string): Promise<"file" | "folder" | null>;
  /** The files `find_files(glob)` would list, sorted; `[]` when none match, the glob is refused, or more than the find limit match. */
  files(glob: string): Promise<readonly string[]>;
  /**
   * The parsed `package.json` at a workspace-relative path (a file named `package.json`), or
   * null when it is missing, protected, not an object or not JSON: a request's package, field,
   * script and dependency names are grounded in it.
   */
  manifest?(path: string): Promise<Readonly<Record<string, unknown>> | null>;
}
