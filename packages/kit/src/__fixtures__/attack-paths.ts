/** Paths a program might use to leave the workspace; every file tool must refuse each one. */
export interface AttackPath {
  /** The path as the program passes it. */
  path: string;
  /** What the attack tries. */
  attack: string;
  /** The `ToolError` code of the refusal. */
  code: "path_outside_root" | "invalid_path";
}

/**
 * The attack table. Rows that name `link-out.txt`, `dir-out`, `dangling.txt` and `chain.txt`
 * rely on symlinks the test creates in a temporary workspace (see `files/create-file-tools.test.ts`).
 */
export const ATTACK_PATHS: readonly AttackPath[] = [
  { path: "/etc/passwd", attack: "absolute path", code: "path_outside_root" },
  { path: "/tmp", attack: "absolute folder", code: "path_outside_root" },
  { path: "//etc/passwd", attack: "double-slash absolute path", code: "path_outside_root" },
  { path: "..", attack: "parent of the root", code: "path_outside_root" },
  { path: "../", attack: "parent with a trailing slash", code: "path_outside_root" },
  { path: "../secret.txt", attack: "sibling of the root", code: "path_outside_root" },
  { path: "../../etc/passwd", attack: "two levels up", code: "path_outside_root" },
  { path: "./../x", attack: "dot then parent", code: "path_outside_root" },
  { path: "a/../../x", attack: "down then further up", code: "path_outside_root" },
  { path: "src/../../secret.txt", attack: "existing folder then up", code: "path_outside_root" },
  { path: "src/nested/../../../x", attack: "deep down then up", code: "path_outside_root" },
  { path: "src/./../../x", attack: "dot segment then up", code: "path_outside_root" },
  { path: "..\\..\\windows", attack: "backslash parents", code: "path_outside_root" },
  { path: "src\\..\\..\\x", attack: "backslash down then up", code: "path_outside_root" },
  { path: "\\etc\\passwd", attack: "backslash absolute path", code: "path_outside_root" },
  { path: "C:\\Windows\\system.ini", attack: "Windows drive path", code: "path_outside_root" },
  { path: "C:/Windows", attack: "Windows drive with slash", code: "path_outside_root" },
  { path: "~/.ssh/id_rsa", attack: "home directory", code: "path_outside_root" },
  { path: "link-out.txt", attack: "symlink to a file outside", code: "path_outside_root" },
  { path: "chain.txt", attack: "symlink to a symlink outside", code: "path_outside_root" },
  { path: "dir-out", attack: "symlink to a folder outside", code: "path_outside_root" },
  { path: "dir-out/secret.txt", attack: "file in a symlinked folder", code: "path_outside_root" },
  { path: "dir-out/new.txt", attack: "new file in a symlinked folder", code: "path_outside_root" },
  { path: "dir-out/deep/new.txt", attack: "new folder in a symlinked folder", code: "path_outside_root" },
  { path: "dangling.txt", attack: "dangling symlink to outside", code: "path_outside_root" },
  { path: "src/\0.ts", attack: "NUL byte", code: "invalid_path" },
  { path: "\0/etc/passwd", attack: "leading NUL byte", code: "invalid_path" },
  { path: "", attack: "empty path", code: "invalid_path" },
  { path: "   ", attack: "blank path", code: "invalid_path" },
];
