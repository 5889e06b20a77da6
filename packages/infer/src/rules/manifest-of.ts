/**
 * The `package.json` a request means: the root's, the one a path or folder names, a workspace
 * package by its name, or (when asked) an installed package's; read through the workspace view.
 */
import { quoted } from "./reading-text.js";
import type { RuleContext, RuleSlots } from "./rule-types.js";

export type Manifest = Readonly<Record<string, unknown>>;

/** The `package.json` a request means and what it holds, or why none. */
export async function manifestOf(
  slots: RuleSlots,
  context: RuleContext,
  installed = false,
): Promise<{ path: string; manifest: Manifest } | string> {
  const view = context.workspace;
  if (!view?.manifest) return "the rules cannot read package.json here";
  const token = slots.pkg?.[0] ?? slots.pkgFirst?.[0];
  let path = "package.json";
  if (token?.form === "F" && token.path) path = token.path;
  else if (token?.form === "D" && token.path) path = `${token.path}/package.json`;
  else if (token && token.form !== "package") {
    // A workspace package by its name ("@vitest/expect", "vitest"): the one package.json that has it.
    const named: string[] = [];
    for (const candidate of await view.files("**/package.json"))
      if ((await view.manifest(candidate))?.name === token.raw) named.push(candidate);
    if (named.length > 1 || (named.length === 0 && !installed))
      return `no one package.json is named ${quoted(token.raw)}`;
    // An installed package ("what license is lodash under"), when no workspace package has the name.
    path = named[0] ?? `node_modules/${token.raw}/package.json`;
    if (named.length === 0 && !PACKAGE_NAME.test(token.raw))
      return `${quoted(token.raw)} is not a package name`;
  }
  const manifest = await view.manifest(path);
  if (!manifest) return `${quoted(path)} is not a package.json the rules can read`;
  // "zod's dependencies" beside another package.json named: the word must be that package's name.
  const first = slots.pkgFirst?.[0];
  if (first?.form === "W" && first !== token && manifest.name !== first.raw)
    return `${quoted(first.raw)} is not the name of ${quoted(path)}`;
  return { path, manifest };
}

/** An npm package name, as an installed package's folder under `node_modules` is named. */
const PACKAGE_NAME = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/;
