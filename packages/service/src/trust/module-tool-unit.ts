/**
 * The unit of a `[tools.<name>]` module tool: its module as Node resolves it from the workspace
 * (a path, a `file:` URL, a package in `node_modules`, or the workspace's own package through
 * `package.json`), with the paths it loads from.
 */
import { statSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ModuleToolConfig } from "../config/config-types.js";
import { addManifest, addPath, addScript } from "./code-paths.js";
import { CONFIG_FILE, relativeInside, type CodeContext, type CodeUnit } from "./code-unit.js";

/** The unit of a `[tools.<name>]` module tool. */
export async function moduleToolUnit(
  name: string,
  tool: ModuleToolConfig,
  context: CodeContext,
): Promise<CodeUnit> {
  const where = `[tools.${name}] in ${CONFIG_FILE}`;
  const unit: CodeUnit = {
    kind: "module_tool",
    name,
    where,
    summary: `${tool.module} (export ${tool.export})`,
    paths: [],
    module: { module: tool.module, export: tool.export },
  };
  const specifier = tool.module.trim();
  // A Node builtin (`node:fs`) is part of the runtime: the config names it, nothing on disk.
  if (isBuiltin(specifier)) return unit;
  const role = {
    role: "the module",
    subject: `tool '${name}' (${where})`,
    hint: moveHint(name, specifier),
  };
  if (specifier === "") return unit;
  if (specifier.startsWith("file:") || specifier.startsWith(".") || path.isAbsolute(specifier)) {
    const file = specifier.startsWith("file:")
      ? filePath(specifier)
      : path.resolve(context.workspace, specifier);
    if (file !== null) await addScript(unit, file, role, context);
    return unit;
  }
  // A bare name: the package as Node looks it up from the workspace.
  const packageName = packageNameOf(specifier);
  let resolved: string;
  try {
    resolved = createRequire(path.join(context.workspace, "noop.js")).resolve(specifier);
  } catch {
    if (packageName)
      addPath(
        unit,
        path.join(context.workspace, "node_modules", packageName),
        "folder",
        `the package of tool '${name}' (${where}), not installed`,
        context,
      );
    addManifest(
      unit,
      path.join(context.workspace, "package.json"),
      `where the package of tool '${name}' is looked up`,
    );
    return unit;
  }
  const folder = packageName ? packageFolder(resolved, packageName) : null;
  if (folder) {
    const inside = relativeInside(folder, context) !== null;
    addPath(
      unit,
      inside ? folder : resolved,
      inside ? "folder" : "file",
      `the package of tool '${name}' (${where})`,
      context,
    );
    return unit;
  }
  // Resolved through a package.json (`imports`, or the workspace naming itself).
  await addScript(unit, resolved, role, context);
  const manifest = nearestPackageJson(resolved);
  if (manifest) addManifest(unit, manifest, `where the package of tool '${name}' is looked up`);
  return unit;
}

function moveHint(name: string, specifier: string): string {
  const file = path.basename(specifier);
  return `move ${file} into a folder of its own (e.g. tools/${file}) and set module = "./tools/${file}" under [tools.${name}] in ${CONFIG_FILE}`;
}

/** `@scope/name` or `name` of a bare specifier such as `@scope/name/sub`, or null for `#imports` and the like. */
function packageNameOf(specifier: string): string | null {
  const parts = specifier.split("/");
  if (specifier.startsWith("@")) return parts.length >= 2 ? `${parts[0]}/${parts[1]}` : null;
  return /^[A-Za-z0-9_.~-]+$/.test(parts[0]) ? parts[0] : null;
}

/** The folder `…/node_modules/<name>` a resolved file lies in (the last one: pnpm nests them), or null. */
function packageFolder(resolved: string, packageName: string): string | null {
  const segments = resolved.split(path.sep);
  const nameSegments = packageName.split("/");
  for (let index = segments.length - nameSegments.length - 1; index >= 0; index--) {
    if (segments[index] !== "node_modules") continue;
    const candidate = segments.slice(index + 1, index + 1 + nameSegments.length);
    if (candidate.join("/") === packageName)
      return segments.slice(0, index + 1 + nameSegments.length).join(path.sep);
  }
  return null;
}

/** The closest `package.json` above a file, or null. */
function nearestPackageJson(file: string): string | null {
  for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, "package.json");
    if (statSync(manifest, { throwIfNoEntry: false })?.isFile()) return manifest;
    if (path.dirname(folder) === folder) return null;
  }
}

function filePath(url: string): string | null {
  try {
    return fileURLToPath(url);
  } catch {
    return null;
  }
}
