/**
 * How a unit's paths are gathered: a script or module inside the workspace is its whole folder
 * (refused when that folder is the workspace root or `.lackpy/`), one outside it the file
 * alone, then the files it imports by relative path outside that folder; manifests are only
 * fingerprinted.
 */
import { statSync } from "node:fs";
import path from "node:path";
import type { CodeScope } from "./fingerprint.js";
import { followRelativeImports } from "./follow-relative-imports.js";
import { relativeInside, type CodeContext, type CodeUnit } from "./code-unit.js";

/** A script or module as messages name it: `its module` of `tool 'x' ([tools.x] in …)`, and the fix when it cannot be trusted. */
export interface ScriptRole {
  role: string;
  subject: string;
  hint: string;
  /** The path is a folder whatever is there now (a working folder, a search path entry). */
  folder?: boolean;
}

/**
 * Adds a script or module: inside the workspace, its whole folder (a folder named as the
 * script: that folder), refused when the folder is the workspace root or `.lackpy`; outside,
 * the file alone. Then the files it imports by relative path outside that folder.
 */
export async function addScript(
  unit: CodeUnit,
  absolute: string,
  script: ScriptRole,
  context: CodeContext,
): Promise<void> {
  const why = `${script.role} of ${script.subject}`;
  const info = statSync(absolute, { throwIfNoEntry: false });
  const relative = relativeInside(absolute, context);
  let folder: string | null = null;
  if (relative === null) {
    addPath(unit, absolute, info?.isDirectory() ? "folder" : "file", why, context);
  } else {
    const isFolder = info?.isDirectory() === true || script.folder === true;
    folder = isFolder ? absolute : path.dirname(absolute);
    const folderRelative = relativeInside(folder, context);
    const place =
      folderRelative === null || folderRelative === ""
        ? "the workspace root"
        : folderRelative.toLowerCase() === ".lackpy"
          ? ".lackpy/"
          : null;
    if (place !== null) {
      unit.problem ??= {
        message: `${capitalise(script.subject)}: ${script.role} ${relative === "" ? "is the workspace root" : `'${relative}' lies in ${place}`}; lackpy keeps the whole folder of the code it runs out of programs' reach, and cannot do that for ${place}.`,
        hint: script.hint,
      };
      addPath(unit, absolute, "file", why, context);
      folder = null;
    } else {
      addPath(unit, folder, "folder", isFolder ? why : `the folder of ${why}`, context);
    }
  }
  if (info?.isFile())
    for (const imported of await followRelativeImports(absolute))
      if (folder === null || !isUnder(imported, folder))
        addPath(unit, imported, "file", `a module imported by ${why}`, context);
}

/** Adds a path once; it is protected when it lies in the workspace. */
export function addPath(
  unit: CodeUnit,
  absolute: string,
  scope: CodeScope,
  why: string,
  context: CodeContext,
): void {
  if (unit.paths.some((entry) => entry.absolute === absolute && entry.scope === scope)) return;
  unit.paths.push({ absolute, scope, protect: relativeInside(absolute, context) !== null, why });
}

/** Adds a file that changes what is loaded: fingerprinted, never protected. */
export function addManifest(unit: CodeUnit, absolute: string, why: string): void {
  if (unit.paths.some((entry) => entry.absolute === absolute)) return;
  unit.paths.push({ absolute, scope: "file", protect: false, why });
}

/** The folder and each one above it, up to and including the workspace root; none outside it. */
export function foldersUpToRoot(folder: string, context: CodeContext): string[] {
  const folders: string[] = [];
  for (
    let current = folder;
    relativeInside(current, context) !== null;
    current = path.dirname(current)
  ) {
    folders.push(current);
    if (relativeInside(current, context) === "") break;
  }
  return folders;
}

function isUnder(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== "" && !path.isAbsolute(relative) && relative.split(path.sep)[0] !== "..";
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
