/**
 * What the rules tier may ask of a workspace to ground a request: whether a path is a file or a
 * folder, and which files a glob matches. Read-only and bounded; `createWorkspaceView` (Node
 * entry) answers it with the file tools' own checks, so protected paths are never there.
 */
export interface WorkspaceView {
  /** `"file"` or `"folder"` for a workspace-relative path the file tools may read; null when it is missing, protected or outside. */
  kind(path: string): Promise<"file" | "folder" | null>;
  /** The files `find_files(glob)` would list, sorted; `[]` when none match, the glob is refused, or more than the find limit match. */
  files(glob: string): Promise<readonly string[]>;
}
